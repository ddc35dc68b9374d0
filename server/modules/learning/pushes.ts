import type { FastifyInstance } from 'fastify';
import { resolveAudience } from '../../engine/audience.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';

/** Type code of learning notices (a to-do when pushed, a reminder before the deadline). */
export const LEARN_NOTICE = 'learn_push';
const CONTENT = { course: '课程', map: '学习地图', exam: '考试' } as const;
type ContentType = keyof typeof CONTENT;

export const contentIdOf = (push: Row): number => Number(push[`${String(push.content_type)}_id`]);

const when = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

async function contentName(db: AnyDB, type: ContentType, id: number): Promise<string> {
  const table = type === 'map' ? 'learning_map' : type;
  return String((await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())?.name ?? '');
}

/**
 * A push goes out: one assignment per staff member its scope reaches now, and a to-do notice to
 * each of them. A staff member already assigned by this push is skipped, so pushing again (or a
 * timer pass after a manual push) assigns and notifies nobody twice.
 */
export async function deliverPush(app: FastifyInstance | null, trx: AnyDB, push: Row, now: number): Promise<number> {
  const type = push.content_type as ContentType;
  const contentId = contentIdOf(push);
  const name = await contentName(trx, type, contentId);
  const staffIds = [...new Set((await resolveAudience(trx, 'staff', push.audience)).map((r) => r.staffId!))];
  const already = new Set((await trx.selectFrom('learn_assignment').select('staff_id').where('push_id', '=', push.id as number).execute()).map((r) => r.staff_id as number));
  const fresh = staffIds.filter((id) => !already.has(id));
  if (!fresh.length) return 0;
  const orgs = new Map((await trx.selectFrom('staff').select(['id', 'org_id']).where('id', 'in', fresh).execute()).map((s) => [s.id, s.org_id]));
  for (const staffId of fresh) {
    await trx.insertInto('learn_assignment').values({
      push_id: push.id, staff_id: staffId, org_id: orgs.get(staffId) ?? null, content_type: type, content_id: contentId, title: `${CONTENT[type]}「${name}」`.slice(0, 80),
      assigned_at: now, deadline: push.deadline ?? null, status: 'todo', created_by: null, created_at: now, updated_at: now,
    }).execute();
  }
  const due = push.deadline ? `，请于 ${when(Number(push.deadline))} 前完成` : '';
  // The demo seed delivers its past pushes without a server: their notices are long read.
  await app?.notices.send(trx, { staffIds: fresh, category: '1', type: LEARN_NOTICE, title: String(push.title), content: `学习任务：${CONTENT[type]}「${name}」${due}${push.message ? `。${String(push.message)}` : ''}`, functionId: push.id as number });
  await refreshDone(trx, now, push.id as number);
  return fresh.length;
}

/** When each open assignment was done, if it was: a course finished, a map completed, an exam passed. */
export async function refreshDone(trx: AnyDB, now: number, pushId?: number): Promise<void> {
  let q = trx.selectFrom('learn_assignment').select(['id', 'staff_id', 'content_type', 'content_id']).where('status', '=', 'todo');
  if (pushId) q = q.where('push_id', '=', pushId);
  for (const a of await q.execute()) {
    const doneAt = await doneAtOf(trx, a.content_type as ContentType, a.content_id as number, a.staff_id as number);
    if (doneAt !== null) await trx.updateTable('learn_assignment').set({ status: 'done', done_at: doneAt, updated_at: now }).where('id', '=', a.id as number).execute();
  }
}

async function doneAtOf(trx: AnyDB, type: ContentType, id: number, staffId: number): Promise<number | null> {
  if (type === 'course') return ((await trx.selectFrom('course_progress').select('finished_at').where('course_id', '=', id).where('staff_id', '=', staffId).where('status', '=', 'done').executeTakeFirst())?.finished_at as number | undefined) ?? null;
  if (type === 'exam') return ((await trx.selectFrom('exam_record').select((eb) => eb.fn.min('submitted_at').as('at')).where('exam_id', '=', id).where('staff_id', '=', staffId).where('passed', '=', 1).executeTakeFirst())?.at as number | null | undefined) ?? null;
  return ((await trx.selectFrom('map_progress').select('finished_at').where('map_id', '=', id).where('staff_id', '=', staffId).where('status', '=', 'done').executeTakeFirst())?.finished_at as number | undefined) ?? null;
}

/**
 * The timers' pass: assignments done since are marked, and each open one whose deadline is
 * within its push's reminder hours is reminded once (reminded_at), never after the deadline.
 */
export async function remindDue(app: FastifyInstance, now: number): Promise<number> {
  return app.db.transaction().execute(async (t) => {
    const trx = t as unknown as AnyDB;
    await refreshDone(trx, now);
    const due = await trx
      .selectFrom('learn_assignment')
      .innerJoin('learn_push', 'learn_push.id', 'learn_assignment.push_id')
      .select(['learn_assignment.id', 'learn_assignment.staff_id', 'learn_assignment.title', 'learn_assignment.deadline', 'learn_push.id as push_id', 'learn_push.title as push_title', 'learn_push.remind_hours'])
      .where('learn_assignment.status', '=', 'todo')
      .where('learn_assignment.reminded_at', 'is', null)
      .where('learn_assignment.deadline', '>', now)
      .where('learn_push.remind_hours', '>', 0)
      .execute();
    let sent = 0;
    for (const a of due.filter((a) => Number(a.deadline) - Number(a.remind_hours) * 3_600_000 <= now)) {
      await app.notices.send(trx, { staffIds: [a.staff_id as number], category: '2', type: LEARN_NOTICE, title: String(a.push_title), content: `提醒：${String(a.title)}将于 ${when(Number(a.deadline))} 截止，请尽快完成`, functionId: a.push_id as number });
      await trx.updateTable('learn_assignment').set({ reminded_at: now, updated_at: now }).where('id', '=', a.id as number).execute();
      sent++;
    }
    return sent;
  });
}
