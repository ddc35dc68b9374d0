import { Button, Card, Col, Row as GridRow, Segmented, Statistic } from 'antd';
import { useState } from 'react';
import { Chart } from '../../engine/Chart.tsx';
import { FilterCard } from '../../engine/FilterCard.tsx';
import { Permission } from '../../engine/permissions.tsx';
import { downloadGet, get, withDays, type Page } from './api.ts';
import { daysFilter, ListCard, PageStack, projectFilter, usePagedList, type Row } from './shared.tsx';

type Dimension = 'project' | 'post' | 'point';
const DIMENSIONS: { label: string; value: Dimension }[] = [
  { label: '按项目', value: 'project' },
  { label: '按岗位', value: 'post' },
  { label: '按点位', value: 'point' },
];

interface StatPage extends Page<Row> {
  summary: Row;
  trend: Row[];
  startDay: string;
  endDay: string;
}

const percent = (v: unknown) => `${Number(v ?? 0)}%`;

/** /routingInspectionV2/locationRoutingStatistics: completion, on-time and problem rates per project, post or point. */
export default function Statistics() {
  const [dimension, setDimension] = useState<Dimension>('project');
  const [filters, setFilters] = useState<Row>({});
  const [stat, setStat] = useState<StatPage | null>(null);
  const query = { ...filters, dimension };
  const list = usePagedList<Row>(
    async (q) => {
      const res = await get<StatPage>('/tbpRecord/ptStatisticsPage', q);
      if (res.status === '200') setStat(res.data ?? null);
      return res;
    },
    query,
  );
  const rows = list.records;
  const nameTitle = DIMENSIONS.find((d) => d.value === dimension)!.label.slice(1);
  const summary = stat?.summary ?? {};

  return (
    <PageStack>
      <FilterCard
        fields={{ ...projectFilter, ...daysFilter('任务日期') }}
        onSearch={(v) => {
          list.resetPage();
          setFilters(withDays(v));
        }}
      />
      <Segmented
        options={DIMENSIONS}
        value={dimension}
        onChange={(v) => {
          list.resetPage();
          setDimension(v as Dimension);
        }}
      />
      <GridRow gutter={16}>
        {[
          ['应巡点次', summary.expected, ''],
          ['已巡点次', summary.done, ''],
          ['完成率', summary.completionRate, '%'],
          ['按时率', summary.onTimeRate, '%'],
          ['问题率', summary.problemRate, '%'],
        ].map(([title, value, suffix]) => (
          <Col flex={1} key={String(title)}>
            <Card size="small">
              <Statistic title={String(title)} value={Number(value ?? 0)} suffix={String(suffix)} />
            </Card>
          </Col>
        ))}
      </GridRow>
      <GridRow gutter={16}>
        <Col span={12}>
          <Card size="small" title={`各${nameTitle}完成情况（%）`}>
            <Chart
              type="bar"
              labels={rows.map((r) => String(r.name))}
              series={[
                { name: '完成率', values: rows.map((r) => Number(r.completionRate)) },
                { name: '按时率', values: rows.map((r) => Number(r.onTimeRate)) },
                { name: '问题率', values: rows.map((r) => Number(r.problemRate)) },
              ]}
            />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title={stat ? `每日趋势（${stat.startDay} 至 ${stat.endDay}，%）` : '每日趋势（%）'}>
            <Chart
              type="line"
              labels={(stat?.trend ?? []).map((t) => String(t.day).slice(5))}
              series={[
                { name: '完成率', values: (stat?.trend ?? []).map((t) => Number(t.completionRate)) },
                { name: '按时率', values: (stat?.trend ?? []).map((t) => Number(t.onTimeRate)) },
              ]}
            />
          </Card>
        </Col>
      </GridRow>
      <ListCard
        title="巡查统计"
        toolbar={
          <Permission code="patrol-stat:export">
            <Button onClick={() => downloadGet('/tbpRecord/ptStatisticsExport', query)}>导出</Button>
          </Permission>
        }
        table={{
          rowKey: (r) => String(r.key ?? r.name),
          ...list.table,
          dataSource: rows,
          columns: [
            { title: nameTitle, dataIndex: 'name' },
            ...(dimension === 'project' ? [] : [{ title: '所属项目', dataIndex: 'projectName' }]),
            { title: '应巡点次', dataIndex: 'expected' },
            { title: '已巡点次', dataIndex: 'done' },
            { title: '按时点次', dataIndex: 'onTime' },
            { title: '问题点次', dataIndex: 'problems' },
            { title: '完成率', dataIndex: 'completionRate', render: percent },
            { title: '按时率', dataIndex: 'onTimeRate', render: percent },
            { title: '问题率', dataIndex: 'problemRate', render: percent },
          ],
        }}
      />
    </PageStack>
  );
}
