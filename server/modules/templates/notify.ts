import type { FastifyInstance } from 'fastify';
import type { AnyDB } from '../../engine/hooks.ts';

/** Type code of work-task notices (a to-do, category '1'), the task's id as their function id. */
export const TASK_NOTICE_TYPE = 'work_task';

const WHAT = {
  assigned: (t: string, end: string) => `作业任务「${t}」已派给您，请于 ${end} 前完成`,
  transferred: (t: string, end: string) => `作业任务「${t}」已转派给您，请于 ${end} 前完成`,
  overdue: (t: string, end: string) => `作业任务「${t}」已超过截止时间 ${end} 仍未完成，请尽快处理`,
  rework: (t: string, end: string) => `作业任务「${t}」验收未通过，已退回返工，请于 ${end} 前重新提交`,
  suspended: (t: string) => `作业任务「${t}」已挂起，暂停计时，恢复后再继续执行`,
  resumed: (t: string, end: string) => `作业任务「${t}」已恢复，截止时间顺延至 ${end}`,
  extended: (t: string, end: string) => `作业任务「${t}」已延期，请于 ${end} 前完成`,
} as const;

const minuteText = (at: number): string => {
  const d = new Date(at);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/**
 * Tells a task's assignee through the push service, inside the caller's transaction (a rolled-back
 * move tells no one), and marks the task notified so the pass over generated tasks skips it.
 */
export async function notifyTask(app: FastifyInstance, trx: AnyDB, taskId: number, kind: keyof typeof WHAT): Promise<void> {
  const task = await trx.selectFrom('work_task').select(['title', 'assignee_id', 'plan_end']).where('id', '=', taskId).executeTakeFirst();
  if (!task) return;
  await app.notices.send(trx, { staffIds: [task.assignee_id as number], category: '1', type: TASK_NOTICE_TYPE, title: '作业任务', content: WHAT[kind](String(task.title), minuteText(task.plan_end as number)).slice(0, 200), functionId: taskId });
  await trx.updateTable('work_task').set({ notified_at: Date.now() }).where('id', '=', taskId).execute();
}

/**
 * Tasks a plan generated (the engine's schedule writes them without hooks) are told to their
 * assignees on the next pass of the timers' clock: each once, when still to do.
 */
export async function notifyGenerated(app: FastifyInstance, trx: AnyDB): Promise<number> {
  const fresh = await trx.selectFrom('work_task').select('id').where('notified_at', 'is', null).where('status', '=', 'pending').limit(500).execute();
  for (const t of fresh) await notifyTask(app, trx, t.id as number, 'assigned');
  return fresh.length;
}
