import { Button, Card, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { FilterCard } from '../../engine/FilterCard.tsx';
import { Permission, usePermission } from '../../engine/permissions.tsx';
import { downloadGet, downloadPost, get, withDays, STATUS, type Page } from './api.ts';
import { taskColumns } from './columns.tsx';
import { daysFilter, ListCard, PageStack, projectFilter, selectFilter, usePagedList, type Row } from './shared.tsx';

const DIMENSIONS = [
  { label: '按项目', value: 'project' },
  { label: '按岗位', value: 'post' },
  { label: '按点位', value: 'point' },
];

/** The tasks the chosen filters cover, as they will be exported. */
function TaskPreview({ filters }: { filters: Row }) {
  const list = usePagedList<Row>((q) => get<Page<Row>>('/ptTask/pmsList', q), filters);
  return (
    <ListCard
      title="巡查任务清单"
      table={{
        ...list.table,
        columns: taskColumns(),
      }}
    />
  );
}

/** /patrolExport: the patrol list and its three Excel exports (tasks, records, statistics) over one set of filters. */
export default function PatrolExport() {
  const can = usePermission();
  const [filters, setFilters] = useState<Row>({});
  const [dimension, setDimension] = useState('project');
  const { status, ...common } = filters;
  return (
    <PageStack>
      <FilterCard fields={{ ...projectFilter, ...daysFilter('任务日期'), ...selectFilter('status', '任务状态', STATUS) }} onSearch={(v) => setFilters(withDays(v))} />
      <Card size="small" title={<Typography.Text strong>导出</Typography.Text>}>
        <Space wrap size="large">
          <Permission code="patrol-export:task">
            <Button type="primary" onClick={() => downloadGet('/ptTask/downloadTaskExcel', filters)}>
              导出巡查任务
            </Button>
          </Permission>
          <Permission code="patrol-export:record">
            <Button onClick={() => downloadPost('/tbpRecord/export', common)}>导出巡查记录</Button>
          </Permission>
          <Permission code="patrol-export:stat">
            <Space>
              <Segmented options={DIMENSIONS} value={dimension} onChange={(v) => setDimension(String(v))} />
              <Button onClick={() => downloadGet('/tbpRecord/ptStatisticsExport', { ...common, dimension })}>导出巡查统计</Button>
            </Space>
          </Permission>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          任务按所选状态导出；记录与统计按项目和任务日期导出{status ? '（不限状态）' : ''}。统计只计已有结果的任务（已完成、已超期、漏检），未选日期时为最近 30 天。
        </Typography.Paragraph>
      </Card>
      {can('patrol-export:task') && <TaskPreview filters={filters} />}
    </PageStack>
  );
}
