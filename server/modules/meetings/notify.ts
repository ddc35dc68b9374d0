import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { formatTime } from '../../../src/shared/format.ts';

/** The notices' type: the staff app opens the meeting named by functionId. */
export const MEETING_NOTICE = 'meeting';

const WHAT = { booked: '会议通知', changed: '会议变更', cancelled: '会议取消' } as const;

/**
 * Tells a meeting's attendees through the notice outbox (pushed to their app): when they are
 * invited, when its time, room or attendees change, and when it is cancelled (with the reason).
 * `attendees` are the ids just saved; otherwise those on record.
 */
export async function notifyAttendees(app: FastifyInstance, trx: AnyDB, meetingId: number, kind: keyof typeof WHAT, attendees?: number[], reason?: string | null): Promise<void> {
  const m = (await trx
    .selectFrom('meeting')
    .innerJoin('meeting_room', 'meeting_room.id', 'meeting.room_id')
    .select(['meeting.title', 'meeting.start_at', 'meeting.end_at', 'meeting_room.name as room', 'meeting_room.location'])
    .where('meeting.id', '=', meetingId)
    .executeTakeFirstOrThrow()) as Row;
  const staffIds = attendees ?? (await trx.selectFrom('meeting_attendee').select('staff_id').where('meeting_id', '=', meetingId).execute()).map((a) => a.staff_id as number);
  if (!staffIds.length) return;
  const when = `${formatTime(m.start_at as number, 'YYYY-MM-DD HH:mm')}–${formatTime(m.end_at as number, 'HH:mm')}`;
  const where = `${String(m.room)}${m.location ? `（${String(m.location)}）` : ''}`;
  const content = kind === 'cancelled' ? `会议「${String(m.title)}」（${when}，${where}）已取消${reason ? `：${reason}` : ''}` : `${kind === 'changed' ? '会议信息已变更：' : '请参加会议：'}「${String(m.title)}」，时间 ${when}，地点 ${where}`;
  await app.notices.send(trx, { staffIds, category: '2', type: MEETING_NOTICE, title: WHAT[kind], content, functionId: meetingId });
}
