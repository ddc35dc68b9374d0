import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Tag, message } from 'antd';
import { useRequest } from 'ahooks';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../engine/data.ts';
import { renderCell } from '../../engine/cells.tsx';
import { StampBoxes, type Placement } from './StampBoxes.tsx';
import { FieldBoxes } from './FieldBoxes.tsx';
import { fillForm, type FillField } from './fillFields.ts';
import { DynamicForm, useRuntimeForm } from '../../engine/DynamicForm.tsx';

const PdfViewer = lazy(() => import('../../engine/files/PdfViewer.tsx'));

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DEFAULT_SEAL: Placement = { page: 1, x: 380, y: 600, w: 120, kind: 'normal' };

/** 填写模板内容: the template's fields as a form, editable while the application is a draft (or sent back), read-only after. */
function FillCard({ id, fields, values, editable, onSaved }: { id: number; fields: FillField[]; values: Record<string, unknown>; editable: boolean; onSaved: () => void }) {
  const [definition] = useState(() => fillForm(fields));
  const [initial] = useState(() => values);
  const form = useRuntimeForm(definition, initial as never, !editable);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    await form.validate();
    setSaving(true);
    const entered = Object.fromEntries(Object.entries(form.values as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    const answer = await call('seal_use_apply.update', { id, field_values: entered });
    setSaving(false);
    if (String(answer.status) === '200') {
      message.success('模板内容已保存');
      onSaved();
    } else message.error(answer.message);
  };
  return (
    <Card
      title="模板填写内容"
      size="small"
      extra={
        editable && (
          <Button type="primary" loading={saving} onClick={save}>
            保存填写内容
          </Button>
        )
      }
    >
      <DynamicForm definition={definition} form={form} readPretty={!editable} />
    </Card>
  );
}

/**
 * 电子签章 (/seal/pdf?id=): the approved application's PDF in the page, the seals placed by
 * dragging (starting from the template's positions), and 确认盖章, which has the server stamp
 * the PDF (pdf-lib), store it with its hash and verification code, and shows the result.
 */
export default function SealPdf() {
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const [placements, setPlacements] = useState<Placement[] | null>(null);
  const [pages, setPages] = useState(1);
  const [saving, setSaving] = useState(false);
  const { data, loading, refresh } = useRequest(
    async () => {
      const apply = (await call<Row>('seal_use_apply.detail', { id })).data;
      if (!apply) return null;
      const template = apply.template_id ? (await call<Row>('seal_template.detail', { id: apply.template_id })).data : null;
      const seal = (await call<Row>('seal.detail', { id: apply.seal_id })).data;
      const fields = (template?.fields as FillField[] | null | undefined) ?? [];
      // A template with fill-in fields is the document: its PDF is what gets filled in and stamped.
      const templatePdf = fields.length ? (template?.file as { url: string; name: string }[] | null)?.[0] : undefined;
      return { apply, fields, templatePdf, positions: (template?.stamp_positions as Placement[] | undefined) ?? [DEFAULT_SEAL], image: (seal?.image as string[] | undefined)?.[0] };
    },
    { ready: id > 0, refreshDeps: [id] },
  );
  if (!id) return <Result status="info" title="未指定用印申请" subTitle="请从用印管理的申请列表进入电子签章" />;
  if (loading || !data) return <Spin />;
  const { apply, image, fields } = data;
  const placed = placements ?? data.positions;
  const pdf = data.templatePdf ?? ((apply.files as { url: string; name: string }[]) ?? []).find((f) => f.url.endsWith('.pdf'));
  const values = (apply.field_values as Record<string, unknown> | null) ?? {};
  const fillable = ['draft', 'rejected'].includes(apply.status as string);
  const signed = (apply.signed_file as { url: string }[] | null)?.[0];
  const stampable = apply.status === 'approved' && apply.use_mode === 'e_sign';

  const stamp = async () => {
    setSaving(true);
    const answer = await call<{ state: string }>('seal_use_apply.transition', { id, action: 'esign', values: { placements: placed } });
    setSaving(false);
    if (answer.status === '200' || answer.data?.state) {
      message.success(answer.message || '签章完成');
      refresh();
    } else message.error(answer.message);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card title="电子签章" extra={renderCell({ cell: 'enum', enum: { approved: { text: '已通过', color: 'cyan' }, stamped: { text: '已用印', color: 'success' } } }, apply.status)}>
        <Descriptions
          column={3}
          items={[
            { key: 'code', label: '申请编号', children: apply.code },
            { key: 'doc', label: '文件名称', children: apply.doc_name },
            { key: 'seal', label: '印章', children: apply.seal_id_label },
            { key: 'applicant', label: '申请人', children: apply.applicant_id_label },
            { key: 'project', label: '所属项目', children: apply.project_name },
            { key: 'verify', label: '验真码', children: apply.verify_code ?? '-' },
          ]}
        />
        {signed && (
          <Alert type="success" showIcon message={<Space>签章完成，签章文件：{renderCell({ cell: 'file' }, apply.signed_file)}</Space>} description={`SHA-256：${apply.file_hash}`} />
        )}
        {!signed && !stampable && <Alert type="warning" showIcon message={apply.use_mode !== 'e_sign' ? '该申请不是电子签章，请在用印管理中登记盖章' : fillable && fields.length ? '请填写模板内容并保存，再提交审批；审批通过后由印章保管人签章' : '申请审批通过后才能签章'} />}
        {!pdf && <Alert type="error" showIcon message="用印文件中没有 PDF" />}
      </Card>
      {fields.length > 0 && <FillCard key={JSON.stringify(values)} id={id} fields={fields} values={values} editable={fillable} onSaved={refresh} />}
      {pdf && (
        <Card
          title={signed ? '签章文件' : stampable ? '拖动印章到盖章位置' : '文件预览'}
          extra={
            stampable && (
              <Space>
                <Button onClick={() => setPlacements([...placed, { ...DEFAULT_SEAL, page: pages }])}>添加印章</Button>
                <Button onClick={() => setPlacements([...placed, { page: 1, x: 0, y: 300, w: 120, kind: 'straddle' }])}>添加骑缝章</Button>
                <Tag>{placed.length} 个印章</Tag>
                <Button type="primary" loading={saving} disabled={!placed.length} onClick={stamp}>
                  确认盖章
                </Button>
              </Space>
            )
          }
        >
          <Suspense fallback={<Spin />}>
            <PdfViewer
              url={signed?.url ?? pdf.url}
              onLoad={setPages}
              overlay={
                signed
                  ? undefined
                  : (box) => (
                      <>
                        {fields.length > 0 && <FieldBoxes box={box} fields={fields} values={values} />}
                        {stampable && <StampBoxes box={box} placements={placed} image={image} onMove={(i, p) => setPlacements(placed.map((o, j) => (j === i ? p : o)))} onRemove={(i) => setPlacements(placed.filter((_, j) => j !== i))} />}
                      </>
                    )
              }
            />
          </Suspense>
        </Card>
      )}
    </Space>
  );
}
