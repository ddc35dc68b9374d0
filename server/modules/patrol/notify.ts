import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';

/** The push module's notice service (server/platform/push/notices.ts), when the server has one. */
interface Notices {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  send(executor: Kysely<any>, input: { staffIds: number[]; category: string; type: string | number; content: string; title?: string; functionId?: string | number | null }): Promise<number[]>;
}

/** Type code of patrol task notices (a to-do, category '1'). */
export const PATROL_NOTICE_TYPE = 'patrol_task';

/**
 * Tells whoever must do a task that it is theirs: the executor, or everyone holding the post of
 * a post task. Sent inside the caller's transaction when given one, so a rolled-back transfer
 * notifies nobody. Without the push module the task still shows in the app's task list.
 */
export async function notifyTask(app: FastifyInstance, taskId: number, kind: 'assigned' | 'transferred', executor?: Kysely<never>): Promise<void> {
  const notices = (app as unknown as { notices?: Notices }).notices;
  if (!notices) return;
  const db = (executor ?? app.db) as unknown as FastifyInstance['db'];
  const task = await db
    .selectFrom('tbp_task')
    .innerJoin('org', 'org.id', 'tbp_task.project_id')
    .select(['tbp_task.name', 'tbp_task.task_day', 'tbp_task.window_start', 'tbp_task.executor_id', 'tbp_task.assignee_type', 'tbp_task.assignee_id', 'org.name as projectName'])
    .where('tbp_task.id', '=', taskId)
    .executeTakeFirst();
  if (!task) return;
  let staffIds: number[] = task.executor_id ? [task.executor_id] : [];
  if (!staffIds.length && task.assignee_type === 'post') {
    const holders = await db.selectFrom('staff_post').innerJoin('staff', 'staff.id', 'staff_post.staff_id').select('staff.id').where('staff_post.post_id', '=', task.assignee_id).where('staff.enabled', '=', 1).execute();
    staffIds = holders.map((h) => h.id);
  }
  if (!staffIds.length) return;
  const start = new Date(task.window_start);
  const time = `${task.task_day} ${String(start.getHours()).padStart(2, '0')}:${String(start.getMinutes()).padStart(2, '0')}`;
  const content = kind === 'assigned' ? `${task.projectName}「${task.name}」巡查任务已下达，${time} 开始` : `${task.projectName}「${task.name}」巡查任务已转派给您，${time} 开始`;
  await notices.send((executor ?? app.db) as never, { staffIds, category: '1', type: PATROL_NOTICE_TYPE, title: '巡查任务', content, functionId: null });
}
