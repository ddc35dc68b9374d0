import { Card, Spin } from 'antd';
import { useRequest } from 'ahooks';
import { call, type Page } from './data.ts';
import { FormBody } from './FormBody.tsx';
import type { FormPage, SettingsPage as SettingsSchema } from '../shared/schemaTypes.ts';

/** One record edited in place: the resource's first record, created on the first save. */
export default function SettingsPage({ page }: { page: SettingsSchema }) {
  const { data, loading, refresh } = useRequest(() => call<Page<{ id: number }>>(`${page.resource}.list`, { pageSize: 1, sortField: 'id', sortOrder: 'ascend' }));
  const id = data?.data?.records[0]?.id;
  const form: FormPage = { route: page.route, title: page.title, kind: 'form', resource: page.resource, fields: page.fields, columns: page.columns };
  return (
    <Card title={page.title}>
      <Spin spinning={loading}>{!loading && <FormBody key={id ?? 'new'} page={form} id={id} onSaved={refresh} onCancel={refresh} />}</Spin>
    </Card>
  );
}
