import type { AnyDB, Row } from '../../engine/hooks.ts';
import { badRequest } from '../../platform/http/envelope.ts';

/** Results that earn the session's hours: a trainee who came, on time or late. */
export const ATTENDED = ['present', 'late'] as const;
/** Signing in later than this after the start counts as 迟到. */
export const LATE_AFTER_MS = 10 * 60_000;
/** Sign-in opens this long before the start. */
export const SIGN_IN_OPENS_MS = 30 * 60_000;

export const creditedHours = (result: unknown, hours: unknown): number => (ATTENDED.includes(result as (typeof ATTENDED)[number]) ? Number(hours) || 0 : 0);

export interface Training {
  id: number;
  name: string;
  project_id: number;
  lecturer_id: number;
  evaluate_id: number | null;
  start_time: number;
  end_time: number;
  hours: number;
  status: string;
}

export async function trainingById(trx: AnyDB, id: number): Promise<Training | undefined> {
  return (await trx.selectFrom('offline_training').selectAll().where('id', '=', id).executeTakeFirst()) as Training | undefined;
}

/**
 * Makes the attendance sheet follow the training's roster: one row per trainee (未签到 until
 * they sign in), removing those taken off the roster who have not signed in, and keeping every
 * row's copy of the session (time, lecturer, form, project, hours) in step with it.
 */
export async function syncRoster(trx: AnyDB, trainingId: number, now: number, by: number): Promise<void> {
  const t = await trainingById(trx, trainingId);
  if (!t) return;
  const roster = ((await trx.selectFrom('training_trainee').select('staff_id').where('training_id', '=', trainingId).execute()) as { staff_id: number }[]).map((r) => r.staff_id);
  const rows = (await trx.selectFrom('training_attendance').select(['id', 'staff_id', 'signed_in_at', 'result']).where('training_id', '=', trainingId).execute()) as { id: number; staff_id: number; signed_in_at: number | null; result: string }[];
  const removed = rows.filter((r) => !roster.includes(r.staff_id) && r.signed_in_at === null && r.result === 'pending').map((r) => r.id);
  if (removed.length) await trx.deleteFrom('training_attendance').where('id', 'in', removed).execute();
  const have = new Set(rows.map((r) => r.staff_id));
  for (const staffId of roster.filter((s) => !have.has(s))) {
    await trx
      .insertInto('training_attendance')
      .values({ training_id: trainingId, staff_id: staffId, project_id: t.project_id, train_at: t.start_time, lecturer_id: t.lecturer_id, evaluate_id: t.evaluate_id, result: 'pending', hours_credited: 0, evaluated: 0, created_by: by, created_at: now, updated_at: now })
      .execute();
  }
  await trx.updateTable('training_attendance').set({ train_at: t.start_time, lecturer_id: t.lecturer_id, evaluate_id: t.evaluate_id, project_id: t.project_id }).where('training_id', '=', trainingId).execute();
  for (const result of ATTENDED) await trx.updateTable('training_attendance').set({ hours_credited: t.hours }).where('training_id', '=', trainingId).where('result', '=', result).execute();
}

/** A trainee's QR sign-in: on the roster, the session open for signing, once; late after the grace minutes. */
export async function signIn(trx: AnyDB, trainingId: number, staffId: number, now: number): Promise<Row> {
  const t = await trainingById(trx, trainingId);
  if (!t) throw badRequest('培训不存在或已被删除');
  if (t.status === 'cancelled') throw badRequest(`培训「${t.name}」已取消，无需签到`);
  if (t.status === 'finished') throw badRequest(`培训「${t.name}」已结束，不能再签到`);
  if (now < t.start_time - SIGN_IN_OPENS_MS) throw badRequest(`培训「${t.name}」尚未开放签到（开始前 30 分钟开放）`);
  const row = (await trx.selectFrom('training_attendance').select(['id', 'signed_in_at', 'result']).where('training_id', '=', trainingId).where('staff_id', '=', staffId).executeTakeFirst()) as { id: number; signed_in_at: number | null; result: string } | undefined;
  if (!row) throw badRequest(`您不在培训「${t.name}」的参训名单中，请联系培训组织人`);
  if (row.signed_in_at !== null) throw badRequest(`您已于${new Date(row.signed_in_at + 8 * 3_600_000).toISOString().slice(11, 16)}签到，无需重复签到`);
  const result = now > t.start_time + LATE_AFTER_MS ? 'late' : 'present';
  await trx.updateTable('training_attendance').set({ result, signed_in_at: now, sign_way: 'qr', hours_credited: creditedHours(result, t.hours), updated_at: now }).where('id', '=', row.id).execute();
  return { training: t.name, result, resultText: result === 'late' ? '迟到' : '出勤', hours: creditedHours(result, t.hours) };
}

/** At the end of a session everyone still 未签到 is 缺勤. */
export async function closeSheet(trx: AnyDB, trainingId: number, now: number): Promise<void> {
  await trx.updateTable('training_attendance').set({ result: 'absent', hours_credited: 0, updated_at: now }).where('training_id', '=', trainingId).where('result', '=', 'pending').execute();
}
