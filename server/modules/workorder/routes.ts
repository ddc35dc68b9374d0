import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { roundTo } from '../../platform/db/dialect.ts';
import { badRequest, notFound, ok } from '../../platform/http/envelope.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { scopeRows, visibleProjectIds } from '../../engine/scope.ts';
import type { StaffContext } from '../../platform/types.ts';
import { maskValue } from '../../engine/resources/values.ts';
import { byProject, postsOf, processorsByProject } from '../org/public.ts';
import { ownOrders } from './visibility.ts';
import { OPEN_STATES } from './sla.ts';
import { feeItemTree, PAID_KINDS } from './fees.ts';

const VIEW_CODES = ['workorder:view', 'workorder:mine', 'workorder:pool', 'workorder:drafts', 'hangup:view', 'improper:view'];
const idProp = { type: 'integer', minimum: 1 } as const;
const query = (properties: Record<string, unknown>, required: string[] = []) => ({ querystring: { type: 'object', additionalProperties: false, required, properties } });

/** Projects a staff member works in (their organisation, their posts' projects, their assigned projects) and may see. */
async function workProjects(db: AnyDB, app: FastifyInstance, staff: StaffContext): Promise<number[]> {
  const own = (await db
    .selectFrom('org')
    .select('id')
    .where('type', '=', 'project')
    .where((eb) =>
      eb.or([
        eb('id', '=', staff.orgId),
        eb('id', 'in', eb.selectFrom('staff_post as sp').innerJoin('post as p', 'p.id', 'sp.post_id').select('p.org_id').where('sp.staff_id', '=', staff.id)),
        eb('id', 'in', eb.selectFrom('staff_project').select('project_id').where('staff_id', '=', staff.id)),
      ]),
    )
    .execute()) as { id: number }[];
  return [...new Set([...(await visibleProjectIds(app.db, staff)), ...own.map((r) => r.id)])];
}

/** An order the caller may see (scopeRows: the rule of the generic list and detail, with the order's own people), or 404. */
async function visibleOrder(app: FastifyInstance, staff: StaffContext, where: { id?: number; code?: string }): Promise<Row> {
  const db = app.db as unknown as AnyDB;
  let q = db.selectFrom('work_order').selectAll('work_order');
  q = where.id ? q.where('work_order.id', '=', where.id) : q.where('work_order.code', '=', where.code!);
  const scoped = await scopeRows({ db, staff, hooks: { ownRows: ({ db, staff }) => ownOrders(db, staff) } }, app.catalogue.resources.get('work_order')!, q);
  const order = (await scoped.executeTakeFirst()) as Row | undefined;
  if (!order) throw notFound('工单不存在或已被删除');
  return order;
}

/**
 * The work order's own calls besides the generic ones: select options of its forms and dialogs
 * (houses, customers, processors, seize posts), the landing page's to-dos, an order's SLA
 * warnings and its materials by task code (spec 7.5 inventory).
 */
export async function workOrderRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db as unknown as AnyDB;

  /** Buildings with their houses of a project, as a tree select (houses are the choices). */
  app.get('/assets', { config: { btnCode: ['workorder:add', 'workorder:edit'] }, schema: query({ projectId: idProp }, ['projectId']) }, async (request) => {
    const { projectId } = request.query as { projectId: number };
    if (!(await visibleProjectIds(app.db, request.staff!)).includes(projectId)) return ok([]);
    const houses = (await db
      .selectFrom('house')
      .innerJoin('building', 'building.id', 'house.building_id')
      .select(['house.id', 'house.building_id', 'building.name as building_name', 'house.unit_no', 'house.room_no'])
      .where('building.project_id', '=', projectId)
      .orderBy('house.building_id')
      .orderBy('house.unit_no')
      .orderBy('house.room_no')
      .execute()) as Row[];
    const buildings = new Map<unknown, { label: string; value: string; selectable: false; children: { label: string; value: number }[] }>();
    for (const h of houses) {
      if (!buildings.has(h.building_id)) buildings.set(h.building_id, { label: String(h.building_name ?? ''), value: `b${String(h.building_id)}`, selectable: false, children: [] });
      buildings.get(h.building_id)!.children.push({ label: `${String(h.building_name ?? '')} ${String(h.unit_no)}单元 ${String(h.room_no)}`, value: Number(h.id) });
    }
    return ok([...buildings.values()]);
  });

  /** The customers of a house (owner, tenant, family), masked mobile in the label. */
  app.get('/customers', { config: { btnCode: ['workorder:add', 'workorder:edit'] }, schema: query({ houseId: idProp }, ['houseId']) }, async (request) => {
    const { houseId } = request.query as { houseId: number };
    const visible = await visibleProjectIds(app.db, request.staff!);
    const rows = (await db.selectFrom('customer').select(['id', 'name', 'mobile', 'kind', 'project_id']).where('house_id', '=', houseId).orderBy('id').execute()) as Row[];
    const kinds: Record<string, string> = { owner: '业主', tenant: '租户', family: '家庭成员' };
    return ok(rows.filter((r) => visible.includes(Number(r.project_id))).map((r) => ({ label: `${String(r.name)}（${kinds[String(r.kind)] ?? String(r.kind)}）${maskValue('mobile', String(r.mobile))}`, value: r.id })));
  });

  /** The states of an order someone has on their hands (not the pool's, nor waiting to be given). */
  const ON_HAND = ['dispatched', 'processing', 'hangup_pending', 'improper_pending'];
  /** The price list to charge an order from (service type → items with unit price), for the forms and the handling dialog. */
  app.get('/feeItems', { config: { btnCode: ['workorder:add', 'workorder:edit', 'workorder:handle'] }, schema: query({ kind: { type: 'string', enum: PAID_KINDS } }) }, async (request) => {
    return ok(await feeItemTree(db, (request.query as { kind?: string }).kind));
  });

  /** Who may take an order, by project: staff working there who may handle work orders. */
  app.get('/processors', { config: { btnCode: ['workorder:giveOut', 'workorder:transfer', 'servertype:add', 'servertype:edit'] } }, async (request) => {
    const groups = await processorsByProject(db, await workProjects(db, app, request.staff!));
    // Whom to give an order to: each one's open orders and whether they are on one now (issue 42).
    const ids = [...new Set(groups.flatMap((g) => g.staff.map((s) => s.id)))];
    const load = ids.length
      ? await app.db
          .selectFrom('work_order')
          .select(['processor_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
          .where('processor_id', 'in', ids)
          .where('status', 'in', ON_HAND)
          .groupBy(['processor_id', 'status'])
          .execute()
      : [];
    const describe = (id: number) => {
      const mine = load.filter((l) => l.processor_id === id);
      const open = mine.reduce((sum, l) => sum + Number(l.n), 0);
      const busy = mine.some((l) => l.status === 'processing');
      return open ? `在办 ${open} 单，${busy ? '处理中' : '待接单'}` : '空闲';
    };
    return ok(
      groups
        .filter((g) => g.staff.length)
        .map((g) => ({
          label: g.projectName,
          value: `p${g.projectId}`,
          selectable: false,
          children: g.staff.map((s) => ({ label: `${s.posts ? `${s.name}（${s.posts}）` : s.name} · ${describe(s.id)}`, value: s.id })),
        })),
    );
  });

  /** Posts an order may be given to for seizing, by project. */
  app.get('/posts', { config: { btnCode: ['workorder:giveOut', 'warn:add', 'warn:edit'] } }, async (request) => {
    return ok(await byProject(db, 'post', await visibleProjectIds(app.db, request.staff!)));
  });

  /** The SLA warnings given for an order (the detail page's section). */
  app.get('/warnings', { config: { btnCode: VIEW_CODES }, schema: query({ id: idProp }, ['id']) }, async (request) => {
    const { id } = request.query as { id: number };
    await visibleOrder(app, request.staff!, { id });
    const rows = await app.db.selectFrom('work_order_warning').select(['id', 'rule_name', 'stage', 'level', 'due_at', 'notified', 'at']).where('work_order_id', '=', id).orderBy('at').orderBy('id').execute();
    return ok(rows);
  });

  /** Spec 7.5 "inventory by task code": the materials used on an order, with amounts and the total. */
  app.get('/inventory', { config: { btnCode: VIEW_CODES }, schema: query({ taskCode: { type: 'string', minLength: 1, maxLength: 32 } }, ['taskCode']) }, async (request) => {
    const { taskCode } = request.query as { taskCode: string };
    const order = await visibleOrder(app, request.staff!, { code: taskCode });
    let materials: Row[] = [];
    try {
      materials = order.materials ? (JSON.parse(String(order.materials)) as Row[]) : [];
    } catch {
      throw badRequest('工单的材料记录无法读取');
    }
    const records = materials.map((m) => ({ ...m, amount: Math.round(Number(m.quantity ?? 0) * Number(m.price ?? 0) * 100) / 100 }));
    return ok({ taskCode, records, total: Math.round(records.reduce((sum, r) => sum + r.amount, 0) * 100) / 100 });
  });

  /**
   * The caller's to-dos for the landing page: each with its count and the screen that lists
   * them, only those their permissions give them; and today's figures of their projects.
   */
  app.get('/todo', { config: { anyStaff: true } }, async (request) => {
    const staff = request.staff!;
    const can = (code: string) => staff.buttons.has(code);
    const projects = await visibleProjectIds(app.db, staff);
    const inProjects = projects.length ? projects : [0];
    const count = async (build: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => Number(((await build(base()).executeTakeFirstOrThrow()) as Row).n);
    const base = () => db.selectFrom('work_order').select((eb) => eb.fn.countAll<number>().as('n'));
    // Each to-do opens its list filtered to exactly what it counted (the list reads `query` as its filters).
    const items: { key: string; title: string; count: number; route: string; query?: Record<string, string> }[] = [];
    if (can('workorder:handle')) {
      items.push({ key: 'handle', title: '待我处理的工单', route: '/home_task/taskList2', query: { status: 'dispatched,processing' }, count: await count((q) => q.where('processor_id', '=', staff.id).where('status', 'in', ['dispatched', 'processing'])) });
    }
    if (can('workorder:seize')) {
      const posts = await postsOf(db, staff.id);
      items.push({ key: 'seize', title: '抢单池可抢工单', route: '/home_task/taskList3', count: posts.length ? await count((q) => q.where('status', '=', 'pool').where('post_id', 'in', posts)) : 0 });
    }
    if (can('workorder:giveOut')) items.push({ key: 'dispatch', title: '待派单的工单', route: '/home_task/taskList', query: { status: 'pending' }, count: await count((q) => q.where('status', '=', 'pending').where('project_id', 'in', inProjects)) });
    if (can('workorder:confirm')) items.push({ key: 'confirm', title: '待确认完成的工单', route: '/home_task/taskList', query: { status: 'to_confirm' }, count: await count((q) => q.where('status', '=', 'to_confirm').where('project_id', 'in', inProjects)) });
    if (can('hangup:approve')) items.push({ key: 'hangUp', title: '挂起申请待审批', route: '/approve-manager/hangUp', count: await count((q) => q.where('status', '=', 'hangup_pending').where('project_id', 'in', inProjects)) });
    if (can('improper:approve')) items.push({ key: 'improper', title: '异常关闭待审批', route: '/approve-manager/improper2', count: await count((q) => q.where('status', '=', 'improper_pending').where('project_id', 'in', inProjects)) });
    if (can('workorder:add')) items.push({ key: 'drafts', title: '我的草稿', route: '/home_task/draftsList', count: await count((q) => q.where('status', '=', 'draft').where('created_by', '=', staff.id)) });

    const start = new Date();
    start.setHours(0, 0, 0, 0);
    const today = start.getTime();
    const figures = can('workorder:view')
      ? {
          reported: await count((q) => q.where('project_id', 'in', inProjects).where('created_at', '>=', today).where('status', '!=', 'draft')),
          handled: await count((q) => q.where('project_id', 'in', inProjects).where('handled_at', '>=', today)),
          open: await count((q) => q.where('project_id', 'in', inProjects).where('status', 'in', OPEN_STATES)),
          overdue: await count((q) => q.where('project_id', 'in', inProjects).where('status', 'in', OPEN_STATES).where('sla_state', '=', 'overdue')),
          satisfaction: await satisfaction(db, inProjects, today),
        }
      : null;
    return ok({ items, figures });
  });
}

/** Average evaluation of the orders evaluated today, to one decimal; null when none was. */
async function satisfaction(db: AnyDB, projects: number[], since: number): Promise<number | null> {
  const row = (await db
    .selectFrom('work_order')
    .select(roundTo(sql`avg(evaluation_score)`, 1).as('avg'))
    .where('project_id', 'in', projects)
    .where('evaluated_at', '>=', since)
    .executeTakeFirstOrThrow()) as { avg: number | null };
  return row.avg === null ? null : Number(row.avg);
}
