/**
 * How a punch and a day of supplier attendance are judged against their shift (design notes
 * 3.15). Pure functions over the server's local time, so the endpoints, the device intake, the
 * daily generation and the tests share one rule.
 */

export interface Shift {
  start_time: string;
  end_time: string;
  allow_offset_min: number;
  late_offset_min: number;
  early_offset_min: number;
  latitude?: number | null;
  longitude?: number | null;
  radius_m?: number | null;
}

export type PunchType = 'on' | 'off';
export type PunchResult = 'normal' | 'late' | 'early' | 'outside';
export type DayResult = PunchResult | 'missing';

const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The server-local day "YYYY-MM-DD" of a moment. */
export const dayKey = (at: number): string => {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
/** The moment of "HH:mm" on a day, server time. */
export function momentOf(day: string, hhmm: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const [h, min] = hhmm.split(':').map(Number);
  return new Date(y!, m! - 1, d!, h!, min!).getTime();
}
/** Midnight of a day, server time. */
export const midnightOf = (day: string): number => momentOf(day, '00:00');
/** ISO weekday (1 Monday … 7 Sunday) of a day. */
export const weekdayOf = (day: string): number => new Date(midnightOf(day)).getDay() || 7;

/** The window in which a shift's punches of a day are taken: from its start less the allowed range to its end plus it. */
export function punchWindow(shift: Shift, day: string): { from: number; to: number; start: number; end: number } {
  const start = momentOf(day, shift.start_time);
  const end = momentOf(day, shift.end_time);
  const allow = shift.allow_offset_min * MINUTE;
  return { from: start - allow, to: end + allow, start, end };
}

/** A punch without a stated type is the clock-in before the shift's midpoint and the clock-out after it. */
export function punchTypeAt(shift: Shift, day: string, at: number): PunchType {
  const { start, end } = punchWindow(shift, day);
  return at < (start + end) / 2 ? 'on' : 'off';
}

/** Metres between two points (haversine). */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(a));
}

/** Parses "31.2304,121.4737" (latitude, longitude); null when it is not a point. */
export function pointOf(location: unknown): { lat: number; lng: number } | null {
  const m = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(String(location ?? ''));
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/**
 * The result of one punch: 迟到 after the start plus the late allowance, 早退 before the end less
 * the early allowance, 外勤 when the shift has a punch point and the punch was further than its
 * radius (an on-time punch elsewhere), else 正常.
 */
export function punchResult(shift: Shift, day: string, at: number, type: PunchType, location?: unknown): PunchResult {
  const { start, end } = punchWindow(shift, day);
  if (type === 'on' && at > start + shift.late_offset_min * MINUTE) return 'late';
  if (type === 'off' && at < end - shift.early_offset_min * MINUTE) return 'early';
  const point = pointOf(location);
  if (point && shift.latitude != null && shift.longitude != null && shift.radius_m && distanceMetres(point.lat, point.lng, shift.latitude, shift.longitude) > shift.radius_m) return 'outside';
  return 'normal';
}

export interface PunchRow {
  punch_at: number;
  punch_type: PunchType;
  result: PunchResult;
}

export interface DaySummary {
  first_in: number | null;
  last_out: number | null;
  in_result: DayResult;
  out_result: DayResult;
  late: 0 | 1;
  early: 0 | 1;
  outside: 0 | 1;
  missing_count: 0 | 1 | 2;
  present: 0 | 1;
  work_minutes: number;
  result: DayResult;
}

/**
 * A finished day of one person on one shift, from their punches: the earliest clock-in and the
 * latest clock-out count; a side without a punch is 缺卡 (nobody punched: both). The day's result
 * is the worst of the two sides: 缺卡, then 迟到, 早退, 外勤, else 正常.
 */
export function summariseDay(punches: readonly PunchRow[]): DaySummary {
  const ins = punches.filter((p) => p.punch_type === 'on').sort((a, b) => a.punch_at - b.punch_at);
  const outs = punches.filter((p) => p.punch_type === 'off').sort((a, b) => b.punch_at - a.punch_at);
  const first = ins[0];
  const last = outs[0];
  const in_result: DayResult = first ? first.result : 'missing';
  const out_result: DayResult = last ? last.result : 'missing';
  const sides = [in_result, out_result];
  const result = (['missing', 'late', 'early', 'outside'] as const).find((r) => sides.includes(r)) ?? 'normal';
  return {
    first_in: first?.punch_at ?? null,
    last_out: last?.punch_at ?? null,
    in_result,
    out_result,
    late: in_result === 'late' ? 1 : 0,
    early: out_result === 'early' ? 1 : 0,
    outside: sides.includes('outside') ? 1 : 0,
    missing_count: ((first ? 0 : 1) + (last ? 0 : 1)) as 0 | 1 | 2,
    present: first || last ? 1 : 0,
    work_minutes: first && last && last.punch_at > first.punch_at ? Math.round((last.punch_at - first.punch_at) / MINUTE) : 0,
    result,
  };
}
