import { lazy, Suspense, useState } from 'react';
import { Button, Card, Result, Select, Space, Spin, message } from 'antd';
import { useRequest } from 'ahooks';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../engine/data.ts';
import { StampBoxes, type Placement } from './StampBoxes.tsx';

const PdfViewer = lazy(() => import('../../engine/files/PdfViewer.tsx'));

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** 设置盖章位置 (/seal/template/edit?id=): the template's PDF with its stamp positions, dragged into place and saved. */
export default function SealTemplateEdit() {
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const [placements, setPlacements] = useState<Placement[] | null>(null);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(1);
  const [saving, setSaving] = useState(false);
  const { data, loading } = useRequest(async () => (await call<Row>('seal_template.detail', { id })).data, { ready: id > 0, refreshDeps: [id] });
  if (!id) return <Result status="info" title="未指定模板" subTitle="请从用印模板列表进入" />;
  if (loading || !data) return <Spin />;
  const placed = placements ?? ((data.stamp_positions as Placement[] | null) ?? []);
  const file = (data.file as { url: string }[] | null)?.[0];
  const save = async () => {
    setSaving(true);
    const answer = await call('seal_template.update', { id, stamp_positions: placed });
    setSaving(false);
    if (String(answer.status) === '200') message.success('盖章位置已保存');
    else message.error(answer.message);
  };
  return (
    <Card
      title={`设置盖章位置：${data.name}`}
      extra={
        <Space>
          <Select value={page} style={{ width: 110 }} onChange={setPage} options={Array.from({ length: pages }, (_, i) => ({ label: `第 ${i + 1} 页`, value: i + 1 }))} />
          <Button onClick={() => setPlacements([...placed, { page, x: 380, y: 600, w: 120, kind: 'normal' }])}>添加印章</Button>
          <Button onClick={() => setPlacements([...placed, { page: 1, x: 0, y: 300, w: 120, kind: 'straddle' }])}>添加骑缝章</Button>
          <Button type="primary" loading={saving} onClick={save}>
            保存位置
          </Button>
        </Space>
      }
    >
      {file ? (
        <Suspense fallback={<Spin />}>
          <PdfViewer url={file.url} onLoad={setPages} overlay={(box) => <StampBoxes box={box} placements={placed} onMove={(i, p) => setPlacements(placed.map((o, j) => (j === i ? p : o)))} onRemove={(i) => setPlacements(placed.filter((_, j) => j !== i))} />} />
        </Suspense>
      ) : (
        <Result status="warning" title="模板没有 PDF 文件" />
      )}
    </Card>
  );
}
