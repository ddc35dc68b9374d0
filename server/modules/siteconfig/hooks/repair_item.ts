import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { OPTION_LIST_QUERY } from '../../../platform/http/inputSchemas.ts';

/**
 * The repair price list (维修服务): the unit price is labour plus material, kept by the server;
 * /serviceTypes offers the service types (类别 / 类型) to price, to whoever keeps the list,
 * without the service-type screen's own permission.
 */
export const repairItemHooks: ResourceHooks = {
  async beforeSave({ values, current }) {
    const labour = (values.labour_fee ?? current?.labour_fee ?? 0) as number;
    const material = (values.material_fee ?? current?.material_fee ?? 0) as number;
    values.total_price = Math.round((labour + material) * 100) / 100;
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.get('/serviceTypes', { config: { btnCode: ['repairItem:view', 'repairItem:add', 'repairItem:edit'] }, schema: { querystring: OPTION_LIST_QUERY } }, async () => {
      const rows = await db.selectFrom('service_type as t').innerJoin('service_type as c', 'c.id', 't.parent_id').select(['t.id', 't.name', 'c.name as category']).where('t.enabled', '=', 1).orderBy('c.sort').orderBy('t.sort').execute();
      return ok(rows.map((r) => ({ label: `${r.category} / ${r.name}`, value: r.id })));
    });
  },
};
