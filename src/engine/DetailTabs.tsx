import { useState } from 'react';
import { Tabs } from 'antd';
import { useRequest } from 'ahooks';
import { DataTable } from './DataTable.tsx';
import { RESOURCES } from './catalogue.ts';
import { columnValue, renderCell, withStates } from './cells.tsx';
import { call } from './data.ts';
import { usePermission } from './permissions.tsx';
import type { Row } from './actions.tsx';
import type { ChildListTab, TabsSection } from '../shared/schemaTypes.ts';

/** One child list: the child resource's own list call filtered to this record, paged. */
function ChildList({ tab, record }: { tab: ChildListTab; record: Row }) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: tab.pageSize ?? 10 });
  const { data, loading } = useRequest(() => call<{ records: Row[]; total: number }>(`${tab.resource}.list`, { ...page, filters: { [tab.by]: record.id } }), { refreshDeps: [record, page] });
  return (
    <DataTable<Row>
      rowKey={(r) => String(r.id)}
      size="small"
      loading={loading}
      dataSource={data?.data?.records ?? []}
      pagination={{ current: page.pageNum, pageSize: page.pageSize, total: data?.data?.total ?? 0, showTotal: (total) => `共 ${total} 条`, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
      columns={tab.columns.map((c) => ({ key: c.field, title: c.title, width: c.width, render: (_: unknown, r: Row) => renderCell(withStates(c, tab.resource), columnValue(c, r)) }))}
    />
  );
}

/**
 * A detail page's card of tabs: child lists (hidden without the child's view permission) and
 * sub-tables, each drawn only when its tab is opened.
 */
export function DetailTabs({ section, record, renderTable }: { section: TabsSection; record: Row; renderTable: (table: Extract<TabsSection['tabs'][number], { table: unknown }>['table']) => React.ReactNode }) {
  const allowed = usePermission();
  const tabs = section.tabs.filter((t) => 'table' in t || allowed(RESOURCES.get(t.resource)?.permissions.view));
  return (
    <Tabs
      destroyInactiveTabPane
      items={tabs.map((t) => ({ key: t.title, label: t.title, children: 'table' in t ? renderTable(t.table) : <ChildList tab={t} record={record} /> }))}
    />
  );
}
