import { Alert, Button, Card, Col, Form, Input, Modal, Popconfirm, Row as GridRow, Select, Space, Statistic } from 'antd';
import { useRequest } from 'ahooks';
import { useEffect, useState } from 'react';
import { FilterCard } from '../../engine/FilterCard.tsx';
import { Permission, usePermission } from '../../engine/permissions.tsx';
import { downloadGet, get, post, succeeded, withDays, STATUS, type Option, type Page } from './api.ts';
import { TaskDetail } from './TaskDetail.tsx';
import { todayNote, type TodaySchedule } from './todayNote.ts';
import { actionsColumn, taskColumns } from './columns.tsx';
import { BatchDeleteButton } from './controls.tsx';
import { daysFilter, ListCard, PageStack, projectFilter, selectFilter, textFilter, timeOf, usePagedList, useRowSelection, type Row } from './shared.tsx';

const OPEN = ['not_started', 'in_progress', 'overdue'];

/** Hands an open task to someone holding a post of its business line in the project. */
function TransferTask({ task, onClose, onDone }: { task: Row; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm();
  const [staff, setStaff] = useState<Option[]>([]);
  useEffect(() => {
    get<Option[]>('/ptTask/getUserListByStripe', { stripeCode: task.stripeCode, projectId: task.projectId }).then((res) => succeeded(res) && setStaff((res.data ?? []).filter((s) => s.value !== task.executorId)));
  }, [task]);
  const save = async () => {
    const v = await form.validateFields();
    if (succeeded(await post('/ptTask/transfer', { taskId: task.id, staffId: v.staffId, reason: v.reason }), '')) onDone();
  };
  return (
    <Modal open title={`转派「${String(task.name)}」`} onCancel={onClose} onOk={save} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="staffId" label="接收人员" rules={[{ required: true, message: '请选择接收人员' }]}>
          <Select options={staff} showSearch optionFilterProp="label" placeholder="该项目业务线岗位上的人员" />
        </Form.Item>
        <Form.Item name="reason" label="转派原因" rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Closes an open task from the back office; unchecked points stay missed checks. */
function FinishTask({ task, onClose, onDone }: { task: Row; onClose: () => void; onDone: () => void }) {
  const [note, setNote] = useState('');
  const unchecked = Number(task.pointCount) - Number(task.doneCount);
  return (
    <Modal open title={`完成「${String(task.name)}」`} onCancel={onClose} onOk={async () => succeeded(await post(`/ptTask/pmsFinishTask/${String(task.id)}`, { note: note.trim() || undefined }), '') && onDone()} destroyOnHidden>
      <p>{unchecked ? `还有 ${unchecked} 个点位未巡查，完成后记为未巡查。` : '所有点位已巡查。'}</p>
      <Input.TextArea rows={2} aria-label="完成说明" placeholder="完成说明（选填）" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
    </Modal>
  );
}

/** /routingInspectionV2/routingTask: tasks the scheduler generated, their progress, and the office's actions on them. */
export default function RoutingTask() {
  const can = usePermission();
  const [filters, setFilters] = useState<Row>({});
  const { ids, clear, rowSelection } = useRowSelection();
  const [detail, setDetail] = useState<number | null>(null);
  const [transfer, setTransfer] = useState<Row | null>(null);
  const [finish, setFinish] = useState<Row | null>(null);
  const list = usePagedList<Row>((q) => get<Page<Row>>('/ptTask/pmsList', q), filters);
  const { data: stats } = useRequest(() => get<Record<string, number> & { today?: TodaySchedule }>('/ptTask/taskStatistics', filters), { refreshDeps: [JSON.stringify(filters), list.records] });
  const s = stats?.status === '200' ? stats.data : undefined;
  // No tasks today yet: said above the list, or as its empty text when nothing else shows.
  const note = todayNote(s?.today);
  const done = () => {
    clear();
    setTransfer(null);
    setFinish(null);
    list.reload();
  };
  const remove = async (taskIds: number[]) => succeeded(await get('/ptTask/batchDeleteTask', { ids: taskIds.join(',') }), '') && done();

  return (
    <PageStack>
      <FilterCard
        fields={{ ...projectFilter, ...textFilter('name', '任务名称'), ...selectFilter('status', '任务状态', STATUS), ...daysFilter('任务日期'), ...textFilter('executor', '执行人') }}
        onSearch={(v) => {
          list.resetPage();
          setFilters(withDays(v));
        }}
      />
      <GridRow gutter={16}>
        {[
          ['全部任务', s?.total],
          ['未开始', s?.not_started],
          ['进行中', s?.in_progress],
          ['已完成', s?.finished],
          ['已超期', s?.overdue],
          ['漏检', s?.missed],
        ].map(([title, value]) => (
          <Col span={4} key={String(title)}>
            <Card size="small">
              <Statistic title={title} value={value ?? 0} />
            </Card>
          </Col>
        ))}
      </GridRow>
      <Card size="small">
        <Space size="large">
          <Statistic title="完成率" value={s?.completionRate ?? 0} suffix="%" />
          <Statistic title="按时完成率" value={s?.onTimeRate ?? 0} suffix="%" />
        </Space>
      </Card>
      {note && list.table.dataSource.length > 0 && <Alert type="info" showIcon message={note} />}
      <ListCard
        title="巡查任务"
        toolbar={
          <>
            <BatchDeleteButton code="patrol-task:delete" count={ids.length} noun="任务" onConfirm={() => remove(ids)} />
            <Permission code="patrol-task:export">
              <Button onClick={() => downloadGet('/ptTask/downloadTaskExcel', filters)}>导出</Button>
            </Permission>
          </>
        }
        table={{
          ...list.table,
          locale: { emptyText: note ?? '暂无巡查任务' },
          rowSelection: can('patrol-task:delete') ? { ...rowSelection, getCheckboxProps: (r) => ({ disabled: Number(r.doneCount) > 0 }) } : undefined,
          columns: [
            ...taskColumns({ title: '巡查时段', key: 'window', render: (_, r) => `${timeOf(r.windowStart).slice(11, 16)}-${timeOf(r.windowEnd).slice(11, 16)}` }),
            { title: '完成时间', dataIndex: 'finishedAt', render: (v, r) => (v ? `${timeOf(v)}${r.onTime ? '' : '（超时）'}` : '-') },
            actionsColumn((row) => {
              const open = OPEN.includes(String(row.status));
              return (
                <>
                  <Button type="link" onClick={() => setDetail(row.id as number)}>
                    详情
                  </Button>
                  {open && (
                    <Permission code="patrol-task:transfer">
                      <Button type="link" onClick={() => setTransfer(row)}>
                        转派
                      </Button>
                    </Permission>
                  )}
                  {open && (
                    <Permission code="patrol-task:finish">
                      <Button type="link" onClick={() => setFinish(row)}>
                        完成
                      </Button>
                    </Permission>
                  )}
                  {Number(row.doneCount) === 0 && (
                    <Permission code="patrol-task:delete">
                      <Popconfirm title={`确定删除任务「${String(row.name)}」吗？`} onConfirm={async () => succeeded(await post(`/ptTask/deleteTask/${String(row.id)}`, {}), '') && done()}>
                        <Button type="link" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    </Permission>
                  )}
                </>
              );
            }),
          ],
        }}
      />
      {detail !== null && <TaskDetail taskId={detail} onClose={() => setDetail(null)} />}
      {transfer && <TransferTask task={transfer} onClose={() => setTransfer(null)} onDone={done} />}
      {finish && <FinishTask task={finish} onClose={() => setFinish(null)} onDone={done} />}
    </PageStack>
  );
}
