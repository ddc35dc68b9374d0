import type { FastifyInstance } from 'fastify';
import { runExclusively } from '../../platform/db/dialect.ts';
import type { Selectable } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import type { TbpPlanTable } from './tables.ts';
import { addDays, atTime, dayOf, daysBetween, parseDay, parseJsonList } from './common.ts';
import { notifyTask } from './notify.ts';

/**
 * The task scheduler. Every minute (and once at start) it turns running plans into tasks and
 * moves tasks along the clock. A task's life, in `tbp_task.status`:
 *
 *  - not_started  generated (lead_minutes before its window opens), no point checked yet;
 *  - in_progress  at least one point checked, not all, the window still open;
 *  - finished     every point checked, or closed from the back office (pmsFinishTask), which
 *                 keeps the unchecked points as missed checks; on time when finished_at <= window_end;
 *  - overdue      the window has ended with points unchecked; late check-ins are still taken
 *                 until the end of the task's day, and finishing then is "finished late";
 *  - missed       the task's day ended while it was still unfinished: closed, no more records.
 *
 * Deleted tasks keep their row (deleted_at) so the scheduler never generates them again, and
 * a transferred task keeps its plan assignee, so the same plan, assignee and day never gives a
 * second task (unique index tbp_task_identity).
 */

type Plan = Selectable<TbpPlanTable>;

/** Whether a plan's frequency gives a round on this day (weekdays are ISO: 1 Monday ... 7 Sunday). */
export function planAppliesOn(plan: Pick<Plan, 'freq_type' | 'freq_days' | 'interval_days' | 'start_date' | 'end_date'>, day: string): boolean {
  if (day < plan.start_date || day > plan.end_date) return false;
  const days = parseJsonList<number>(plan.freq_days);
  const date = parseDay(day);
  switch (plan.freq_type) {
    case 'daily':
      return true;
    case 'weekly':
      return days.includes(date.getDay() === 0 ? 7 : date.getDay());
    case 'monthly':
      return days.includes(date.getDate());
    case 'interval':
      return (plan.interval_days ?? 0) > 0 && daysBetween(plan.start_date, day) % plan.interval_days! === 0;
    default:
      return false;
  }
}

export interface SchedulerResult {
  created: number;
  overdue: number;
  missed: number;
  /** Tasks created, for notices after the transaction. */
  createdTasks: { id: number; executorId: number | null; postId: number | null }[];
}

/** The post a staff member's task counts under: their post in the task's project. */
async function postOfStaff(db: DB, staffId: number, projectId: number): Promise<number | null> {
  const row = await db
    .selectFrom('staff_post')
    .innerJoin('post', 'post.id', 'staff_post.post_id')
    .select('post.id')
    .where('staff_post.staff_id', '=', staffId)
    .where('post.org_id', '=', projectId)
    .orderBy('post.id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Creates the tasks whose generation time (window start minus lead minutes) has come, for today
 * and tomorrow (lead times reach at most a day ahead). Days already past are never filled in.
 */
export async function generateTasks(db: DB, now: number): Promise<SchedulerResult['createdTasks']> {
  const today = dayOf(now);
  const tomorrow = addDays(today, 1);
  const plans = await db.selectFrom('tbp_plan').selectAll().where('status', '=', 'running').where('start_date', '<=', tomorrow).where('end_date', '>=', today).execute();
  const created: SchedulerResult['createdTasks'] = [];
  for (const plan of plans) {
    const points = await db
      .selectFrom('tbp_plan_point')
      .innerJoin('tbp_point', 'tbp_point.id', 'tbp_plan_point.point_id')
      .select(['tbp_point.id'])
      .where('tbp_plan_point.plan_id', '=', plan.id)
      .where('tbp_point.enabled', '=', 1)
      .where('tbp_point.deleted_at', 'is', null)
      .orderBy('tbp_plan_point.sort')
      .execute();
    if (!points.length) continue;
    const assignees =
      plan.assign_type === 'post'
        ? plan.post_id
          ? [{ type: 'post', id: plan.post_id, postId: plan.post_id as number | null, executor: null as number | null }]
          : []
        : await Promise.all(parseJsonList<number>(plan.staff_ids).map(async (id) => ({ type: 'staff', id, postId: await postOfStaff(db, id, plan.project_id), executor: id as number | null })));
    for (const day of [today, tomorrow]) {
      if (!planAppliesOn(plan, day)) continue;
      const windowStart = atTime(day, plan.start_time);
      const windowEnd = atTime(day, plan.end_time);
      if (now < windowStart - plan.lead_minutes * 60_000) continue;
      const closeAt = parseDay(addDays(day, 1)).getTime();
      for (const a of assignees) {
        const inserted = await db
          .insertInto('tbp_task')
          .values({
            plan_id: plan.id,
            project_id: plan.project_id,
            name: plan.name,
            task_day: day,
            window_start: windowStart,
            window_end: windowEnd,
            close_at: closeAt,
            assignee_type: a.type,
            assignee_id: a.id,
            post_id: a.postId,
            executor_id: a.executor,
            status: now >= windowEnd ? 'overdue' : 'not_started',
            point_count: points.length,
            done_count: 0,
            problem_count: 0,
            transfer_count: 0,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['plan_id', 'assignee_type', 'assignee_id', 'task_day']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) continue;
        for (const [sort, p] of points.entries()) await db.insertInto('tbp_task_point').values({ task_id: inserted.id, point_id: p.id, sort }).execute();
        await db.insertInto('tbp_task_log').values({ task_id: inserted.id, action: 'generate', note: `由计划「${plan.name}」生成`, from_staff_id: null, to_staff_id: a.executor, staff_id: null, staff_name: '系统', at: now }).execute();
        created.push({ id: inserted.id, executorId: a.executor, postId: a.type === 'post' ? a.id : null });
      }
    }
  }
  return created;
}

/** Moves tasks whose window or day has ended: to overdue, then to missed. */
export async function sweepStatuses(db: DB, now: number): Promise<{ overdue: number; missed: number }> {
  const missed = await db
    .selectFrom('tbp_task')
    .select('id')
    .where('status', 'in', ['not_started', 'in_progress', 'overdue'])
    .where('close_at', '<=', now)
    .where('deleted_at', 'is', null)
    .execute();
  const overdue = await db
    .selectFrom('tbp_task')
    .select('id')
    .where('status', 'in', ['not_started', 'in_progress'])
    .where('window_end', '<=', now)
    .where('close_at', '>', now)
    .where('deleted_at', 'is', null)
    .execute();
  for (const [ids, status, note] of [
    [missed.map((r) => r.id), 'missed', '任务当天结束仍未完成，记为漏检'],
    [overdue.map((r) => r.id), 'overdue', '巡查时段已结束，仍有点位未巡查'],
  ] as const) {
    if (!ids.length) continue;
    await db.updateTable('tbp_task').set({ status, updated_at: now }).where('id', 'in', ids).execute();
    for (const id of ids) await db.insertInto('tbp_task_log').values({ task_id: id, action: status, note, from_staff_id: null, to_staff_id: null, staff_id: null, staff_name: '系统', at: now }).execute();
  }
  return { overdue: overdue.length, missed: missed.length };
}

/** One run of the scheduler at a given clock, in one transaction: what tests call with their own clock. */
export async function runScheduler(db: DB, now: number = Date.now()): Promise<SchedulerResult> {
  return db.transaction().execute(async (trx) => {
    const createdTasks = await generateTasks(trx, now);
    const { overdue, missed } = await sweepStatuses(trx, now);
    return { created: createdTasks.length, overdue, missed, createdTasks };
  });
}

export const SCHEDULER_INTERVAL_MS = 60_000;

/** How often the scheduler runs on this server (PMS_TIMER_INTERVAL_MS, else every minute). */
export const schedulerInterval = (app: FastifyInstance) => app.config.timerIntervalMs || SCHEDULER_INTERVAL_MS;

/** Starts the minute timer with the server and stops it when the server closes. */
export function registerScheduler(app: FastifyInstance, intervalMs = schedulerInterval(app)): void {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  const run = async () => {
    try {
      // One instance at a time (several on one PostgreSQL database): the tasks are made and announced once.
      const result = await runExclusively(app.db, 'patrol-scheduler', async () => {
        const made = await runScheduler(app.db);
        for (const t of made.createdTasks) await notifyTask(app, t.id, 'assigned');
        return made;
      }, { created: 0, overdue: 0, missed: 0, createdTasks: [] } as Awaited<ReturnType<typeof runScheduler>>);
      if (result.created || result.overdue || result.missed) app.log.info({ created: result.created, overdue: result.overdue, missed: result.missed }, 'patrol scheduler');
    } catch (error) {
      app.log.error({ err: error }, 'patrol scheduler failed');
    }
  };
  // One run at a time; a tick that finds one running skips.
  const tick = () => {
    current ??= run().finally(() => {
      current = null;
    });
    return current;
  };
  app.addHook('onReady', async () => {
    await tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  // Before the database closes: a run in flight finishes first.
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await current;
  });
}
