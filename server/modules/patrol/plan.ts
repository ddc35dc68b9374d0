import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { badRequest, conflict, notFound, ok } from '../../platform/http/envelope.ts';
import { sendExcel } from '../../platform/http/excel.ts';
import type { DB } from '../../platform/db/index.ts';
import type { TbpPlanTable } from './tables.ts';
import {
  EXPORT_LIMIT,
  FREQ_TEXT,
  WEEKDAY_TEXT,
  assertProject,
  dayOf,
  dayProp,
 
  formatTime,
  idProp,
  isRealDay,
  offsetOf,
  pageOf,
  pageProps,
  parseJsonList,
  projectFilter,
  scopeOf,
  timeProp,
  type PageQuery,
  type PatrolScope,
  NONE,
  datedFileName,
  countRows,
} from './common.ts';
import { CODES } from './permissions.ts';
import { linePostsInProject, lineStaff, stripeByCode, stripeOptions } from './stripe.ts';
import { contains } from '../../platform/db/textSearch.ts';

type Plan = Selectable<TbpPlanTable>;

export interface PlanInput {
  id?: number;
  projectId: number;
  name: string;
  stripeCode: string;
  assignType: 'post' | 'staff';
  postId?: number | null;
  staffIds?: number[];
  freqType: 'daily' | 'weekly' | 'monthly' | 'interval';
  freqDays?: number[];
  intervalDays?: number | null;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  leadMinutes: number;
  ordered?: boolean;
  pointIds: number[];
  remark?: string;
}

const planProps = {
  projectId: idProp,
  name: { type: 'string', minLength: 1, maxLength: 50 },
  stripeCode: { type: 'string', minLength: 1, maxLength: 64 },
  assignType: { type: 'string', enum: ['post', 'staff'] },
  postId: { anyOf: [idProp, { type: 'null' }] },
  staffIds: { type: 'array', maxItems: 50, uniqueItems: true, items: idProp },
  freqType: { type: 'string', enum: ['daily', 'weekly', 'monthly', 'interval'] },
  freqDays: { type: 'array', maxItems: 31, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 31 } },
  intervalDays: { anyOf: [{ type: 'integer', minimum: 2, maximum: 365 }, { type: 'null' }] },
  startDate: dayProp,
  endDate: dayProp,
  startTime: timeProp,
  endTime: timeProp,
  leadMinutes: { type: 'integer', minimum: 0, maximum: 1440 },
  ordered: { type: 'boolean' },
  pointIds: { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: idProp },
  remark: { type: 'string', maxLength: 200 },
};
const REQUIRED = ['projectId', 'name', 'stripeCode', 'assignType', 'freqType', 'startDate', 'endDate', 'startTime', 'endTime', 'leadMinutes', 'pointIds'];

/** How a plan's frequency reads: 每天, 每周一、三、五, 每月 1、15 日, 每 3 天. */
export function frequencyText(plan: Pick<Plan, 'freq_type' | 'freq_days' | 'interval_days'>): string {
  const days = parseJsonList<number>(plan.freq_days);
  if (plan.freq_type === 'weekly') return `每${days.map((d) => WEEKDAY_TEXT[d]).join('、')}`;
  if (plan.freq_type === 'monthly') return `每月 ${days.join('、')} 日`;
  if (plan.freq_type === 'interval') return `每 ${plan.interval_days} 天`;
  return FREQ_TEXT[plan.freq_type] ?? plan.freq_type;
}

/** Every rule of a plan that a schema cannot say; answers the columns to store. */
async function checkPlan(db: DB, scope: PatrolScope, input: PlanInput, id: number | null) {
  assertProject(scope, input.projectId);
  const name = input.name.trim();
  if (!name) throw badRequest('请填写计划名称');
  let same = db.selectFrom('tbp_plan').select('id').where('name', '=', name);
  if (id !== null) same = same.where('id', '!=', id);
  if (await same.executeTakeFirst()) throw conflict(`计划名称「${name}」已存在`);
  const project = await db.selectFrom('org').select('id').where('id', '=', input.projectId).where('type', '=', 'project').executeTakeFirst();
  if (!project) throw badRequest('项目不存在');
  const stripe = await stripeByCode(db, input.stripeCode);
  if (!stripe) throw badRequest('业务线不存在或已被删除');

  let postId: number | null = null;
  let staffIds: number[] = [];
  if (input.assignType === 'post') {
    if (!input.postId) throw badRequest('请选择执行岗位');
    const posts = await linePostsInProject(db, stripe.id, input.projectId);
    if (!posts.some((p) => p.id === input.postId)) throw badRequest(`所选岗位不是该项目「${stripe.stripeName}」业务线的岗位`);
    postId = input.postId;
  } else {
    staffIds = input.staffIds ?? [];
    if (!staffIds.length) throw badRequest('请选择执行人员');
    const eligible = new Set((await lineStaff(db, stripe.id, input.projectId)).map((s) => s.staffId));
    const outside = staffIds.filter((s) => !eligible.has(s));
    if (outside.length) {
      const names = await db.selectFrom('staff').select('name').where('id', 'in', outside).execute();
      throw badRequest(`${names.map((n) => n.name).join('、') || '所选人员'}不在该项目「${stripe.stripeName}」业务线的岗位上`);
    }
  }

  const freqDays = [...new Set(input.freqDays ?? [])].sort((a, b) => a - b);
  let intervalDays: number | null = null;
  if (input.freqType === 'weekly') {
    if (!freqDays.length) throw badRequest('请选择每周巡查的日期');
    if (freqDays.some((d) => d > 7)) throw badRequest('每周巡查的日期应为周一到周日');
  } else if (input.freqType === 'monthly') {
    if (!freqDays.length) throw badRequest('请选择每月巡查的日期');
  } else if (input.freqType === 'interval') {
    if (!input.intervalDays) throw badRequest('请填写间隔天数');
    intervalDays = input.intervalDays;
  }
  if (!isRealDay(input.startDate) || !isRealDay(input.endDate)) throw badRequest('日期不正确');
  if (input.startDate > input.endDate) throw badRequest('结束日期不能早于开始日期');
  if (input.startTime >= input.endTime) throw badRequest('巡查时段的结束时间应晚于开始时间');

  const points = await db.selectFrom('tbp_point').select(['id', 'project_id', 'enabled', 'deleted_at', 'name']).where('id', 'in', input.pointIds).execute();
  if (points.length !== input.pointIds.length || points.some((p) => p.deleted_at !== null)) throw badRequest('巡查点位不存在或已被删除');
  const foreign = points.find((p) => p.project_id !== input.projectId);
  if (foreign) throw badRequest(`点位「${foreign.name}」不属于该项目`);
  const disabled = points.find((p) => !p.enabled);
  if (disabled) throw badRequest(`点位「${disabled.name}」已停用`);

  return {
    values: {
      project_id: input.projectId,
      name,
      stripe_code: input.stripeCode,
      assign_type: input.assignType,
      post_id: postId,
      staff_ids: JSON.stringify(staffIds),
      freq_type: input.freqType,
      freq_days: JSON.stringify(input.freqType === 'weekly' || input.freqType === 'monthly' ? freqDays : []),
      interval_days: intervalDays,
      start_date: input.startDate,
      end_date: input.endDate,
      start_time: input.startTime,
      end_time: input.endTime,
      lead_minutes: input.leadMinutes,
      ordered: input.ordered ? 1 : 0,
      remark: input.remark?.trim() || null,
    },
    pointIds: input.pointIds,
  };
}

async function writePoints(db: DB, planId: number, pointIds: number[]) {
  await db.deleteFrom('tbp_plan_point').where('plan_id', '=', planId).execute();
  for (const [sort, pointId] of pointIds.entries()) await db.insertInto('tbp_plan_point').values({ plan_id: planId, point_id: pointId, sort }).execute();
}

interface PlanFilter extends PageQuery {
  projectId?: number;
  name?: string;
  status?: string;
  stripeCode?: string;
}
const filterProps = { projectId: idProp, name: { type: 'string', maxLength: 50 }, status: { type: 'string', enum: ['running', 'stopped'] }, stripeCode: { type: 'string', maxLength: 64 } };

/** Patrol plans (spec 7.2 tbpPlan): points in order, a frequency, a date range, a daily window, who does it. */
export default async function planRoutes(app: FastifyInstance) {
  const db = app.db;

  /** Plans as the screens read them, with names for the stripe, post, staff and project. */
  async function describe(plans: (Plan & { projectName?: string })[]) {
    const stripes = new Map((await stripeOptions(db).catch(() => [])).map((s) => [s.stripeCode, s.stripeName]));
    const staffIds = [...new Set(plans.flatMap((p) => parseJsonList<number>(p.staff_ids)))];
    const staff = new Map(staffIds.length ? (await db.selectFrom('staff').select(['id', 'name']).where('id', 'in', staffIds).execute()).map((s) => [s.id, s.name]) : []);
    const postIds = plans.map((p) => p.post_id).filter((p): p is number => p !== null);
    const posts = new Map(postIds.length ? (await db.selectFrom('post').select(['id', 'name']).where('id', 'in', postIds).execute()).map((p) => [p.id, p.name]) : []);
    const counts = plans.length
      ? new Map(
          (await db.selectFrom('tbp_plan_point').select(['plan_id', (eb) => eb.fn.countAll<number>().as('n')]).where('plan_id', 'in', plans.map((p) => p.id)).groupBy('plan_id').execute()).map((c) => [
            c.plan_id,
            Number(c.n),
          ]),
        )
      : new Map<number, number>();
    return plans.map((p) => {
      const ids = parseJsonList<number>(p.staff_ids);
      return {
        id: p.id,
        projectId: p.project_id,
        projectName: p.projectName,
        name: p.name,
        stripeCode: p.stripe_code,
        stripeName: stripes.get(p.stripe_code) ?? p.stripe_code,
        assignType: p.assign_type,
        postId: p.post_id,
        postName: p.post_id ? (posts.get(p.post_id) ?? '') : null,
        staffIds: ids,
        staffNames: ids.map((id) => staff.get(id) ?? '').filter(Boolean),
        assigneeText: p.assign_type === 'post' ? `岗位：${p.post_id ? (posts.get(p.post_id) ?? '') : ''}` : `人员：${ids.map((id) => staff.get(id) ?? '').join('、')}`,
        freqType: p.freq_type,
        freqDays: parseJsonList<number>(p.freq_days),
        intervalDays: p.interval_days,
        frequencyText: frequencyText(p),
        startDate: p.start_date,
        endDate: p.end_date,
        startTime: p.start_time,
        endTime: p.end_time,
        leadMinutes: p.lead_minutes,
        ordered: Boolean(p.ordered),
        status: p.status,
        remark: p.remark,
        pointCount: counts.get(p.id) ?? 0,
        createdAt: p.created_at,
      };
    });
  }

  async function filtered(f: PlanFilter, scope: PatrolScope) {
    const projects = projectFilter(scope, f.projectId);
    let q = db.selectFrom('tbp_plan').innerJoin('org', 'org.id', 'tbp_plan.project_id');
    if (projects) q = q.where((eb) => (projects.length ? eb('tbp_plan.project_id', 'in', projects) : NONE));
    if (f.name?.trim()) q = q.where(contains('tbp_plan.name', f.name.trim()));
    if (f.status) q = q.where('tbp_plan.status', '=', f.status);
    if (f.stripeCode) q = q.where('tbp_plan.stripe_code', '=', f.stripeCode);
    return q;
  }

  app.get(
    '/tbpPlan/verifyPlanName',
    {
      config: { btnCode: CODES.planSave },
      schema: { querystring: { type: 'object', required: ['planName'], additionalProperties: false, properties: { planName: { type: 'string', minLength: 1, maxLength: 50 }, planId: idProp } } },
    },
    async (request) => {
      const { planName, planId } = request.query as { planName: string; planId?: number };
      let q = db.selectFrom('tbp_plan').select('id').where('name', '=', planName.trim());
      if (planId) q = q.where('id', '!=', planId);
      const taken = Boolean(await q.executeTakeFirst());
      return ok({ available: !taken }, taken ? `计划名称「${planName.trim()}」已存在` : '计划名称可用');
    },
  );

  app.post('/tbpPlan/add', { config: { btnCode: CODES.planAdd }, schema: { body: { type: 'object', required: REQUIRED, additionalProperties: false, properties: planProps } } }, async (request) => {
    const input = request.body as PlanInput;
    const scope = await scopeOf(db, request.staff!);
    const now = Date.now();
    const id = await app.db.transaction().execute(async (trx) => {
      const { values, pointIds } = await checkPlan(trx, scope, input, null);
      const inserted = await trx
        .insertInto('tbp_plan')
        .values({ ...values, status: 'running', created_by: request.staff!.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writePoints(trx, inserted.id, pointIds);
      return inserted.id;
    });
    return ok({ id }, '新增成功');
  });

  app.post(
    '/tbpPlan/update',
    { config: { btnCode: CODES.planEdit }, schema: { body: { type: 'object', required: ['id', ...REQUIRED], additionalProperties: false, properties: { id: idProp, ...planProps } } } },
    async (request) => {
      const input = request.body as PlanInput & { id: number };
      const scope = await scopeOf(db, request.staff!);
      await app.db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('tbp_plan').select(['id', 'project_id']).where('id', '=', input.id).executeTakeFirst();
        if (!current || (!scope.all && !scope.projects.includes(current.project_id))) throw notFound('巡查计划不存在或已被删除');
        if (current.project_id !== input.projectId) throw badRequest('计划的所属项目不能修改');
        const { values, pointIds } = await checkPlan(trx, scope, input, input.id);
        // Tasks already generated keep their points and window; the change applies from the next task on.
        await trx.updateTable('tbp_plan').set({ ...values, updated_at: Date.now() }).where('id', '=', input.id).execute();
        await writePoints(trx, input.id, pointIds);
      });
      return ok({ id: input.id }, '保存成功');
    },
  );

  app.post('/tbpPlan/query', { config: { btnCode: CODES.planView }, schema: { body: { type: 'object', additionalProperties: false, properties: { ...pageProps, ...filterProps } } } }, async (request) => {
    const f = (request.body ?? {}) as PlanFilter;
    const q = await filtered(f, await scopeOf(db, request.staff!));
    const total = await countRows(q);
    const rows = await q.selectAll('tbp_plan').select('org.name as projectName').orderBy('tbp_plan.id', 'desc').limit(f.pageSize ?? 10).offset(offsetOf(f)).execute();
    return ok(pageOf(await describe(rows), total, f));
  });

  app.get('/tbpPlan/:planId', { config: { btnCode: CODES.planPoints }, schema: { params: { type: 'object', required: ['planId'], properties: { planId: idProp } } } }, async (request) => {
    const { planId } = request.params as { planId: number };
    const scope = await scopeOf(db, request.staff!);
    const row = await db.selectFrom('tbp_plan').innerJoin('org', 'org.id', 'tbp_plan.project_id').selectAll('tbp_plan').select('org.name as projectName').where('tbp_plan.id', '=', planId).executeTakeFirst();
    if (!row || (!scope.all && !scope.projects.includes(row.project_id))) throw notFound('巡查计划不存在或已被删除');
    const [plan] = await describe([row]);
    const points = await db
      .selectFrom('tbp_plan_point as pp')
      .innerJoin('tbp_point as p', 'p.id', 'pp.point_id')
      .innerJoin('tbp_classify as c', 'c.id', 'p.classify_id')
      .select(['p.id', 'p.code', 'p.name', 'p.location', 'c.name as classifyName'])
      .where('pp.plan_id', '=', planId)
      .orderBy('pp.sort')
      .execute();
    return ok({ ...plan, pointIds: points.map((p) => p.id), points });
  });

  app.post(
    '/tbpPlan/updatePlanStatus',
    {
      config: { btnCode: CODES.planStatus },
      schema: { body: { type: 'object', required: ['id', 'status'], additionalProperties: false, properties: { id: idProp, status: { type: 'string', enum: ['running', 'stopped'] } } } },
    },
    async (request) => {
      const { id, status } = request.body as { id: number; status: 'running' | 'stopped' };
      const scope = await scopeOf(db, request.staff!);
      const now = Date.now();
      const removed = await app.db.transaction().execute(async (trx) => {
        const plan = await trx.selectFrom('tbp_plan').select(['id', 'project_id', 'status', 'end_date']).where('id', '=', id).executeTakeFirst();
        if (!plan || (!scope.all && !scope.projects.includes(plan.project_id))) throw notFound('巡查计划不存在或已被删除');
        if (plan.status === status) throw conflict(status === 'running' ? '计划已在执行中' : '计划已停用');
        if (status === 'running' && plan.end_date < dayOf(now)) throw badRequest('计划已过结束日期，请先修改结束日期');
        await trx.updateTable('tbp_plan').set({ status, updated_at: now }).where('id', '=', id).execute();
        if (status === 'running') return 0;
        // Stopping withdraws the plan's tasks that nobody could have started yet.
        const future = await trx.selectFrom('tbp_task').select('id').where('plan_id', '=', id).where('status', '=', 'not_started').where('window_start', '>', now).where('deleted_at', 'is', null).execute();
        if (future.length) {
          await trx.updateTable('tbp_task').set({ deleted_at: now, updated_at: now }).where('id', 'in', future.map((t) => t.id)).execute();
          for (const t of future) {
            await trx.insertInto('tbp_task_log').values({ task_id: t.id, action: 'delete', note: '计划停用，撤回未开始的任务', from_staff_id: null, to_staff_id: null, staff_id: request.staff!.id, staff_name: request.staff!.name, at: now }).execute();
          }
        }
        return future.length;
      });
      return ok({ id, status, withdrawnTasks: removed }, status === 'running' ? '计划已启用' : removed ? `计划已停用，撤回 ${removed} 个未开始的任务` : '计划已停用');
    },
  );

  app.post('/tbpPlan/exportPatrolPlanExcel', { config: { btnCode: CODES.planExport }, schema: { body: { type: 'object', additionalProperties: false, properties: filterProps } } }, async (request, reply) => {
    const f = (request.body ?? {}) as PlanFilter;
    const rows = await (await filtered(f, await scopeOf(db, request.staff!))).selectAll('tbp_plan').select('org.name as projectName').orderBy('tbp_plan.id', 'desc').limit(EXPORT_LIMIT).execute();
    const plans = await describe(rows);
    return sendExcel(
      reply,
      datedFileName('巡查计划', 'xlsx'),
      [
        { header: '计划名称', key: 'name', width: 24 },
        { header: '所属项目', key: 'projectName' },
        { header: '业务线', key: 'stripeName' },
        { header: '执行', key: 'assigneeText', width: 28 },
        { header: '频次', key: 'frequencyText', width: 20 },
        { header: '开始日期', key: 'startDate' },
        { header: '结束日期', key: 'endDate' },
        { header: '巡查时段', key: 'window' },
        { header: '提前生成（分钟）', key: 'leadMinutes' },
        { header: '按顺序巡查', key: 'orderedText' },
        { header: '点位数', key: 'pointCount' },
        { header: '状态', key: 'statusText' },
        { header: '创建时间', key: 'created', width: 20 },
      ],
      plans.map((p) => ({ ...p, window: `${p.startTime}-${p.endTime}`, orderedText: p.ordered ? '是' : '否', statusText: p.status === 'running' ? '执行中' : '已停用', created: formatTime(p.createdAt) })),
    );
  });
}
