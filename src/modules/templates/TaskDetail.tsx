import { useRequest } from 'ahooks';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Tag, message } from 'antd';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { DynamicForm, useRuntimeForm } from '../../engine/DynamicForm.tsx';
import { call } from '../../engine/data.ts';
import { ActionButton, type ActionContext } from '../../engine/actions.tsx';
import type { Action } from '../../shared/schemaTypes.ts';
import TaskPeopleButton from './TaskPeopleButton.tsx';
import { formatTime } from '../../shared/format.ts';
import { filledAnswers, type Answers, type RuntimeForm } from '../../shared/runtimeForm.ts';

interface TaskSheet {
  id: number;
  title: string;
  template_name: string;
  standard: string | null;
  project_name: string | null;
  assignee_name: string | null;
  plan_start: number;
  plan_end: number;
  finished_at: number | null;
  status: string;
  overdue: number | null;
  form_version: number | null;
  result: Answers | null;
  mine: boolean;
  form: RuntimeForm | null;
  /** What its template lets be done with it (转派, 挂起, 延期...): the moves it does not allow show no button. */
  actions: string[];
  helpers: string[];
  watchers: string[];
}

/** The moves a manager makes on a task here; each hides when the task's state or its template does not allow it. */
const MOVES: Action[] = ['transfer', 'suspend', 'resume', 'extend', 'extendStarted'].map((transition) => ({ type: 'transition', transition }));

const STATUS: Record<string, [string, string]> = { pending: ['未开始', 'default'], processing: ['执行中', 'processing'], suspended: ['已挂起', 'warning'], overdue: ['已超时', 'error'], done: ['已完成', 'success'], accepted: ['已验收', 'success'], closed: ['已关闭', 'default'] };

/**
 * One task (/module-manage-taskdetail/:id): its plan and deadline, and the template's check items;
 * its assignee fills them and submits, anyone else reads the result in the version it was given for.
 */
export default function TaskDetail() {
  const id = Number(useParams().id);
  const { data, loading, refresh } = useRequest(() => call<TaskSheet>('work_task.sheet', { id }), { ready: id > 0, refreshDeps: [id] });
  if (loading && !data) return <Spin />;
  if (!data) return null;
  if (data.status !== '200' || !data.data) return <Result status="404" title="任务不存在" subTitle={data.message} />;
  return <Sheet task={data.data} onDone={refresh} />;
}

function Sheet({ task, onDone }: { task: TaskSheet; onDone: () => void }) {
  const open = task.status === 'pending' || task.status === 'processing' || task.status === 'overdue';
  const fillable = open && task.mine && !!task.form;
  const initial = useMemo(() => task.result ?? {}, [task.result]);
  const form = useRuntimeForm(task.form ?? { items: [] }, initial, !fillable);
  const [saving, setSaving] = useState(false);
  const [state, color] = STATUS[task.status] ?? [task.status, 'default'];
  const ctx: ActionContext = { record: { ...task, assignee_id_label: task.assignee_name }, resource: 'work_task', reload: onDone, openForm: () => undefined };

  async function submit() {
    try {
      await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    const res = await call('work_task.transition', { id: task.id, action: 'finish', values: { result: filledAnswers(form.values as Answers) } });
    setSaving(false);
    if (res.status !== '200') {
      message.error(res.message || '提交失败');
      return;
    }
    message.success(res.message || '任务已完成');
    onDone();
  }

  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 860 }}>
      <Card
        title={task.title}
        extra={
          <Space>
            {MOVES.map((a) => (
              <ActionButton key={a.type === 'transition' ? a.transition : ''} action={a} ctx={ctx} />
            ))}
            {(['assist', 'copy'] as const).map((kind) => (open || task.status === 'suspended') && task.actions.includes(kind) && <TaskPeopleButton key={kind} kind={kind} taskId={task.id} onDone={onDone} />)}
            <Tag color={color}>{state}</Tag>
            {task.overdue ? <Tag color="red">超时</Tag> : null}
          </Space>
        }
      >
        <Descriptions size="small" column={2}>
          <Descriptions.Item label="所属项目">{task.project_name}</Descriptions.Item>
          <Descriptions.Item label="作业模板">{task.template_name}</Descriptions.Item>
          <Descriptions.Item label="执行人">{task.assignee_name}</Descriptions.Item>
          <Descriptions.Item label="计划开始">{formatTime(task.plan_start)}</Descriptions.Item>
          <Descriptions.Item label="截止时间">{formatTime(task.plan_end)}</Descriptions.Item>
          <Descriptions.Item label="完成时间">{task.finished_at ? formatTime(task.finished_at) : '—'}</Descriptions.Item>
          {task.helpers.length ? <Descriptions.Item label="协助人">{task.helpers.join('、')}</Descriptions.Item> : null}
          {task.watchers.length ? <Descriptions.Item label="抄送人">{task.watchers.join('、')}</Descriptions.Item> : null}
          {task.form_version ? <Descriptions.Item label="模板版本">{`第 ${task.form_version} 版`}</Descriptions.Item> : null}
          {task.standard ? <Descriptions.Item label="作业标准" span={2}>{task.standard}</Descriptions.Item> : null}
        </Descriptions>
      </Card>
      <Card title="检查项">
        {task.status === 'suspended' && <Alert type="warning" showIcon message="任务已挂起，截止时间暂停计时；恢复后继续执行" style={{ marginBottom: 12 }} />}
        {open && !task.mine && <Alert type="info" showIcon message="任务由执行人本人填写检查结果" style={{ marginBottom: 12 }} />}
        {task.form && (fillable || task.result) ? <DynamicForm definition={task.form} form={form} /> : !open && <Alert type="info" message="该任务没有检查结果" />}
        {fillable && (
          <Button type="primary" loading={saving} onClick={submit}>
            提交结果
          </Button>
        )}
      </Card>
    </Space>
  );
}
