/** The days of a calendar page (schemaTypes.ts CalendarPage), in local time, weeks from Monday. */

/** Records one calendar view asks for at most (its list call's page size); the lint holds the resource's maxPageSize to it. */
export const CALENDAR_ROWS = 1000;
/** Rows (rooms) a calendar grouped by rows asks for at most (CalendarPage.rows). */
export const CALENDAR_ROW_RECORDS = 200;
/** Days one record is drawn on at most: a record spanning months is not drawn on every day of them. */
const MAX_SPAN_DAYS = 62;

const pad = (n: number) => String(n).padStart(2, '0');
const keyOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const parseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

/** "2026-12-01" of a stored date: milliseconds, a day, or a "2026-12-01 08:00" text; null when it is none. */
export function dayKey(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return keyOf(new Date(value));
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(value);
  return m ? `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}` : null;
}

/** The days a view shows around `anchor` ("2026-12-15"): whole weeks of its month, its week, or the day itself. */
export function calendarDays(view: 'month' | 'week' | 'day', anchor: string): string[] {
  const at = parseDay(anchor);
  if (view === 'day') return [keyOf(at)];
  const from = view === 'month' ? new Date(at.getFullYear(), at.getMonth(), 1) : at;
  const to = view === 'month' ? new Date(at.getFullYear(), at.getMonth() + 1, 0) : at;
  const start = new Date(from.getFullYear(), from.getMonth(), from.getDate() - ((from.getDay() + 6) % 7));
  const end = new Date(to.getFullYear(), to.getMonth(), to.getDate() + (6 - ((to.getDay() + 6) % 7)));
  const days: string[] = [];
  for (let d = start; d <= end; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) days.push(keyOf(d));
  return days;
}

/** The days in [first, last] a record from `start` to `end` (or on `start` alone) is drawn on. */
export function itemDays(start: unknown, end: unknown, first: string, last: string): string[] {
  const from = dayKey(start);
  if (!from) return [];
  const to = dayKey(end) ?? from;
  const days: string[] = [];
  let d = parseDay(from < first ? first : from);
  const stop = to > last ? last : to;
  for (let n = 0; keyOf(d) <= stop && n < MAX_SPAN_DAYS; n++, d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) days.push(keyOf(d));
  return days;
}
