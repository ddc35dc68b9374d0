import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { OPTION_LIST_QUERY } from '../../../platform/http/inputSchemas.ts';
import { notFound, ok } from '../../../platform/http/envelope.ts';
import { RUNTIME_COMPONENTS, type RuntimeForm } from '../../../../src/shared/runtimeForm.ts';

/** A template's check items as rows (/module-manager/detailTemplate). */
export const workTemplateHooks: ResourceHooks = {
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.get('/items', { config: { btnCode: 'template:view' }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } } }, async (request) => {
      const { id } = request.query as { id: number };
      const row = await db.selectFrom('work_template').select('form').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('模板不存在');
      const form = JSON.parse(String(row.form)) as RuntimeForm;
      return ok(form.items.map((item, i) => ({ no: i + 1, label: item.label, componentText: RUNTIME_COMPONENTS[item.component], requiredText: item.required ? '是' : '否', optionsText: (item.options ?? []).join('、') })));
    });
    // The enabled event templates, the choices of an event's report.
    app.get('/eventOptions', { config: { btnCode: ['event:add', 'event:report', 'event:view'] }, schema: { querystring: OPTION_LIST_QUERY } }, async () => {
      const rows = await db.selectFrom('work_template').select(['id', 'name']).where('kind', '=', 'event').where('enabled', '=', 1).orderBy('id').execute();
      return ok(rows.map((r) => ({ label: r.name, value: r.id })));
    });
  },
};
