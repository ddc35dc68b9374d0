// Local days by arithmetic (issue 31: a report over a million rows buckets each by its local day
// or month; the database's own calendar, SQLite's strftime(..., 'localtime') or PostgreSQL's
// to_char, costs more than the rest of the report). Where the server's time zone keeps one UTC
// offset, a timestamp's local day is floor((ms + offset) / day); outside that span the database's
// calendar still answers, so the result is the same for every row.

const DAY = 86_400_000;
const FIRST = Date.UTC(1970, 0, 1);
const LAST = Date.UTC(2100, 0, 1);

export interface SteadyOffset {
  /** The span [from, to) of timestamps in which the zone's offset does not change. */
  from: number;
  to: number;
  /** The zone's offset from UTC there, in milliseconds (east positive). */
  offset: number;
}

const offsetAt = (ms: number) => -new Date(ms).getTimezoneOffset() * 60_000;

let steady: (SteadyOffset & { zone: string | undefined }) | null = null;

/**
 * The span around now without an offset change, found once by sampling each day: a change between
 * two samples lies somewhere in that day, so the span stops at the sample on its safe side.
 */
export function steadyOffset(now = Date.now()): SteadyOffset {
  if (steady && steady.zone === process.env.TZ && now >= steady.from && now < steady.to) return steady;
  const offset = offsetAt(now);
  let from = now - (now % DAY);
  while (from - DAY >= FIRST && offsetAt(from - DAY) === offset) from -= DAY;
  let to = from;
  while (to + DAY <= LAST && offsetAt(to + DAY) === offset) to += DAY;
  // `to` is the last sample with this offset: a change may follow it at once.
  steady = { from, to, offset, zone: process.env.TZ };
  return steady;
}

/** The label of a local day number: YYYY-MM-DD, or YYYY-MM for its month. */
export function dayNumberLabel(day: number, bucket: 'day' | 'month'): string {
  const date = new Date(day * DAY);
  const month = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  return bucket === 'month' ? month : `${month}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** The timestamps [start, end) of a bucket's label (2026-11 or 2026-11-29) in the server's zone; null for any other text. */
export function bucketSpan(label: string, bucket: 'day' | 'month'): [number, number] | null {
  const match = (bucket === 'month' ? /^(\d{4})-(\d{2})$/ : /^(\d{4})-(\d{2})-(\d{2})$/).exec(label);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3] ?? 1)];
  const start = new Date(y, m, d);
  if (start.getFullYear() !== y || start.getMonth() !== m || start.getDate() !== d) return null;
  const end = bucket === 'month' ? new Date(y, m + 1, 1) : new Date(y, m, d + 1);
  return [start.getTime(), end.getTime()];
}
