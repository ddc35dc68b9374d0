import { Button, Card, Col, Empty, Row as GridRow, Space, Statistic, Typography, message } from 'antd';
import { DataTable } from './DataTable.tsx';
import { useRequest } from 'ahooks';
import { useMemo, useState } from 'react';
import { Chart } from './Chart.tsx';
import { REPORTS } from './catalogue.ts';
import { call, downloadFrom } from './data.ts';
import { FilterCard } from './FilterCard.tsx';
import { usePermission } from './permissions.tsx';
import { formatDuration } from '../shared/format.ts';
import type { ReportPage as ReportSchema } from '../shared/schemaTypes.ts';

interface Answer {
  dimension: { name: string; title: string };
  measures: { name: string; title: string; cell: string }[];
  totals: Record<string, number>;
  rows: ({ key: string | number | null; label: string } & Record<string, number>)[];
}

/** A measure's value as its cell says: number, money, duration (minutes) or percent. */
function show(cell: string, value: number): string {
  if (cell === 'percent') return `${value}%`;
  if (cell === 'money') return `¥${value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (cell === 'duration') return formatDuration(value);
  return value.toLocaleString('zh-CN');
}

/** A statistics screen: filters, figure cards, charts and a table over one report definition, with export. */
export default function ReportPage({ page }: { page: ReportSchema }) {
  const can = usePermission();
  const def = REPORTS.get(page.report)!;
  const [input, setInput] = useState<Record<string, unknown>>({});
  const { data, loading } = useRequest(() => call<Answer>(`${def.name}.query`, toQuery(input)), { refreshDeps: [input] });
  if (data && data.status !== '200' && !loading) message.error({ content: data.message, key: `report-${page.route}` });
  const answer = data?.status === '200' ? data.data : undefined;
  const measureOf = useMemo(() => new Map((answer?.measures ?? []).map((m) => [m.name, m])), [answer]);
  const tableMeasures = (page.table ?? def.measures.map((m) => m.name)).map((n) => measureOf.get(n)).filter((m) => m !== undefined);
  const labels = useMemo(() => (answer?.rows ?? []).map((r) => r.label), [answer]);

  /** Report filters beyond dateRange, project_id and groupBy travel under `filters`. */
  function toQuery(values: Record<string, unknown>) {
    const { dateRange, project_id, groupBy, ...rest } = values;
    return { dateRange, project_id, groupBy, filters: Object.keys(rest).length ? rest : undefined };
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {page.filters && <FilterCard fields={page.filters} onSearch={setInput} />}
      {page.cards?.length ? (
        <GridRow gutter={16}>
          {page.cards.map((name) => {
            const m = measureOf.get(name);
            return (
              <Col key={name} xs={12} md={6}>
                <Card size="small" loading={loading && !answer}>
                  <Statistic title={m?.title ?? def.measures.find((x) => x.name === name)?.title} value={m ? show(m.cell, answer!.totals[name] ?? 0) : '-'} />
                </Card>
              </Col>
            );
          })}
        </GridRow>
      ) : null}
      {page.charts?.length ? (
        <GridRow gutter={16}>
          {page.charts.map((c) => (
            <Col key={c.title} xs={24} lg={page.charts!.length > 1 ? 12 : 24}>
              <Card size="small" title={`${c.title}（按${answer?.dimension.title ?? ''}）`}>
                {answer?.rows.length ? (
                  <Chart type={c.type} labels={labels} series={c.measures.map((n) => ({ name: measureOf.get(n)?.title ?? n, values: answer.rows.map((r) => r[n] ?? 0) }))} />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
                )}
              </Card>
            </Col>
          ))}
        </GridRow>
      ) : null}
      <Card
        size="small"
        title={<Typography.Text strong>{page.title}</Typography.Text>}
        extra={
          page.export && def.permissions.export && can(def.permissions.export) ? (
            <Button onClick={() => downloadFrom(`${def.name}.export`, { query: JSON.stringify(toQuery(input)) })}>导出</Button>
          ) : null
        }
      >
        <DataTable
          rowKey={(r) => String(r.key)}
          size="middle"
          loading={loading}
          dataSource={answer?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'label', title: answer?.dimension.title ?? '', dataIndex: 'label' },
            ...tableMeasures.map((m) => ({ key: m.name, title: m.title, dataIndex: m.name, align: 'right' as const, render: (v: number) => show(m.cell, v ?? 0) })),
          ]}
          summary={() =>
            answer?.rows.length ? (
              <DataTable.Summary.Row>
                <DataTable.Summary.Cell index={0}>
                  <Typography.Text strong>合计</Typography.Text>
                </DataTable.Summary.Cell>
                {tableMeasures.map((m, i) => (
                  <DataTable.Summary.Cell key={m.name} index={i + 1} align="right">
                    <Typography.Text strong>{show(m.cell, answer.totals[m.name] ?? 0)}</Typography.Text>
                  </DataTable.Summary.Cell>
                ))}
              </DataTable.Summary.Row>
            ) : null
          }
        />
      </Card>
    </Space>
  );
}
