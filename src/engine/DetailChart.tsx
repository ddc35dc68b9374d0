import { Empty, Spin, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { Chart } from './Chart.tsx';
import { call } from './data.ts';
import { REPORTS } from './reportCatalogue.ts';
import type { ChartSection } from '../shared/schemaTypes.ts';
import type { Row } from './actions.tsx';

interface Answer {
  dimension: { title: string };
  measures: { name: string; title: string }[];
  totals: Record<string, number>;
  rows: ({ label: string } & Record<string, number>)[];
}

/**
 * A detail page's chart of this record's figures: the report's answer (its data scope and
 * permission apply) filtered to the record, drawn by the report pages' chart. Loaded lazily with
 * the first chart section (ECharts is in the report screens' chunks, never a list page's).
 */
export default function DetailChart({ chart, record }: { chart: ChartSection['chart']; record: Row }) {
  const value = record[chart.by ?? 'id'];
  const { data, loading } = useRequest(() => call<Answer>(`${chart.report}.query`, { groupBy: chart.groupBy, filters: { [chart.filter]: value } }), { refreshDeps: [value] });
  const answer = data?.status === '200' ? data.data : undefined;
  if (!answer) return loading ? <Spin /> : <Typography.Text type="danger">{data?.message || '统计加载失败'}</Typography.Text>;
  if (!answer.rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  const titleOf = (name: string) => answer.measures.find((m) => m.name === name)?.title ?? REPORTS.get(chart.report)?.measures.find((m) => m.name === name)?.title ?? name;
  return (
    <>
      <Typography.Text type="secondary">
        {`按${answer.dimension.title}：`}
        {chart.measures.map((m) => `${titleOf(m)} ${answer.totals[m] ?? 0}`).join('，')}
      </Typography.Text>
      <Chart type={chart.type} labels={answer.rows.map((r) => r.label)} series={chart.measures.map((m) => ({ name: titleOf(m), values: answer.rows.map((r) => r[m] ?? 0) }))} />
    </>
  );
}
