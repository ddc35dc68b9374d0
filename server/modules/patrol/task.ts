import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound, ok } from '../../platform/http/envelope.ts';
import { sendExcel } from '../../platform/http/excel.ts';
import type { DB } from '../../platform/db/index.ts';
import type { StaffContext } from '../../platform/types.ts';
import { EXPORT_LIMIT, STATUS_TEXT, dayOf, dayProp, formatTime, idList, idProp, inScope, mayReach, offsetOf, pageOf, pageProps, projectFilter, rate, scopeOf, type PageQuery, type PatrolScope, datedFileName, countRows } from './common.ts';
import { notifyTask } from './notify.ts';
import { CODES } from './permissions.ts';
import { schedulerInterval, sweepStatuses } from './schedule.ts';
import { todaySchedule } from './todaySchedule.ts';
import { lineStaff, stripeByCode } from './stripe.ts';
import { contains } from '../../platform/db/textSearch.ts';

export const OPEN_STATES = ['not_started', 'in_progress', 'overdue'];

interface TaskFilter extends PageQuery {
  projectId?: number;
  planId?: number;
  name?: string;
  status?: string;
  startDay?: string;
  endDay?: string;
  executor?: string;
}

const filterProps = {
  projectId: idProp,
  planId: idProp,
  name: { type: 'string', maxLength: 50 },
  status: { type: 'string', enum: Object.keys(STATUS_TEXT) },
  startDay: dayProp,
  endDay: dayProp,
  executor: { type: 'string', maxLength: 20 },
};

/** Brings statuses up to the clock before a read, so a list never shows a past window as not started. */
export const refreshStatuses = (db: DB) => db.transaction().execute((trx) => sweepStatuses(trx, Date.now()));

/** A task the caller may see (their projects, or their own under the 'self' scope), not deleted. */
export async function findTask(db: DB, scope: PatrolScope, id: number) {
  const task = await db.selectFrom('tbp_task').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  const visible = task && mayReach(scope, task);
  if (!visible) throw notFound('巡查任务不存在或已被删除');
  return task;
}

function filteredTasks(db: DB, f: TaskFilter, scope: PatrolScope) {
  const projects = f.projectId !== undefined ? projectFilter(scope, f.projectId) : null;
  let q = db
    .selectFrom('tbp_task as t')
    .innerJoin('org', 'org.id', 't.project_id')
    .innerJoin('tbp_plan as plan', 'plan.id', 't.plan_id')
    .leftJoin('staff as executor', 'executor.id', 't.executor_id')
    .leftJoin('post', 'post.id', 't.post_id')
    .where('t.deleted_at', 'is', null)
    .where(inScope(scope, 't.project_id', 't.executor_id'));
  if (projects) q = q.where('t.project_id', 'in', projects);
  if (f.planId) q = q.where('t.plan_id', '=', f.planId);
  if (f.name?.trim()) q = q.where(contains('t.name', f.name.trim()));
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.startDay) q = q.where('t.task_day', '>=', f.startDay);
  if (f.endDay) q = q.where('t.task_day', '<=', f.endDay);
  if (f.executor?.trim()) q = q.where(contains('executor.name', f.executor.trim()));
  return q;
}

const taskColumns = [
  't.id',
  't.plan_id as planId',
  't.name',
  't.project_id as projectId',
  'org.name as projectName',
  'plan.stripe_code as stripeCode',
  't.task_day as taskDay',
  't.window_start as windowStart',
  't.window_end as windowEnd',
  't.status',
  't.assignee_type as assigneeType',
  't.assignee_id as assigneeId',
  't.executor_id as executorId',
  'executor.name as executorName',
  'post.name as postName',
  't.point_count as pointCount',
  't.done_count as doneCount',
  't.problem_count as problemCount',
  't.started_at as startedAt',
  't.finished_at as finishedAt',
  't.finish_type as finishType',
  't.finish_note as finishNote',
  't.transfer_count as transferCount',
] as const;

type TaskRow = { status: string; finishedAt: number | null; windowEnd: number; executorName: string | null; postName: string | null; assigneeType: string };
const present = <T extends TaskRow>(r: T) => ({
  ...r,
  statusText: STATUS_TEXT[r.status] ?? r.status,
  onTime: r.status === 'finished' && r.finishedAt !== null && r.finishedAt <= r.windowEnd,
  // A post task nobody has started yet is open to everyone holding the post.
  executorText: r.executorName ?? (r.assigneeType === 'post' ? `${r.postName ?? ''}（岗位）` : ''),
});

/** Patrol tasks (spec 7.2 ptTask): lists, figures, finish, delete, transfer, and the app's own list. */
export default async function taskRoutes(app: FastifyInstance) {
  const db = app.db;
  const filterQuery = { type: 'object', additionalProperties: false, properties: filterProps };

  app.get('/ptTask/pmsList', { config: { btnCode: CODES.taskView }, schema: { querystring: { ...filterQuery, properties: { ...pageProps, ...filterProps } } } }, async (request) => {
    const f = request.query as TaskFilter;
    await refreshStatuses(db);
    const q = filteredTasks(db, f, await scopeOf(db, request.staff!));
    const total = await countRows(q);
    const rows = await q.select(taskColumns).orderBy('t.task_day', 'desc').orderBy('t.window_start', 'desc').orderBy('t.id', 'desc').limit(f.pageSize ?? 10).offset(offsetOf(f)).execute();
    return ok(pageOf(rows.map(present), total, f));
  });

  app.get('/ptTask/taskStatistics', { config: { btnCode: CODES.taskView }, schema: { querystring: filterQuery } }, async (request) => {
    const f = request.query as TaskFilter;
    await refreshStatuses(db);
    const scope = await scopeOf(db, request.staff!);
    const rows = await filteredTasks(db, { ...f, status: undefined }, scope)
      .select(['t.status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>(eb.case().when('t.finished_at', '<=', eb.ref('t.window_end')).then(1).else(0).end()).as('onTime')])
      .groupBy('t.status')
      .execute();
    const by = Object.fromEntries(Object.keys(STATUS_TEXT).map((s) => [s, 0])) as Record<string, number>;
    let onTime = 0;
    for (const r of rows) {
      by[r.status] = Number(r.n);
      if (r.status === 'finished') onTime = Number(r.onTime ?? 0);
    }
    const total = Object.values(by).reduce((a, b) => a + b, 0);
    // Rates over the tasks whose outcome is known (finished, overdue, missed) and the finished ones so far.
    const due = by.finished! + by.overdue! + by.missed!;
    // When today's tasks appear (the project filter applies, not the others): the list's empty text.
    const today = await todaySchedule(db, scope, projectFilter(scope, f.projectId), Date.now(), schedulerInterval(app));
    return ok({ total, ...by, onTime, completionRate: rate(by.finished!, due), onTimeRate: rate(onTime, due), today });
  });

  app.get('/ptTask/downloadTaskExcel', { config: { btnCode: CODES.taskExport }, schema: { querystring: filterQuery } }, async (request, reply) => {
    const f = request.query as TaskFilter;
    await refreshStatuses(db);
    const rows = await filteredTasks(db, f, await scopeOf(db, request.staff!)).select(taskColumns).orderBy('t.task_day', 'desc').orderBy('t.window_start', 'desc').limit(EXPORT_LIMIT).execute();
    return sendExcel(
      reply,
      datedFileName('巡查任务', 'xlsx'),
      [
        { header: '任务名称', key: 'name', width: 24 },
        { header: '所属项目', key: 'projectName' },
        { header: '任务日期', key: 'taskDay' },
        { header: '巡查时段', key: 'window', width: 14 },
        { header: '执行人', key: 'executorText', width: 16 },
        { header: '状态', key: 'statusText' },
        { header: '点位数', key: 'pointCount' },
        { header: '已巡点位', key: 'doneCount' },
        { header: '问题数', key: 'problemCount' },
        { header: '完成时间', key: 'finished', width: 20 },
        { header: '按时完成', key: 'onTimeText' },
        { header: '转派次数', key: 'transferCount' },
      ],
      rows.map(present).map((r) => ({
        ...r,
        window: `${formatTime(r.windowStart).slice(11, 16)}-${formatTime(r.windowEnd).slice(11, 16)}`,
        finished: formatTime(r.finishedAt),
        onTimeText: r.status === 'finished' ? (r.onTime ? '是' : '否') : '',
      })),
    );
  });

  app.get(
    '/ptTask/batchDeleteTask',
    { config: { btnCode: CODES.taskDelete }, schema: { querystring: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids: { type: 'string', minLength: 1, maxLength: 4000 } } } } },
    async (request) => {
      const ids = idList((request.query as { ids: string }).ids);
      if (!ids.length) throw badRequest('请选择要删除的任务');
      const count = await deleteTasks(request.staff!, ids);
      return ok({ count }, `已删除 ${count} 个任务`);
    },
  );

  app.post('/ptTask/deleteTask/:id', { config: { btnCode: CODES.taskDelete }, schema: { params: { type: 'object', required: ['id'], properties: { id: idProp } } } }, async (request) => {
    const { id } = request.params as { id: number };
    await deleteTasks(request.staff!, [id]);
    return ok({ id }, '删除成功');
  });

  /** Deleted tasks keep their row, so the scheduler never generates them again; a task with records stays. */
  async function deleteTasks(staff: StaffContext, ids: number[]) {
    const scope = await scopeOf(db, staff);
    const now = Date.now();
    await app.db.transaction().execute(async (trx) => {
      for (const id of ids) {
        const task = await findTask(trx, scope, id);
        if (task.done_count > 0) throw conflict(`任务「${task.name}」（${task.task_day}）已有巡查记录，不能删除`);
      }
      await trx.updateTable('tbp_task').set({ deleted_at: now, updated_at: now }).where('id', 'in', ids).execute();
      for (const id of ids) await trx.insertInto('tbp_task_log').values({ task_id: id, action: 'delete', note: '删除任务', from_staff_id: null, to_staff_id: null, staff_id: staff.id, staff_name: staff.name, at: now }).execute();
    });
    return ids.length;
  }

  app.post(
    '/ptTask/pmsFinishTask/:id',
    {
      config: { btnCode: CODES.taskFinish },
      schema: { params: { type: 'object', required: ['id'], properties: { id: idProp } }, body: { type: 'object', additionalProperties: false, properties: { note: { type: 'string', maxLength: 200 } } } },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { note } = (request.body ?? {}) as { note?: string };
      const scope = await scopeOf(db, request.staff!);
      const staff = request.staff!;
      const now = Date.now();
      await app.db.transaction().execute(async (trx) => {
        await sweepStatuses(trx, now);
        const task = await findTask(trx, scope, id);
        if (!OPEN_STATES.includes(task.status)) throw conflict(`任务${STATUS_TEXT[task.status]}，不能完成`);
        const unchecked = task.point_count - task.done_count;
        const text = note?.trim() || (unchecked ? `后台完成，${unchecked} 个点位未巡查` : '后台完成');
        await trx
          .updateTable('tbp_task')
          .set({ status: 'finished', finished_at: now, finish_type: 'manual', finish_note: text, finished_by: staff.id, updated_at: now })
          .where('id', '=', id)
          .execute();
        await trx.insertInto('tbp_task_log').values({ task_id: id, action: 'finish', note: text, from_staff_id: null, to_staff_id: null, staff_id: staff.id, staff_name: staff.name, at: now }).execute();
      });
      return ok({ id }, '任务已完成');
    },
  );

  app.post(
    '/ptTask/transfer',
    {
      config: { btnCode: CODES.taskTransfer },
      schema: { body: { type: 'object', required: ['taskId', 'staffId'], additionalProperties: false, properties: { taskId: idProp, staffId: idProp, reason: { type: 'string', maxLength: 200 } } } },
    },
    async (request) => {
      const { taskId, staffId, reason } = request.body as { taskId: number; staffId: number; reason?: string };
      const scope = await scopeOf(db, request.staff!);
      const staff = request.staff!;
      const now = Date.now();
      const name = await app.db.transaction().execute(async (trx) => {
        await sweepStatuses(trx, now);
        const task = await findTask(trx, scope, taskId);
        if (!OPEN_STATES.includes(task.status)) throw conflict(`任务${STATUS_TEXT[task.status]}，不能转派`);
        if (task.executor_id === staffId) throw badRequest('任务已由该人员执行，请选择其他人员');
        const plan = await trx.selectFrom('tbp_plan').select('stripe_code').where('id', '=', task.plan_id).executeTakeFirstOrThrow();
        const stripe = await stripeByCode(trx, plan.stripe_code);
        const target = await trx.selectFrom('staff').select(['id', 'name', 'enabled']).where('id', '=', staffId).executeTakeFirst();
        if (!target || !target.enabled) throw badRequest('接收人员不存在或已停用');
        const eligible = stripe ? await lineStaff(trx, stripe.id, task.project_id) : [];
        if (!eligible.some((s) => s.staffId === staffId)) throw badRequest(`${target.name}不在该项目「${stripe?.stripeName ?? plan.stripe_code}」业务线的岗位上，不能接收任务`);
        // The plan assignee stays: the scheduler keys tasks on it, so a transferred task is never generated again.
        await trx
          .updateTable('tbp_task')
          .set((eb) => ({ executor_id: staffId, transfer_count: eb('transfer_count', '+', 1), updated_at: now }))
          .where('id', '=', taskId)
          .execute();
        await trx
          .insertInto('tbp_task_log')
          .values({ task_id: taskId, action: 'transfer', note: reason?.trim() || null, from_staff_id: task.executor_id, to_staff_id: staffId, staff_id: staff.id, staff_name: staff.name, at: now })
          .execute();
        await notifyTask(app, taskId, 'transferred', trx as never);
        return target.name;
      });
      return ok({ taskId, staffId }, `已转派给${name}`);
    },
  );

  app.get(
    '/ptTask/getUserListByStripe',
    {
      config: { btnCode: CODES.stripeStaff },
      schema: { querystring: { type: 'object', required: ['stripeCode', 'projectId'], additionalProperties: false, properties: { stripeCode: { type: 'string', minLength: 1, maxLength: 64 }, projectId: idProp } } },
    },
    async (request) => {
      const { stripeCode, projectId } = request.query as { stripeCode: string; projectId: number };
      projectFilter(await scopeOf(db, request.staff!), projectId);
      const stripe = await stripeByCode(db, stripeCode);
      if (!stripe) throw notFound('业务线不存在或已被删除');
      const rows = await lineStaff(db, stripe.id, projectId);
      // A person holding two posts of the line is listed once, with both posts.
      const byStaff = new Map<number, (typeof rows)[number] & { postNames: string[] }>();
      for (const r of rows) {
        const seen = byStaff.get(r.staffId);
        if (seen) seen.postNames.push(r.postName);
        else byStaff.set(r.staffId, { ...r, postNames: [r.postName] });
      }
      return ok([...byStaff.values()].map((s) => ({ staffId: s.staffId, staffName: s.staffName, jobNumber: s.jobNumber, postName: s.postNames.join('、'), label: `${s.staffName}（${s.postNames.join('、')}）`, value: s.staffId })));
    },
  );

  app.get('/ptTask/recordList', { config: { btnCode: CODES.taskView }, schema: { querystring: { type: 'object', required: ['taskId'], additionalProperties: false, properties: { taskId: idProp } } } }, async (request) => {
    const { taskId } = request.query as { taskId: number };
    const scope = await scopeOf(db, request.staff!);
    const task = await db.selectFrom('tbp_task').select(['project_id', 'executor_id']).where('id', '=', taskId).executeTakeFirst();
    if (!task || !mayReach(scope, task)) throw notFound('巡查任务不存在或已被删除');
    const rows = await db
      .selectFrom('tbp_task_log as l')
      .leftJoin('staff as f', 'f.id', 'l.from_staff_id')
      .leftJoin('staff as t', 't.id', 'l.to_staff_id')
      .select(['l.id', 'l.action', 'l.note', 'l.staff_name as operator', 'l.at', 'f.name as fromStaff', 't.name as toStaff'])
      .where('l.task_id', '=', taskId)
      .orderBy('l.at')
      .orderBy('l.id')
      .execute();
    const ACTION: Record<string, string> = { generate: '生成任务', record: '巡查打卡', transfer: '转派', finish: '完成任务', delete: '删除', overdue: '超期', missed: '漏检' };
    return ok(rows.map((r) => ({ ...r, actionText: ACTION[r.action] ?? r.action })));
  });

  /** The mobile app's task list: today's and still-open tasks the caller does or may pick up through their post. */
  app.get('/ptTask/myTasks', { config: { anyStaff: true } }, async (request) => {
    const staff = request.staff!;
    await refreshStatuses(db);
    const posts = (await db.selectFrom('staff_post').select('post_id').where('staff_id', '=', staff.id).execute()).map((p) => p.post_id);
    const today = dayOf(Date.now());
    const rows = await db
      .selectFrom('tbp_task as t')
      .innerJoin('org', 'org.id', 't.project_id')
      .innerJoin('tbp_plan as plan', 'plan.id', 't.plan_id')
      .leftJoin('staff as executor', 'executor.id', 't.executor_id')
      .leftJoin('post', 'post.id', 't.post_id')
      .select(taskColumns)
      .select('plan.ordered')
      .where('t.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('t.executor_id', '=', staff.id),
          ...(posts.length ? [eb.and([eb('t.executor_id', 'is', null), eb('t.assignee_type', '=', 'post'), eb('t.assignee_id', 'in', posts)])] : []),
        ]),
      )
      .where((eb) => eb.or([eb('t.task_day', '=', today), eb('t.status', 'in', OPEN_STATES)]))
      .orderBy('t.window_start')
      .execute();
    return ok(rows.map(present));
  });
}
