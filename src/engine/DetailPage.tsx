import { Card, Descriptions, Result, Space, Spin, Timeline, Typography } from 'antd';
import { formatTime } from '../shared/format.ts';
import { useRequest } from 'ahooks';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ActionButton, type ActionContext, type Row } from './actions.tsx';
import { readField, renderCell, withStates } from './cells.tsx';
import { call } from './data.ts';
import type { DetailPage as DetailSchema } from './schemaTypes.ts';

interface TimelineEntry {
  actionText: string;
  stateText: string;
  note: string | null;
  staff_name: string | null;
  at: number;
}

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

/** A record's details: sections of descriptions, and the actions on it. */
export default function DetailPage({ page }: { page: DetailSchema }) {
  const params = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const id = params.id ?? query.get('id');
  const { data, loading, refreshAsync } = useRequest(() => call<Row>(`${page.resource}.detail`, { id: Number(id) }), { refreshDeps: [id] });
  const record = data?.data;
  if (!loading && data && !record) return <Result status="404" title="记录不存在" subTitle={data.message} />;
  const ctx: ActionContext = {
    record,
    query: Object.fromEntries(query.entries()),
    resource: page.resource,
    reload: async () => {
      // After a delete the record is gone: go back to where the user came from.
      const fresh = await refreshAsync();
      if (fresh.status === '404') navigate(-1);
    },
    openForm: () => undefined,
  };
  return (
    <Spin spinning={loading}>
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        {page.sections.map((section, index) => (
          <Card
            key={section.title}
            title={section.title}
            extra={
              index === 0 && record ? (
                <Space>
                  {(page.actions ?? []).map((a) => (
                    <ActionButton key={a.label} action={a} ctx={ctx} />
                  ))}
                </Space>
              ) : null
            }
          >
            <Descriptions
              column={3}
              items={section.items.map((item) => ({ key: item.field, label: item.title, span: item.span, children: record ? renderCell(withStates(item, page.resource), readField(record, item.field)) : null }))}
            />
          </Card>
        ))}
        {page.timeline && record && <TimelineCard resource={page.resource} id={record.id} version={data} />}
      </Space>
    </Spin>
  );
}
