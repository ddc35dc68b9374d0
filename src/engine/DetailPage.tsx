import { Card, Descriptions, Result, Space, Spin } from 'antd';
import { useRequest } from 'ahooks';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ActionButton, type ActionContext, type Row } from './actions.tsx';
import { readField, renderCell } from './cells.tsx';
import { call } from './data.ts';
import type { DetailPage as DetailSchema } from './schemaTypes.ts';

/** A record's details: sections of descriptions, and the actions on it. */
export default function DetailPage({ page }: { page: DetailSchema }) {
  const params = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const id = params.id ?? query.get('id');
  const { data, loading, refresh } = useRequest(() => call<Row>(`${page.resource}.detail`, { id: Number(id) }), { refreshDeps: [id] });
  const record = data?.data;
  if (!loading && data && !record) return <Result status="404" title="记录不存在" subTitle={data.message} />;
  const ctx: ActionContext = {
    record,
    query: Object.fromEntries(query.entries()),
    resource: page.resource,
    reload: () => {
      // After a delete the record is gone: go back to where the user came from.
      if ((page.actions ?? []).some((a) => a.type === 'request' && a.endpoint.endsWith('.delete'))) navigate(-1);
      else refresh();
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
            <Descriptions column={3} items={section.items.map((item) => ({ key: item.field, label: item.title, span: item.span, children: record ? renderCell(item, readField(record, item.field)) : null }))} />
          </Card>
        ))}
      </Space>
    </Spin>
  );
}
