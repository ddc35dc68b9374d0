import { Button, Form, Input, Modal, Select, message } from 'antd';
import { useState } from 'react';
import { call } from '../../engine/data.ts';
import { usePermission } from '../../engine/permissions.tsx';

const KINDS = {
  assist: { label: '协助', btnCode: 'task:assist', people: '协助人员' },
  copy: { label: '抄送', btnCode: 'task:copy', people: '抄送人员' },
} as const;

/**
 * 协助 or 抄送 on a task's detail: staff of the task's project picked in a dialog (the server
 * refuses anyone else); shown only to whom the button is granted, and by the caller when the task
 * is open and its template allows the action.
 */
export default function TaskPeopleButton({ kind, taskId, onDone }: { kind: keyof typeof KINDS; taskId: number; onDone: () => void }) {
  const k = KINDS[kind];
  const can = usePermission();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<{ label: string; value: number }[]>([]);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ staff_ids: number[]; note?: string }>();
  if (!can(k.btnCode)) return null;

  async function show() {
    setOpen(true);
    const res = await call<{ label: string; value: number }[]>('work_plan.assignees');
    setOptions(res.data ?? []);
  }

  async function save() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const res = await call(`work_task.${kind}`, { id: taskId, staff_ids: values.staff_ids, note: values.note || null });
    setSaving(false);
    if (res.status !== '200') {
      message.error(res.message || '操作失败');
      return;
    }
    message.success(res.message || '操作成功');
    form.resetFields();
    setOpen(false);
    onDone();
  }

  return (
    <>
      <Button onClick={show}>{k.label}</Button>
      <Modal title={k.label} open={open} onOk={save} confirmLoading={saving} onCancel={() => setOpen(false)} okText="确定" cancelText="取消" destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="staff_ids" label={k.people} rules={[{ required: true, message: `请选择${k.people}` }]}>
            <Select mode="multiple" options={options} optionFilterProp="label" placeholder="请选择本项目员工" maxCount={20} />
          </Form.Item>
          <Form.Item name="note" label="说明">
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
