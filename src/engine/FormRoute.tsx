import { Card } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { FormBody } from './FormBody.tsx';
import { preloadFields } from './fields.tsx';
import type { FormPage } from '../shared/schemaTypes.ts';

/** The code of the form's lazily loaded fields (date pickers and the like), fetched with the route (app/routes.ts). */
export const preload = (page: FormPage) => preloadFields(page.fields);

/**
 * A form page as a route: /label-create creates, /label-create?id=3 (or /x/:id) edits. A new
 * record starts from the query's values of the form's own fields (新增沟通 from a customer's profile).
 */
export default function FormRoute({ page }: { page: FormPage }) {
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const id = params.id ?? query.get('id') ?? undefined;
  const initialValues = useMemo(
    () =>
      Object.fromEntries(
        [...query.entries()]
          .filter(([name]) => name !== 'id' && name in page.fields)
          .map(([name, value]) => [name, page.fields[name]!.type === 'number' && /^\d+$/.test(value) ? Number(value) : value]),
      ),
    [query, page.fields],
  );
  const done = () => (page.afterSave ? navigate(page.afterSave) : navigate(-1));
  return (
    <Card title={id ? page.title.replace(/^新增/, '编辑') : page.title}>
      <FormBody key={id ?? 'new'} page={page} id={id} initialValues={initialValues} onSaved={done} onCancel={() => navigate(-1)} />
    </Card>
  );
}
