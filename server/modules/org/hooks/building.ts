import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../../platform/http/envelope.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';

/**
 * A building never has fewer floors or units than its houses use, and its houses carry its
 * name for lists (renaming it renames theirs).
 */
export const buildingHooks: ResourceHooks = {
  async beforeSave({ trx, id, values }) {
    if (id === null) return;
    const used = (await trx
      .selectFrom('house')
      .select((eb) => [eb.fn.max('floor').as('floor'), eb.fn.max('unit_no').as('unit')])
      .where('building_id', '=', id)
      .executeTakeFirst()) as { floor: number | null; unit: number | null } | undefined;
    if (used?.floor && values.floors !== undefined && Number(values.floors) < used.floor) throw badRequest(`该楼栋已有第 ${used.floor} 层的房屋，总层数不能少于 ${used.floor}`);
    if (used?.unit && values.units !== undefined && Number(values.units) < used.unit) throw badRequest(`该楼栋已有 ${used.unit} 单元的房屋，单元数不能少于 ${used.unit}`);
  },

  async afterSave({ trx, id, values, created }) {
    if (!created && typeof values.name === 'string') await trx.updateTable('house').set({ building_name: values.name }).where('building_id', '=', id).execute();
  },

  /** Buildings of the caller's projects as select options, named with their project ("翠湖天地 1栋"). */
  async routes(app: FastifyInstance) {
    app.get(
      '/choices',
      { config: { btnCode: 'asset:view' }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } } } },
      async (request) => {
        const projects = await visibleProjectIds(app.db, request.staff!);
        if (!projects.length) return ok([]);
        const rows = (await (app.db as unknown as AnyDB)
          .selectFrom('building')
          .innerJoin('org', 'org.id', 'building.project_id')
          .select(['building.id', 'building.name', 'org.name as project'])
          .where('building.project_id', 'in', projects)
          .orderBy('org.sort')
          .orderBy('building.name')
          .execute()) as { id: number; name: string; project: string }[];
        return ok(rows.map((r) => ({ label: `${r.project} ${r.name}`, value: r.id })));
      },
    );
  },
};
