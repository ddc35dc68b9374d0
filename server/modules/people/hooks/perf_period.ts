import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import { conflict, notFound, ok } from '../../../platform/http/envelope.ts';
import { generateSheets } from '../generate.ts';

/** Assessment periods; `/generate` (生成本期考核表) makes the period's sheets, once per staff member. */
export const perfPeriodHooks: ResourceHooks = {
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.post(
      '/generate',
      { config: { btnCode: 'perfPeriod:generate' }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } } },
      async (request) => {
        const { id } = request.body as { id: number };
        const staff = request.staff!;
        // Only the projects the caller's data scope reaches: nobody generates sheets beyond it.
        const projects = staff.dataScopes.includes('all') ? null : await visibleProjectIds(app.db, staff);
        const result = await db.transaction().execute(async (trx) => {
          const period = (await trx.selectFrom('perf_period').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
          if (!period) throw notFound('考核周期不存在或已被删除');
          if (period.status === 'closed') throw conflict(`考核周期「${String(period.name)}」已结束，不能生成考核表`);
          return generateSheets(trx, period, projects, staff);
        });
        const message = result.created ? `已生成 ${result.created} 张考核表` : '本期考核表均已生成，没有新增';
        return ok({ created: result.created, existing: result.existing }, result.existing && result.created ? `${message}（${result.existing} 人已有本期考核表，未重复生成）` : message);
      },
    );
  },
};
