import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../platform/http/envelope.ts';
import type { ListPage } from '../../../src/shared/schemaTypes.ts';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, pageSizeOptionsOf, type TablePreference } from '../../../src/shared/tablePreferences.ts';

const routeBody = { route: { type: 'string', minLength: 1, maxLength: 200 } };

/**
 * Saved table preferences (issue 42): each signed-in user reads and writes only their own, by
 * screen. A screen is a list page of the catalogue; its columns and page sizes are the page's.
 */
export default async function preferenceRoutes(app: FastifyInstance) {
  const lists = new Map(app.catalogue.pages.filter((p): p is ListPage => p.kind === 'list').map((p) => [p.route, p]));
  const listOf = (route: string) => {
    const page = lists.get(route);
    if (!page) throw badRequest('没有这个列表页面');
    return page;
  };

  app.get('/tablePreference/mine', { config: { anyStaff: true }, schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } } }, async (request) => {
    const rows = await app.db.selectFrom('table_preference').select(['route', 'value']).where('staff_id', '=', request.staff!.id).execute();
    return ok(Object.fromEntries(rows.filter((r) => lists.has(r.route)).map((r) => [r.route, JSON.parse(r.value) as TablePreference])));
  });

  app.post(
    '/tablePreference/save',
    {
      config: { anyStaff: true },
      schema: {
        body: {
          type: 'object',
          required: ['route'],
          additionalProperties: false,
          properties: {
            ...routeBody,
            pageSize: { type: 'integer', minimum: 1, maximum: 10000 },
            columns: {
              type: 'array',
              maxItems: 100,
              items: {
                type: 'object',
                required: ['key'],
                additionalProperties: false,
                properties: { key: { type: 'string', minLength: 1, maxLength: 100 }, hidden: { type: 'boolean' }, width: { type: 'integer', minimum: MIN_COLUMN_WIDTH, maximum: MAX_COLUMN_WIDTH } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { route, ...value } = request.body as TablePreference & { route: string };
      const page = listOf(route);
      if (value.pageSize !== undefined && !pageSizeOptionsOf(page).includes(value.pageSize)) throw badRequest(`每页条数只能是 ${pageSizeOptionsOf(page).join('、')}`);
      const fields = new Set(page.columns.map((c) => c.field));
      const keys = (value.columns ?? []).map((c) => c.key);
      if (keys.some((k) => !fields.has(k))) throw badRequest('列设置中有这个列表没有的列');
      if (new Set(keys).size !== keys.length) throw badRequest('列设置中有重复的列');
      if (value.columns && value.columns.every((c) => c.hidden)) throw badRequest('至少显示一列');
      const now = Date.now();
      const row = { staff_id: request.staff!.id, route, value: JSON.stringify(value), updated_at: now };
      await app.db.transaction().execute((trx) =>
        trx.insertInto('table_preference').values(row).onConflict((oc) => oc.columns(['staff_id', 'route']).doUpdateSet({ value: row.value, updated_at: now })).execute(),
      );
      return ok(value, '列表设置已保存');
    },
  );

  app.post(
    '/tablePreference/reset',
    { config: { anyStaff: true }, schema: { body: { type: 'object', required: ['route'], additionalProperties: false, properties: routeBody } } },
    async (request) => {
      const { route } = request.body as { route: string };
      listOf(route);
      await app.db.transaction().execute((trx) => trx.deleteFrom('table_preference').where('staff_id', '=', request.staff!.id).where('route', '=', route).execute());
      return ok(null, '已恢复默认设置');
    },
  );
}
