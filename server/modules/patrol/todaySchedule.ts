import type { DB } from '../../platform/db/index.ts';
import { atTime, dayOf, inScope, type PatrolScope } from './common.ts';
import { planAppliesOn } from './schedule.ts';

/** One running plan with a round today, and when the scheduler turns it into tasks. */
export interface TodayRound {
  plan: string;
  project: string;
  /** Window start minus the plan's lead minutes: the first scheduler run at or after it creates the tasks. */
  generateAt: number;
  windowStart: number;
}

export interface TodaySchedule {
  /** The server's clock when it answered: what "not yet" is measured against. */
  now: number;
  day: string;
  /** Today's tasks in the caller's scope (and project filter), deleted ones aside. */
  tasks: number;
  /** Today's rounds, earliest generation first. */
  rounds: TodayRound[];
  /** How often the scheduler runs: a round appears at most this long after its generation time. */
  everySeconds: number;
}

/**
 * When today's patrol tasks appear, read from the plans the scheduler works from (schedule.ts
 * generateTasks: window start minus lead minutes, for running plans whose frequency gives a round
 * today), so the task list can say it plainly while there are none yet.
 */
export async function todaySchedule(db: DB, scope: PatrolScope, projects: number[] | null, now: number, intervalMs: number): Promise<TodaySchedule> {
  const day = dayOf(now);
  let plans = db
    .selectFrom('tbp_plan as plan')
    .innerJoin('org', 'org.id', 'plan.project_id')
    .selectAll('plan')
    .select('org.name as projectName')
    .where('plan.status', '=', 'running')
    .where('plan.start_date', '<=', day)
    .where('plan.end_date', '>=', day)
    .where(inScope(scope, 'plan.project_id'));
  if (projects) plans = plans.where('plan.project_id', 'in', projects.length ? projects : [-1]);
  let tasks = db.selectFrom('tbp_task as t').select((eb) => eb.fn.countAll<number>().as('n')).where('t.task_day', '=', day).where('t.deleted_at', 'is', null).where(inScope(scope, 't.project_id', 't.executor_id'));
  if (projects) tasks = tasks.where('t.project_id', 'in', projects.length ? projects : [-1]);
  const rounds = (await plans.execute())
    .filter((p) => planAppliesOn(p, day))
    .map((p) => ({ plan: p.name, project: p.projectName, windowStart: atTime(day, p.start_time), generateAt: atTime(day, p.start_time) - p.lead_minutes * 60_000 }))
    .sort((a, b) => a.generateAt - b.generateAt || a.plan.localeCompare(b.plan));
  return { now, day, tasks: Number((await tasks.executeTakeFirst())?.n ?? 0), rounds, everySeconds: Math.round(intervalMs / 1000) };
}
