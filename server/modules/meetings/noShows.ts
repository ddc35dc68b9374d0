import type { AnyDB } from '../../engine/hooks.ts';

/** The blacklist rule: this many no-shows within the window put the organiser on the blacklist for BLACKLIST_DAYS. */
export const NO_SHOW_LIMIT = 3;
export const NO_SHOW_WINDOW_DAYS = 30;
export const BLACKLIST_DAYS = 30;
const DAY = 24 * 3600_000;

/**
 * A booked meeting nobody signed in to was released: record the no-show against its organiser,
 * and blacklist them when it is their NO_SHOW_LIMIT-th within the window (unless already listed).
 */
export async function recordNoShow(trx: AnyDB, meeting: { id: number; project_id: number; organizer_id: number; title: string }, at: number): Promise<void> {
  await trx
    .insertInto('meeting_exception')
    .values({ project_id: meeting.project_id, meeting_id: meeting.id, type: 'no_show', staff_id: meeting.organizer_id, detected_at: at, note: `「${meeting.title}」无人签到，会议室已释放`, status: 'pending', state_at: at, created_by: null, created_at: at, updated_at: at })
    .execute();
  const { count } = (await trx
    .selectFrom('meeting_exception')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('type', '=', 'no_show')
    .where('staff_id', '=', meeting.organizer_id)
    .where('detected_at', '>', at - NO_SHOW_WINDOW_DAYS * DAY)
    .executeTakeFirstOrThrow()) as { count: number };
  if (Number(count) < NO_SHOW_LIMIT) return;
  const listed = await trx.selectFrom('meeting_blacklist').select('id').where('staff_id', '=', meeting.organizer_id).where('status', '=', 'active').executeTakeFirst();
  if (listed) return;
  await trx
    .insertInto('meeting_blacklist')
    .values({ staff_id: meeting.organizer_id, reason: 'no_show', count: Number(count), end_at: at + BLACKLIST_DAYS * DAY, note: `${NO_SHOW_WINDOW_DAYS} 天内爽约 ${count} 次，自动加入`, status: 'active', state_at: at, created_by: null, created_at: at, updated_at: at })
    .execute();
}
