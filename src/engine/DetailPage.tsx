import { lazy, Suspense, useState } from 'react';
import { Button, Card, Descriptions, Empty, Image, Result, Space, Spin, Timeline, Typography } from 'antd';
import { DataTable } from './DataTable.tsx';
import { formatTime } from '../shared/format.ts';
import { useRequest } from 'ahooks';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ActionButton, resolve, type ActionContext, type Row } from './actions.tsx';
import { columnValue, readField, renderCell, withStates } from './cells.tsx';
import { call } from './data.ts';
import { readPublicRecord } from './publicRecord.ts';
import type { DetailPage as DetailSchema, DetailSection, TableSection } from '../shared/schemaTypes.ts';
import { DetailTabs } from './DetailTabs.tsx';
import { usePermission } from './permissions.tsx';
import { endpoint } from './catalogue.ts';
import type { OpenForm } from './FormContainer.tsx';
import type { TimelineEntry } from './timeline.ts';

// The form drawer loads with the first form action opened, as on a list.
const FormContainer = lazy(() => import('./FormContainer.tsx').then((m) => ({ default: m.FormContainer })));
// A chart section's code (ECharts, the report definitions) loads with the first such section.
const DetailChart = lazy(() => import('./DetailChart.tsx'));
// The printed sheet loads when 打印 is pressed.
const PrintSheet = lazy(() => import('./PrintSheet.tsx'));

/** The workflow timeline of a record: every step with who, when and why. */
function TimelineCard({ resource, id, version }: { resource: string; id: unknown; version: unknown }) {
  const { data } = useRequest(() => call<TimelineEntry[]>(`${resource}.timeline`, { id }), { refreshDeps: [id, version] });
  return (
    <Card title="处理记录">
      <Timeline
        items={(data?.data ?? []).map((t) => ({
          children: (
            <>
              <Typography.Text strong>{t.actionText}</Typography.Text>
              <Typography.Text type="secondary">{`  ${t.staff_name ?? ''} · ${formatTime(t.at)} · 状态：${t.stateText}`}</Typography.Text>
              {t.note && <div>{t.note}</div>}
            </>
          ),
        }))}
      />
    </Card>
  );
}

const IMAGE = /\.(jpe?g|png|gif|webp|bmp)(\?.*)?$/i;

/** Photos open in the viewer with its toolbar and navbar off (spec 9); other files are download links. */
function Attachments({ value }: { value: unknown }) {
  const urls = (Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : []).map(String).filter(Boolean);
  if (!urls.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件" />;
  const images = urls.filter((u) => IMAGE.test(u));
  const files = urls.filter((u) => !IMAGE.test(u));
  return (
    <Space direction="vertical">
      <Image.PreviewGroup preview={{ toolbarRender: () => null, countRender: () => null }}>
        <Space wrap>
          {images.map((u, i) => (
            <Image key={u} src={u} width={104} height={104} style={{ objectFit: 'cover' }} alt={`附件图片 ${i + 1}`} />
          ))}
        </Space>
      </Image.PreviewGroup>
      {files.map((u) => (
        <Typography.Link key={u} href={u} download>
          {decodeURIComponent(u.split('/').pop() ?? u)}
        </Typography.Link>
      ))}
    </Space>
  );
}

/** Rows belonging to the record: a JSON field of it, or an endpoint called with bindings to it. */
function SubTable({ section, record, ctx, resource }: { section: TableSection; record: Row; ctx: ActionContext; resource: string }) {
  const { table } = section;
  const { data, loading } = useRequest(
    async () => {
      if (table.field) return (record[table.field] ?? []) as Row[];
      const params = Object.fromEntries(Object.entries(table.params ?? {}).map(([k, v]) => [k, resolve(v, ctx)]));
      const answer = await call<Row[] | { records: Row[] }>(table.endpoint!, params);
      const rows = answer.data;
      return Array.isArray(rows) ? rows : (rows?.records ?? []);
    },
    { refreshDeps: [record] },
  );
  return (
    <DataTable<Row>
      rowKey={(r) => String(r.id ?? JSON.stringify(r))}
      size="small"
      loading={loading}
      pagination={false}
      dataSource={Array.isArray(data) ? data : []}
      columns={table.columns.map((c) => ({ key: c.field, title: c.title, width: c.width, render: (_: unknown, r: Row) => renderCell(withStates(c, resource), columnValue(c, r)) }))}
    />
  );
}

function SectionBody({ section, record, ctx, resource }: { section: DetailSection; record: Row | undefined; ctx: ActionContext; resource: string }) {
  if ('attachments' in section) return record ? <Attachments value={readField(record, section.attachments)} /> : null;
  if ('table' in section) return record ? <SubTable section={section} record={record} ctx={ctx} resource={resource} /> : null;
  if ('chart' in section)
    return record ? (
      <Suspense fallback={<Spin />}>
        <DetailChart chart={section.chart} record={record} />
      </Suspense>
    ) : null;
  if ('tabs' in section) return record ? <DetailTabs section={section} record={record} renderTable={(table) => <SubTable section={{ title: section.title, table }} record={record} ctx={ctx} resource={resource} />} /> : null;
  return (
    <Descriptions
      column={3}
      items={section.items.map((item) => ({ key: item.field, label: item.title, span: item.span, children: record ? renderCell(withStates(item, resource), columnValue(item, record)) : null }))}
    />
  );
}

/** The record's id in the query: the first of the page's id parameters the address holds. */
function idFromQuery(query: URLSearchParams, idParam: string | string[] = 'id'): string | null {
  const name = [idParam].flat().find((n) => query.has(n));
  return name === undefined ? null : query.get(name);
}

/** A record's details: sections of descriptions, sub-tables and attachments, and the actions on it. */
export default function DetailPage({ page }: { page: DetailSchema }) {
  const params = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  // A chart section shows to those who may read its report.
  const can = usePermission();
  // A public page reads the one record its link's token names, without a session.
  const token = page.public ? query.get('token') : null;
  const id = page.public ? token : (params.id ?? idFromQuery(query, page.idParam));
  const { data, loading, refreshAsync } = useRequest(() => (token ? readPublicRecord(page.resource, token) : call<Row>(`${page.resource}.detail`, { id: Number(id) })), { refreshDeps: [id], ready: Boolean(id) });
  const record = data?.data;
  // A form action (edit this record, add a child) opens its form in a drawer over the details, which reload once it saves.
  const [form, setForm] = useState<OpenForm | null>(null);
  const [printing, setPrinting] = useState(false);
  // Opened without a record (a bookmark, the menu): nothing to load, say where records are chosen.
  if (!id) return <Result status="info" title={page.public ? '链接不完整' : '未指定记录'} subTitle={page.public ? '请使用发起人发送的完整链接打开' : '请从列表中选择要查看的记录'} />;
  if (!loading && data && !record) return <Result status={page.public ? 'warning' : '404'} title={page.public ? '无法打开' : '记录不存在'} subTitle={data.message} />;
  const ctx: ActionContext = {
    record,
    query: Object.fromEntries(query.entries()),
    resource: page.resource,
    reload: async () => {
      // After a delete the record is gone: go back to where the user came from.
      const fresh = await refreshAsync();
      if (fresh.status === '404') navigate(-1);
    },
    openForm: (action, formId, initialValues) => setForm({ action, id: formId, initialValues }),
  };
  return (
    <Spin spinning={loading}>
      <Space direction="vertical" style={{ width: '100%', ...(page.public ? { padding: 24, boxSizing: 'border-box' } : {}) }} size={16}>
        {page.public && <Typography.Title level={4}>{page.title}</Typography.Title>}
        {page.sections.filter((section) => !('chart' in section) || can(endpoint(`${section.chart.report}.query`).btnCode)).map((section, index) => (
          <Card
            key={section.title}
            title={section.title}
            extra={
              index === 0 && record && !page.public ? (
                <Space>
                  {(page.actions ?? []).map((a) => (
                    <ActionButton key={a.label} action={a} ctx={ctx} />
                  ))}
                  {page.print && <Button onClick={() => setPrinting(true)}>打印</Button>}
                </Space>
              ) : null
            }
          >
            <SectionBody section={section} record={record} ctx={ctx} resource={page.resource} />
          </Card>
        ))}
        {page.timeline && !page.public && record && <TimelineCard resource={page.resource} id={record.id} version={data} />}
        {printing && page.print && record && (
          <Suspense fallback={null}>
            <PrintSheet
              print={page.print}
              sections={page.sections}
              record={record}
              resource={page.resource}
              timeline={Boolean(page.timeline)}
              renderOther={(section) => <SectionBody section={section} record={record} ctx={ctx} resource={page.resource} />}
              onClose={() => setPrinting(false)}
            />
          </Suspense>
        )}
        {form && (
          <Suspense fallback={null}>
            <FormContainer open={form} onClose={() => setForm(null)} onSaved={() => void refreshAsync()} />
          </Suspense>
        )}
      </Space>
    </Spin>
  );
}
