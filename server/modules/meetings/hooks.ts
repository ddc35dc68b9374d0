import { badRequest } from '../../platform/http/envelope.ts';
import type { AnyDB, ResourceHooks, Row } from '../../engine/hooks.ts';
import { recordNoShow } from './noShows.ts';
import { notifyAttendees } from './notify.ts';

/** The record's project must be that of the record it belongs to (a booking's room, minutes' meeting). */
async function sameProject(trx: AnyDB, table: string, id: unknown, projectId: unknown, message: string): Promise<void> {
  if (id === undefined || id === null) return;
  const owner = await trx.selectFrom(table).select('project_id').where('id', '=', id as number).executeTakeFirst();
  if (owner && owner.project_id !== projectId) throw badRequest(message);
}

const merged = (values: Row, current: Row | null): Row => ({ ...(current ?? {}), ...values });

export const meetingHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    const m = merged(values, current);
    await sameProject(trx, 'meeting_room', m.room_id, m.project_id, '会议室不属于所选项目');
    const room = await trx.selectFrom('meeting_room').select(['capacity', 'max_duration_min', 'name']).where('id', '=', m.room_id as number).executeTakeFirst();
    if (!room) return;
    const attendees = Array.isArray(m.attendee_ids) ? m.attendee_ids.length : 0;
    if (attendees > (room.capacity as number)) throw badRequest(`参会人数 ${attendees} 人超过会议室「${room.name}」的容纳人数 ${room.capacity} 人`);
    const minutes = ((m.end_at as number) - (m.start_at as number)) / 60_000;
    if (room.max_duration_min && minutes > (room.max_duration_min as number)) throw badRequest(`会议室「${room.name}」单次最长预约 ${room.max_duration_min} 分钟`);
  },
  // Attendees hear of a booking, of a change to its time, room or attendees, and of its cancellation.
  async afterSave({ app, trx, id, values, created }) {
    if (!created && !['start_at', 'end_at', 'room_id', 'attendee_ids'].some((k) => k in values)) return;
    await notifyAttendees(app, trx, id, created ? 'booked' : 'changed', Array.isArray(values.attendee_ids) ? (values.attendee_ids as number[]) : undefined);
  },
  async afterTransition({ app, trx, id, action, record, note }) {
    if (action === 'cancel') await notifyAttendees(app, trx, id, 'cancelled', undefined, note);
    if (action !== 'release') return;
    await recordNoShow(trx, { id, project_id: record.project_id as number, organizer_id: record.organizer_id as number, title: record.title as string }, Date.now());
  },
};

export const minutesHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    const m = merged(values, current);
    await sameProject(trx, 'meeting', m.meeting_id, m.project_id, '会议不属于所选项目');
  },
};
