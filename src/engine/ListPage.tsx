import { Card, Empty, Space, Table, Tree, Typography, message } from 'antd';
import type { TableProps } from 'antd';
import { useRequest } from 'ahooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ActionButton, expandAction, type ActionContext, type Row } from './actions.tsx';
import { EnableSwitch, readField, renderCell, withStates } from './cells.tsx';
import { call, forgetDictionaries, type Page } from './data.ts';
import { FormContainer, type OpenForm } from './FormContainer.tsx';
import { FilterCard } from './FilterCard.tsx';
import { usePermission } from './permissions.tsx';
import type { ListPage as ListSchema, TreeSide } from './schemaTypes.ts';
import { onPushMessage } from '../push/events.ts';

/** Reloads on push notices: all of them, or those of the listed types. */
function useRefreshOnPush(types: boolean | string[] | undefined, reload: () => void) {
  const key = JSON.stringify(types ?? false);
  useEffect(() => {
    const wanted = JSON.parse(key) as boolean | string[];
    if (!wanted) return undefined;
    return onPushMessage((m) => {
      if (wanted === true || wanted.includes(String(m.pushParams?.type ?? m.type))) reload();
    });
  }, [key, reload]);
}

function TreePanel({ tree, selected, onSelect, ctx, version }: { tree: TreeSide; selected: Row | null; onSelect: (node: Row | null) => void; ctx: ActionContext; version: number }) {
  const { data } = useRequest(() => call<Page<Row>>(`${tree.resource}.list`, { pageSize: 200 }), { refreshDeps: [version] });
  const treeData = useMemo(() => {
    const nodes = data?.data?.records ?? [];
    const toNode = (r: Row) => ({ key: String(r.id), title: String(r[tree.labelField] ?? ''), record: r });
    if (!tree.parentField) return nodes.map((r) => ({ ...toNode(r), isLeaf: true }));
    const byParent = new Map<unknown, Row[]>();
    for (const r of nodes) byParent.set(r[tree.parentField] ?? null, [...(byParent.get(r[tree.parentField] ?? null) ?? []), r]);
    const build = (parent: unknown): object[] => (byParent.get(parent) ?? []).map((r) => ({ ...toNode(r), children: build(r.id) }));
    return build(null);
  }, [data, tree.labelField, tree.parentField]);
  const nodeCtx: ActionContext = { ...ctx, node: selected ?? undefined };
  return (
    <Card size="small" title={tree.title} style={{ width: 260, flex: 'none' }} styles={{ body: { padding: 8 } }}>
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        {(tree.actions ?? []).map((a) => {
          const needsNode = JSON.stringify(a).includes('"$node"') && a.type !== 'form';
          const editsNode = a.type === 'form' && a.id !== undefined;
          return <ActionButton key={a.label} action={a} ctx={nodeCtx} link disabled={(needsNode || editsNode) && !selected} />;
        })}
      </Space>
      {treeData.length ? (
        <Tree
          blockNode
          treeData={treeData as never}
          selectedKeys={selected ? [String(selected.id)] : []}
          onSelect={(_, info) => onSelect(info.selected ? ((info.node as unknown as { record: Row }).record ?? null) : null)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      )}
    </Card>
  );
}

/**
 * A list page: filter form (Formily, grid of span 6), toolbar, table with typed cells,
 * pagination, sorting, row selection with batch actions, row actions, enable switches,
 * import and export, and optionally a tree beside it. All state belongs to this page
 * instance, so two screens never share it and keepAlive keeps it.
 */
export default function ListPage({ page }: { page: ListSchema }) {
  const can = usePermission();
  const [query] = useSearchParams();
  const [filters, setFilters] = useState<Row>({});
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(page.pageSize ?? 10);
  const [sorter, setSorter] = useState<{ field?: string; order?: 'ascend' | 'descend' }>({});
  const [selected, setSelected] = useState<Row[]>([]);
  const [node, setNode] = useState<Row | null>(null);
  const [form, setForm] = useState<OpenForm | null>(null);
  // Bumped after every change, so the table and the tree load again.
  const [version, setVersion] = useState(0);

  const allFilters = useMemo(
    () => ({ ...(page.tree && node ? { ...filters, [page.tree.filterField]: node.id } : filters), ...page.fixedFilters }),
    [filters, node, page.tree, page.fixedFilters],
  );
  const { data, loading } = useRequest(
    () =>
      call<Page<Row>>(`${page.resource}.list`, {
        pageNum,
        pageSize,
        sortField: sorter.order ? sorter.field : undefined,
        sortOrder: sorter.order,
        filters: allFilters,
      }),
    { refreshDeps: [pageNum, pageSize, sorter, allFilters, version] },
  );
  const result = data?.data;
  if (data && data.status !== '200' && !loading) message.error({ content: data.message, key: `list-${page.route}` });

  const reload = useCallback(() => {
    setSelected([]);
    setVersion((v) => v + 1);
  }, []);
  useRefreshOnPush(page.refreshOnPush, reload);

  const ctx: ActionContext = {
    query: Object.fromEntries(query.entries()),
    selected,
    node: node ?? undefined,
    filters: allFilters,
    resource: page.resource,
    reload,
    openForm: (action, id, initialValues) => setForm({ action, id, initialValues }),
  };

  async function toggle(row: Row, enabled: 0 | 1): Promise<boolean> {
    const res = await call(`${page.resource}.enable`, { id: row.id, enabled });
    if (res.status !== '200') {
      message.error(res.message);
      return true;
    }
    message.success(res.message);
    if (page.resource.startsWith('dict_')) forgetDictionaries();
    reload();
    return true;
  }

  const columns: TableProps<Row>['columns'] = page.columns
    .filter((c) => c.cell === 'enableSwitch' || !c.btnCode || can(c.btnCode))
    .map((c) => ({
      key: c.field,
      dataIndex: c.field.split('.'),
      title: c.title,
      width: c.width,
      fixed: c.fixed,
      ellipsis: c.ellipsis,
      sorter: c.sortable,
      sortOrder: sorter.field === c.field ? sorter.order : null,
      render: (_: unknown, row: Row) =>
        c.cell === 'enableSwitch' ? (
          <EnableSwitch value={readField(row, c.field)} editable={can(c.btnCode)} onToggle={(enabled) => toggle(row, enabled)} />
        ) : (
          renderCell(withStates(c, page.resource), readField(row, c.field))
        ),
    }));
  const rowActions = (page.rowActions ?? []).map((a) => expandAction(a, page.resource));
  if (rowActions.some((a) => can(a.btnCode))) {
    columns.push({
      key: '__actions',
      title: '操作',
      fixed: 'right',
      width: Math.max(120, rowActions.length * 64),
      render: (_: unknown, row: Row) => (
        <Space size={0}>
          {rowActions.map((a) => (
            <ActionButton key={a.label} action={a} ctx={{ ...ctx, row }} link />
          ))}
        </Space>
      ),
    });
  }
  const batch = (page.batchActions ?? []).map((a) => expandAction(a, page.resource)).filter((a) => can(a.btnCode));

  const list = (
    <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
      {page.filters && (
        <FilterCard
          fields={page.filters}
          onSearch={(values) => {
            setPageNum(1);
            setFilters(values);
          }}
        />
      )}
      <Card
        size="small"
        title={<Typography.Text strong>{page.title}</Typography.Text>}
        extra={
          <Space wrap>
            {batch.map((a) => (
              <ActionButton key={a.label} action={a} ctx={ctx} disabled={selected.length === 0} />
            ))}
            {(page.toolbar ?? []).map((a) => (
              <ActionButton key={a.label} action={a} ctx={ctx} />
            ))}
          </Space>
        }
      >
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={result?.records ?? []}
          scroll={{ x: 'max-content' }}
          rowSelection={batch.length ? { selectedRowKeys: selected.map((r) => r.id as number), onChange: (_, rows) => setSelected(rows) } : undefined}
          pagination={{
            current: pageNum,
            pageSize,
            total: result?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
          }}
          onChange={(pagination, _filters, sort, extra) => {
            if (extra.action === 'paginate') {
              setPageNum(pagination.current ?? 1);
              setPageSize(pagination.pageSize ?? pageSize);
            }
            if (extra.action === 'sort') {
              const s = Array.isArray(sort) ? sort[0] : sort;
              setSorter({ field: s?.columnKey as string | undefined, order: s?.order ?? undefined });
              setPageNum(1);
            }
          }}
        />
      </Card>
    </div>
  );

  return (
    <>
      {page.tree ? (
        <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
          <TreePanel tree={page.tree} selected={node} onSelect={(n) => (setNode(n), setPageNum(1))} ctx={ctx} version={version} />
          {list}
        </div>
      ) : (
        list
      )}
      <FormContainer open={form} onClose={() => setForm(null)} onSaved={reload} />
    </>
  );
}
