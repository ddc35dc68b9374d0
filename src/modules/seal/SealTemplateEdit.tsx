import { lazy, Suspense, useState } from 'react';
import { Button, Card, Input, InputNumber, Result, Select, Space, Spin, Switch, message } from 'antd';
import { DataTable } from '../../engine/DataTable.tsx';
import { useRequest } from 'ahooks';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../engine/data.ts';
import { StampBoxes, type Placement } from './StampBoxes.tsx';
import { FieldBoxes } from './FieldBoxes.tsx';
import { FILL_TYPES, type FillField } from './fillFields.ts';

const PdfViewer = lazy(() => import('../../engine/files/PdfViewer.tsx'));

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * 设置盖章位置与填写项 (/seal/template/edit?id=): the template's PDF with its stamp positions and
 * fill-in boxes dragged into place, the fields' names, types and sizes edited below, saved together.
 */
export default function SealTemplateEdit() {
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const [placements, setPlacements] = useState<Placement[] | null>(null);
  const [fields, setFields] = useState<FillField[] | null>(null);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(1);
  const [saving, setSaving] = useState(false);
  const { data, loading } = useRequest(async () => (await call<Row>('seal_template.detail', { id })).data, { ready: id > 0, refreshDeps: [id] });
  if (!id) return <Result status="info" title="未指定模板" subTitle="请从用印模板列表进入" />;
  if (loading || !data) return <Spin />;
  const placed = placements ?? ((data.stamp_positions as Placement[] | null) ?? []);
  const boxes = fields ?? ((data.fields as FillField[] | null) ?? []);
  const file = (data.file as { url: string }[] | null)?.[0];
  const change = (index: number, patch: Partial<FillField>) => setFields(boxes.map((f, j) => (j === index ? { ...f, ...patch } : f)));
  const addField = () => {
    let n = boxes.length + 1;
    while (boxes.some((f) => f.name === `field${n}`)) n++;
    setFields([...boxes, { name: `field${n}`, label: `填写项${n}`, type: 'text', required: true, page, x: 100, y: 200, w: 200, size: 12 }]);
  };
  const save = async () => {
    setSaving(true);
    const answer = await call('seal_template.update', { id, stamp_positions: placed, fields: boxes });
    setSaving(false);
    if (String(answer.status) === '200') message.success('盖章位置与填写项已保存');
    else message.error(answer.message);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card
        title={`设置盖章位置：${data.name}`}
        extra={
          <Space>
            <Select value={page} style={{ width: 110 }} onChange={setPage} options={Array.from({ length: pages }, (_, i) => ({ label: `第 ${i + 1} 页`, value: i + 1 }))} />
            <Button onClick={() => setPlacements([...placed, { page, x: 380, y: 600, w: 120, kind: 'normal' }])}>添加印章</Button>
            <Button onClick={() => setPlacements([...placed, { page: 1, x: 0, y: 300, w: 120, kind: 'straddle' }])}>添加骑缝章</Button>
            <Button onClick={addField}>添加填写项</Button>
            <Button type="primary" loading={saving} onClick={save}>
              保存位置
            </Button>
          </Space>
        }
      >
        {file ? (
          <Suspense fallback={<Spin />}>
            <PdfViewer
              url={file.url}
              onLoad={setPages}
              overlay={(box) => (
                <>
                  <FieldBoxes box={box} fields={boxes} onMove={(i, f) => change(i, { x: f.x, y: f.y })} />
                  <StampBoxes box={box} placements={placed} onMove={(i, p) => setPlacements(placed.map((o, j) => (j === i ? p : o)))} onRemove={(i) => setPlacements(placed.filter((_, j) => j !== i))} />
                </>
              )}
            />
          </Suspense>
        ) : (
          <Result status="warning" title="模板没有 PDF 文件" />
        )}
      </Card>
      <Card title="填写项" size="small" extra="申请人按填写项填写，签章时写入 PDF 的对应位置">
        <DataTable<FillField>
          rowKey={(_, i) => String(i)}
          size="small"
          pagination={false}
          dataSource={boxes}
          locale={{ emptyText: '暂无填写项，点击「添加填写项」' }}
          columns={[
            { title: '名称', dataIndex: 'label', render: (v: string, _, i) => <Input aria-label="填写项名称" value={v} maxLength={20} onChange={(e) => change(i, { label: e.target.value })} /> },
            { title: '字段标识', dataIndex: 'name', render: (v: string, _, i) => <Input aria-label="字段标识" value={v} maxLength={32} onChange={(e) => change(i, { name: e.target.value })} /> },
            { title: '类型', dataIndex: 'type', width: 100, render: (v: FillField['type'], _, i) => <Select value={v} options={FILL_TYPES} style={{ width: 90 }} onChange={(type: FillField['type']) => change(i, { type })} /> },
            { title: '必填', dataIndex: 'required', width: 70, render: (v: boolean, _, i) => <Switch checked={!!v} onChange={(required) => change(i, { required })} /> },
            { title: '页码', dataIndex: 'page', width: 90, render: (v: number, _, i) => <InputNumber value={v} min={1} max={pages} precision={0} onChange={(p) => change(i, { page: p ?? 1 })} /> },
            { title: '宽度', dataIndex: 'w', width: 90, render: (v: number, _, i) => <InputNumber value={v} min={20} max={600} onChange={(w) => change(i, { w: w ?? 200 })} /> },
            { title: '字号', dataIndex: 'size', width: 90, render: (v: number, _, i) => <InputNumber value={v} min={6} max={36} onChange={(size) => change(i, { size: size ?? 12 })} /> },
            { title: '位置', key: 'at', width: 110, render: (_, f) => `(${f.x}, ${f.y})` },
            { title: '', key: 'remove', width: 60, render: (_, __, i) => <Button type="link" danger onClick={() => setFields(boxes.filter((___, j) => j !== i))}>删除</Button> },
          ]}
        />
      </Card>
    </Space>
  );
}
