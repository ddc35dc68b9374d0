import { Button, Form, Input, Popconfirm } from 'antd';
import { Permission } from '../../engine/permissions.tsx';

/** The optional 备注 of a patrol form (at most 200 characters). */
export function RemarkItem() {
  return (
    <Form.Item name="remark" label="备注" rules={[{ max: 200 }]}>
      <Input.TextArea rows={2} />
    </Form.Item>
  );
}

/** 批量删除 of the ticked rows, confirmed first and disabled while none is ticked. */
export function BatchDeleteButton({ code, count, noun, onConfirm }: { code: string; count: number; noun: string; onConfirm: () => unknown }) {
  return (
    <Permission code={code}>
      <Popconfirm title={`确定删除选中的 ${count} 个${noun}吗？`} disabled={!count} onConfirm={onConfirm}>
        <Button danger disabled={!count}>
          批量删除
        </Button>
      </Popconfirm>
    </Permission>
  );
}
