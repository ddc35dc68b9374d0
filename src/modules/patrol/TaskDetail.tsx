import { Descriptions, Drawer, List, Space, Tabs, Tag, Timeline, Typography } from 'antd';
import { DataTable } from '../../engine/DataTable.tsx';
import { useEffect, useState } from 'react';
import { ImageCell } from '../../engine/cells.tsx';
import { get, succeeded, RESULT, STATUS } from './api.ts';
import { tagOf, timeOf, type Row } from './shared.tsx';

interface RecordItem {
  standardId: number;
  standardName: string;
  result: 'pass' | 'fail';
  problems: string[];
  note: string | null;
  photos: string[];
  workOrderCode: string | null;
}

/** The checked standards of a record: failures with their problems, notes, photos and raised work orders. */
export function RecordItems({ items }: { items: RecordItem[] }) {
  return (
    <List
      size="small"
      dataSource={items}
      renderItem={(item) => (
        <List.Item>
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Space>
              {item.result === 'pass' ? <Tag color="success">合格</Tag> : <Tag color="error">不合格</Tag>}
              <Typography.Text>{item.standardName}</Typography.Text>
              {item.workOrderCode && <Tag color="purple">工单 {item.workOrderCode}</Tag>}
            </Space>
            {item.result === 'fail' && <Typography.Text type="danger">{[...item.problems, item.note].filter(Boolean).join('；')}</Typography.Text>}
            {item.photos.length > 0 && <ImageCell value={item.photos} />}
          </Space>
        </List.Item>
      )}
    />
  );
}

/** A task's points with what was found at each (findTaskRecords) and what happened to it (recordList). */
export function TaskDetail({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const [detail, setDetail] = useState<{ task: Row; points: Row[] } | null>(null);
  const [log, setLog] = useState<Row[]>([]);
  useEffect(() => {
    get<{ task: Row; points: Row[] }>('/tbpRecord/findTaskRecords', { taskId }).then((res) => succeeded(res) && setDetail(res.data ?? null));
    get<Row[]>('/ptTask/recordList', { taskId }).then((res) => succeeded(res) && setLog(res.data ?? []));
  }, [taskId]);
  const task = detail?.task;
  return (
    <Drawer open width={760} title="巡查任务详情" onClose={onClose}>
      {task && (
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label="任务名称" span={2}>{String(task.name)}</Descriptions.Item>
          <Descriptions.Item label="任务日期">{String(task.taskDay)}</Descriptions.Item>
          <Descriptions.Item label="状态">{tagOf(STATUS, task.status)}</Descriptions.Item>
          <Descriptions.Item label="巡查时段">{`${timeOf(task.windowStart)} 至 ${timeOf(task.windowEnd)}`}</Descriptions.Item>
          <Descriptions.Item label="进度">{`${String(task.doneCount)} / ${String(task.pointCount)}`}</Descriptions.Item>
        </Descriptions>
      )}
      <Tabs
        items={[
          {
            key: 'points',
            label: '巡查点位',
            children: (
              <DataTable<Row>
                rowKey="pointId"
                size="small"
                pagination={false}
                dataSource={detail?.points ?? []}
                expandable={{ rowExpandable: (p) => Boolean(p.record), expandedRowRender: (p) => <RecordItems items={(p.record as { items: RecordItem[] }).items} /> }}
                columns={[
                  { title: '顺序', key: 'i', render: (_, __, i) => i + 1 },
                  { title: '点位', dataIndex: 'name' },
                  { title: '位置', dataIndex: 'location' },
                  { title: '巡查人', key: 'staff', render: (_, p) => (p.record as Row | null)?.staffName as string ?? '-' },
                  { title: '巡查时间', key: 'time', render: (_, p) => (p.record ? timeOf((p.record as Row).checkedAt) : <Typography.Text type="secondary">未巡查</Typography.Text>) },
                  { title: '结果', key: 'result', render: (_, p) => (p.record ? tagOf(RESULT, (p.record as Row).result) : '-') },
                  { title: '照片', key: 'photos', render: (_, p) => (p.record ? <ImageCell value={(p.record as Row).photos} /> : null) },
                ]}
              />
            ),
          },
          {
            key: 'log',
            label: '任务记录',
            children: (
              <Timeline
                items={log.map((l) => ({
                  children: (
                    <Space direction="vertical" size={0}>
                      <Typography.Text strong>
                        {String(l.actionText)}
                        {l.toStaff ? `：${l.fromStaff ? `${String(l.fromStaff)} → ` : ''}${String(l.toStaff)}` : ''}
                      </Typography.Text>
                      {Boolean(l.note) && <Typography.Text>{String(l.note)}</Typography.Text>}
                      <Typography.Text type="secondary">
                        {String(l.operator ?? '')} {timeOf(l.at)}
                      </Typography.Text>
                    </Space>
                  ),
                }))}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
