import { useRequest } from 'ahooks';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Tag, message } from 'antd';
import { DataTable } from '../../engine/DataTable.tsx';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../engine/data.ts';
import { usePermission } from '../../engine/permissions.tsx';
import { shown, SOURCE } from './SetProject.tsx';

interface Overview {
  keys: { id: number; key: string; name: string; value_type: string; options: string[] | null }[];
  rows: { id: number; name: string; cells: Record<string, { value: unknown; source: string }> }[];
}

/**
 * The batch view (/opearator-manager/projectConfigurations): one row per project, each
 * parameter's effective value as a column (its source in colour), and 批量设置 of one parameter
 * for the chosen projects at once.
 */
export default function ProjectConfigurations() {
  const can = usePermission();
  const { data, loading, refresh } = useRequest(() => call<Overview>('project_config.overview', {}));
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState(false);
  const overview = data?.data;
  const columns = [
    { title: '项目', dataIndex: 'name', fixed: 'left' as const, width: 120, render: (name: string, row: Overview['rows'][number]) => <Link to={`/setProject?projectId=${row.id}`}>{name}</Link> },
    ...(overview?.keys ?? []).map((k) => ({
      title: k.name,
      key: k.key,
      render: (_: unknown, row: Overview['rows'][number]) => {
        const cell = row.cells[k.key]!;
        return <Tag color={SOURCE[cell.source]?.[1]}>{shown(cell.value)}</Tag>;
      },
    })),
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        {can('projectConfig:set') && (
          <Button type="primary" disabled={!selected.length} onClick={() => setOpen(true)}>
            批量设置
          </Button>
        )}
        <span>
          {Object.values(SOURCE).map(([text, color]) => (
            <Tag key={text} color={color}>{text}</Tag>
          ))}
        </span>
      </Space>
      <DataTable rowKey="id" size="small" loading={loading} dataSource={overview?.rows ?? []} columns={columns} pagination={false} scroll={{ x: 'max-content' }} rowSelection={can('projectConfig:set') ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined} />
      {open && overview && <BatchSet keys={overview.keys} projectIds={selected} onClose={() => setOpen(false)} onDone={() => { setOpen(false); setSelected([]); refresh(); }} />}
    </Space>
  );
}

function BatchSet({ keys, projectIds, onClose, onDone }: { keys: Overview['keys']; projectIds: number[]; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ configKeyId: number; value: unknown }>();
  const keyId = Form.useWatch('configKeyId', form);
  const key = keys.find((k) => k.id === keyId);
  const [saving, setSaving] = useState(false);
  async function submit() {
    const values = await form.validateFields();
    setSaving(true);
    const res = await call('project_config.batchSet', { configKeyId: values.configKeyId, projectIds, value: (values.value ?? (key?.value_type === 'boolean' ? false : null)) as string });
    setSaving(false);
    if (res.status !== '200') return void message.error(res.message || '设置失败');
    message.success(res.message || '设置成功');
    onDone();
  }
  const input = !key ? null : key.value_type === 'boolean' ? <Switch /> : key.value_type === 'number' ? <InputNumber style={{ width: '100%' }} /> : key.value_type === 'enum' ? <Select options={(key.options ?? []).map((o) => ({ label: o, value: o }))} /> : <Input maxLength={200} />;
  return (
    <Modal open title={`批量设置（${projectIds.length} 个项目）`} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="确定" cancelText="取消">
      <Form form={form} layout="vertical">
        <Form.Item name="configKeyId" label="参数" rules={[{ required: true, message: '请选择参数' }]}>
          <Select placeholder="请选择参数" options={keys.map((k) => ({ label: k.name, value: k.id }))} onChange={() => form.setFieldValue('value', undefined)} />
        </Form.Item>
        {key && (
          <Form.Item name="value" label="项目值" valuePropName={key.value_type === 'boolean' ? 'checked' : 'value'} rules={key.value_type === 'boolean' ? [] : [{ required: true, message: '请填写项目值' }]}>
            {input}
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
