import { Button, Drawer, Space, Typography, message } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import { DataTable } from './DataTable.tsx';
import { call } from './data.ts';
import { formatTime } from '../shared/format.ts';

/** Which figure was opened: its row's group, its pivot column's group and its measure, under the report's filters. */
export interface DrillTarget {
  title: string;
  query: Record<string, unknown>;
  key?: string | number | null;
  pivotKey?: string | number | null;
  measure?: string;
}

interface DrillAnswer {
  columns: { field: string; title: string; datetime: boolean }[];
  records: Record<string, unknown>[];
  total: number;
}

/** Asks for a background export; tells where to fetch the file. */
export async function exportInBackground(report: string, body: Record<string, unknown>): Promise<void> {
  const res = await call<{ id: number }>(`${report}.exportAsync`, body);
  if (res.status !== '200') {
    message.error(res.message);
    return;
  }
  // Plain text: a static message renders outside the router, so it cannot hold a link.
  message.success(res.message);
}

/** The records behind one figure of a report, paged, with their background export: in a drawer over the report. */
export function ReportDrill({ report, target, canExport, onClose }: { report: string; target: DrillTarget; canExport: boolean; onClose: () => void }) {
  return (
    <Drawer open title={target.title} width={960} onClose={onClose} destroyOnClose>
      <DrillTable report={report} target={target} canExport={canExport} />
    </Drawer>
  );
}

/** The drill-down's count, export button and paged table (the drawer's body, and a drill page's). */
export function DrillTable({ report, target, canExport }: { report: string; target: DrillTarget; canExport: boolean }) {
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const body = { ...target.query, key: target.key, pivotKey: target.pivotKey, measure: target.measure };
  const { data, loading } = useRequest(() => call<DrillAnswer>(`${report}.drill`, { ...body, ...page }), { refreshDeps: [page] });
  const answer = data?.status === '200' ? data.data : undefined;
  if (data && data.status !== '200') message.error({ content: data.message, key: 'report-drill' });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="secondary">共 {answer?.total ?? 0} 条记录</Typography.Text>
        {canExport ? <Button onClick={() => void exportInBackground(report, { ...body, what: 'records' })}>导出明细</Button> : null}
      </Space>
      <DataTable
        rowKey={(r) => String(r.id)}
        size="small"
        loading={loading}
        dataSource={answer?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page.page, pageSize: page.pageSize, total: answer?.total ?? 0, showSizeChanger: true, onChange: (p, s) => setPage({ page: p, pageSize: s }) }}
        columns={(answer?.columns ?? []).map((c) => ({
          key: c.field,
          title: c.title,
          dataIndex: c.field,
          render: (v: unknown) => (v === null || v === undefined || v === '' ? '-' : c.datetime && typeof v === 'number' ? formatTime(v) : String(v)),
        }))}
      />
    </Space>
  );
}
