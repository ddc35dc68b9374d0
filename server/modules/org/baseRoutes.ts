import type { FastifyInstance } from 'fastify';
import { notFound, ok } from '../../platform/http/envelope.ts';
import { visibleProjectIds } from '../../engine/scope.ts';
import roleCalls from './roles.ts';
import orgCalls from './orgRoutes.ts';
import { OPTION_LIST_QUERY } from '../../platform/http/inputSchemas.ts';

export default async function baseService(app: FastifyInstance) {
  await app.register(roleCalls);
  await app.register(orgCalls);

  /** Figures of the landing page: the caller's projects and what is open in them today. */
  app.get('/overview', { config: { anyStaff: true } }, async (request) => {
    const projects = await visibleProjectIds(app.db, request.staff!);
    if (projects.length === 0) return ok({ projects: 0, customers: 0, openOrders: 0, todayOrders: 0, byStatus: {} });
    const startOfDay = new Date();
    startOfDay.setHours(0, 0, 0, 0);
    const [customers, orders, today] = await Promise.all([
      app.db.selectFrom('customer').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', 'in', projects).executeTakeFirstOrThrow(),
      app.db.selectFrom('work_order').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('project_id', 'in', projects).groupBy('status').execute(),
      app.db
        .selectFrom('work_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', 'in', projects)
        .where('created_at', '>=', startOfDay.getTime())
        .executeTakeFirstOrThrow(),
    ]);
    const byStatus = Object.fromEntries(orders.map((o) => [o.status, Number(o.n)]));
    // The open states of the work order lifecycle (schemas/workorder/resources/work_order.json).
    const open = ['pending', 'pool', 'dispatched', 'processing', 'hangup_pending', 'suspended', 'improper_pending'].reduce((sum, s) => sum + (byStatus[s] ?? 0), 0);
    return ok({ projects: projects.length, customers: Number(customers.n), openOrders: open, todayOrders: Number(today.n), byStatus });
  });

  /** The latest published service or privacy agreement (spec 2.2 /userPrivateProxy); readable before sign-in. */
  app.get(
    '/privacyAgreement/published',
    { config: { public: true }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { kind: { type: 'string', enum: ['service', 'privacy'] } }, required: ['kind'] } } },
    async (request) => {
      const { kind } = request.query as { kind: string };
      const row = await app.db
        .selectFrom('privacy_agreement')
        .select(['kind', 'version', 'title', 'content', 'published_at'])
        .where('kind', '=', kind)
        .where('status', '=', 'published')
        .orderBy('published_at', 'desc')
        .executeTakeFirst();
      if (!row) throw notFound('协议尚未发布');
      return ok(row);
    },
  );

  /** The projects the caller may work in, as select options (every project-scoped form and filter). */
  app.get('/org/projects', { config: { anyStaff: true }, schema: { querystring: OPTION_LIST_QUERY } }, async (request) => {
    const ids = await visibleProjectIds(app.db, request.staff!);
    if (!ids.length) return ok([]);
    const rows = await app.db.selectFrom('org').select(['id', 'name']).where('id', 'in', ids).where('enabled', '=', 1).orderBy('sort').execute();
    return ok(rows.map((r) => ({ label: r.name, value: r.id })));
  });
}
