import { Button, Card, Col, Empty, Row as GridRow, Space, Statistic, Tooltip, Typography, message } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { drillHref } from './drillRoute.ts';
import { ReportDrill, exportInBackground, type DrillTarget } from './ReportDrill.tsx';
import { DataTable } from './DataTable.tsx';
import { useRequest } from 'ahooks';
import { useMemo, useState } from 'react';
import { Chart } from './Chart.tsx';
import { REPORTS } from './reportCatalogue.ts';
import { call, downloadFrom } from './data.ts';
import { FilterCard } from './FilterCard.tsx';
import { usePermission } from './permissions.tsx';
import { formatDuration } from '../shared/format.ts';
import type { ReportPage as ReportSchema } from '../shared/schemaTypes.ts';

interface Answer {
  dimension: { name: string; title: string };
  measures: { name: string; title: string; cell: string }[];
  totals: Record<string, number>;
  rows: ({ key: string | number | null; label: string; cells?: Record<string, Record<string, number>> } & Record<string, number>)[];
  pivot?: { dimension: { name: string; title: string }; columns: { key: string | number | null; label: string; totals: Record<string, number> }[] };
}

type Key = string | number | null;

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
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const navigate = useNavigate();
  /** A figure's records: on the page's drill route when it has one, else in the drawer. */
  const openDrill = (target: DrillTarget) => (page.drillRoute ? navigate(drillHref(page.drillRoute, target)) : setDrill(target));
  const canExport = Boolean(page.export && def.permissions.export && can(def.permissions.export));
  const drillable = (name: string) => Boolean(def.drill) && def.measures.find((m) => m.name === name)?.agg !== 'ratio';
  /** A measure's title, with what it counts on hover when the report defines it. */
  const titleOf = (name: string, title: string) =>
    def.definitions?.[name] ? (
      <Tooltip title={def.definitions[name]}>
        <span style={{ borderBottom: '1px dashed', cursor: 'help' }}>{title}</span>
      </Tooltip>
    ) : (
      title
    );
  /** A figure; a click opens the records behind it when the report has a drill-down. */
  function figure(name: string, cell: string, value: number, where: { key?: Key; pivotKey?: Key; label: string }) {
    const text = show(cell, value ?? 0);
    if (!drillable(name) || !value) return text;
    const title = `${where.label} · ${measureOf.get(name)?.title ?? name}`;
    return (
      <a onClick={() => openDrill({ title, query: toQuery(input), key: where.key, pivotKey: where.pivotKey, measure: name })}>{text}</a>
    );
  }

  /** Report filters beyond dateRange, project_id, groupBy and pivotBy travel under `filters`. */
  function toQuery(values: Record<string, unknown>) {
    const { dateRange, project_id, groupBy, pivotBy, ...rest } = values;
    return { dateRange, project_id, groupBy, pivotBy, filters: Object.keys(rest).length ? rest : undefined };
  }
  const pivotMeasure = page.pivot && answer?.pivot ? measureOf.get(page.pivot.measure) : undefined;
  const pivotColumns = pivotMeasure
    ? [
        ...answer!.pivot!.columns.map((c) => ({
          key: `p:${String(c.key)}`,
          title: c.label,
          align: 'right' as const,
          render: (_: unknown, r: Answer['rows'][number]) => figure(pivotMeasure.name, pivotMeasure.cell, r.cells?.[String(c.key ?? '')]?.[pivotMeasure.name] ?? 0, { key: r.key, pivotKey: c.key, label: `${r.label} · ${c.label}` }),
        })),
        { key: 'p:total', title: titleOf(pivotMeasure.name, `${pivotMeasure.title}合计`), align: 'right' as const, render: (_: unknown, r: Answer['rows'][number]) => figure(pivotMeasure.name, pivotMeasure.cell, r[pivotMeasure.name] ?? 0, { key: r.key, label: r.label }) },
      ]
    : null;
  const summaryCells = pivotMeasure
    ? [...answer!.pivot!.columns.map((c) => c.totals[pivotMeasure.name] ?? 0), answer!.totals[pivotMeasure.name] ?? 0].map((v, i) => ({ key: String(i), text: show(pivotMeasure.cell, v) }))
    : tableMeasures.map((m) => ({ key: m.name, text: show(m.cell, answer?.totals[m.name] ?? 0) }));

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
                  <Statistic title={titleOf(name, m?.title ?? def.measures.find((x) => x.name === name)?.title ?? name)} value={m ? show(m.cell, answer!.totals[name] ?? 0) : '-'} />
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
          canExport ? (
            <Space>
              <Button onClick={() => downloadFrom(`${def.name}.export`, { query: JSON.stringify(toQuery(input)) })}>导出</Button>
              <Button onClick={() => void exportInBackground(def.name, { ...toQuery(input), pivotBy: undefined, what: 'table' })}>后台导出</Button>
              <Link to="/downloadReport">下载中心</Link>
            </Space>
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
            ...(pivotColumns ??
              tableMeasures.map((m) => ({
                key: m.name,
                title: titleOf(m.name, m.title),
                dataIndex: m.name,
                align: 'right' as const,
                render: (v: number, r: Answer['rows'][number]) => figure(m.name, m.cell, v, { key: r.key, label: r.label }),
              }))),
          ]}
          summary={() =>
            answer?.rows.length ? (
              <DataTable.Summary.Row>
                <DataTable.Summary.Cell index={0}>
                  <Typography.Text strong>合计</Typography.Text>
                </DataTable.Summary.Cell>
                {summaryCells.map((c, i) => (
                  <DataTable.Summary.Cell key={c.key} index={i + 1} align="right">
                    <Typography.Text strong>{c.text}</Typography.Text>
                  </DataTable.Summary.Cell>
                ))}
              </DataTable.Summary.Row>
            ) : null
          }
        />
      </Card>
      {drill ? <ReportDrill report={def.name} target={drill} canExport={canExport} onClose={() => setDrill(null)} /> : null}
    </Space>
  );
}
