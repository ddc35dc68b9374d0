import type { AnyDB, Row } from '../../engine/hooks.ts';
import { dayKey, midnightOf, punchWindow, summariseDay, weekdayOf, type PunchRow, type Shift } from './punchRules.ts';

const DAY = 86_400_000;
const addDays = (day: string, n: number) => dayKey(midnightOf(day) + n * DAY + 12 * 3_600_000);
const workDays = (shift: Row): string[] => JSON.parse(String(shift.work_days ?? '[]')).map(String);

/** The enabled shift a worker is on for a day (their shifts never share a weekday), or undefined. */
export async function shiftOn(db: AnyDB, staffId: number, day: string): Promise<Row | undefined> {
  const shifts = (await db
    .selectFrom('attendance_shift as s')
    .innerJoin('attendance_shift_staff as l', 'l.shift_id', 's.id')
    .selectAll('s')
    .where('l.external_staff_id', '=', staffId)
    .where('s.enabled', '=', 1)
    .execute()) as Row[];
  return shifts.find((s) => workDays(s).includes(String(weekdayOf(day))));
}

/** One worker's day on one shift, summarised from their punches of that day. */
async function dayValues(db: AnyDB, shift: Row, staffId: number, day: string, supplier: string, now: number): Promise<Row> {
  const punches = (await db.selectFrom('attendance_punch').select(['punch_at', 'punch_type', 'result']).where('external_staff_id', '=', staffId).where('shift_id', '=', shift.id as number).where('work_date', '=', day).execute()) as PunchRow[];
  return { external_staff_id: staffId, shift_id: shift.id, work_date: day, project_id: shift.project_id, supplier, day_at: midnightOf(day), ...summariseDay(punches), created_by: null, created_at: now, updated_at: now };
}

/**
 * Makes the attendance day of every worker of every enabled shift whose day is over (past its
 * end plus the punch range), from `catchUpDays` back to today and never before the shift was
 * made. A (worker, shift, day) is made once: those already made are skipped, and the unique key
 * refuses a second row however often this runs. A day nobody punched is 缺卡. Answers the number made.
 */
export async function generateDays(db: AnyDB, now: number, catchUpDays = 7): Promise<number> {
  const today = dayKey(now);
  const shifts = (await db.selectFrom('attendance_shift').selectAll().where('enabled', '=', 1).execute()) as Row[];
  let made = 0;
  for (const shift of shifts) {
    const workers = (await db
      .selectFrom('attendance_shift_staff as l')
      .innerJoin('external_staff as e', 'e.id', 'l.external_staff_id')
      .select(['e.id', 'e.supplier'])
      .where('l.shift_id', '=', shift.id as number)
      .where('e.enabled', '=', 1)
      .execute()) as { id: number; supplier: string }[];
    if (!workers.length) continue;
    const first = [dayKey(shift.created_at as number), addDays(today, -catchUpDays)].sort()[1]!;
    const done = new Set(((await db.selectFrom('attendance_day').select(['external_staff_id', 'work_date']).where('shift_id', '=', shift.id as number).where('work_date', '>=', first).execute()) as Row[]).map((d) => `${String(d.external_staff_id)} ${String(d.work_date)}`));
    for (let day = first; day <= today; day = addDays(day, 1)) {
      if (!workDays(shift).includes(String(weekdayOf(day))) || now < punchWindow(shift as unknown as Shift, day).to) continue;
      for (const w of workers) {
        if (done.has(`${w.id} ${day}`)) continue;
        const inserted = await db
          .insertInto('attendance_day')
          .values(await dayValues(db, shift, w.id, day, w.supplier, now))
          .onConflict((oc) => oc.columns(['work_date', 'external_staff_id', 'shift_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) made += 1;
      }
    }
  }
  return made;
}

/** A punch that arrives for a day already over (a 补卡, a device that was offline) updates that day's row. */
export async function refreshDay(db: AnyDB, shift: Row, staffId: number, day: string, supplier: string, now: number): Promise<void> {
  if (now < punchWindow(shift as unknown as Shift, day).to) return;
  const values = await dayValues(db, shift, staffId, day, supplier, now);
  const { created_at: _created, created_by: _by, ...changes } = values;
  await db
    .insertInto('attendance_day')
    .values(values)
    .onConflict((oc) => oc.columns(['work_date', 'external_staff_id', 'shift_id']).doUpdateSet(changes))
    .execute();
}
