import dayjs from 'dayjs';

/** Spec 9: year-month-day hour:minute:second; a 10-digit timestamp is read as seconds. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function toMillis(value: number | string): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n === 'number') return String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n;
  return dayjs(n).valueOf();
}

export function formatTime(value: number | string | null | undefined, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(toMillis(value));
  return d.isValid() ? d.format(format) : '';
}

/** Spec 9: durations in 小时 and 分钟. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '';
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h && m) return `${h}小时${m}分钟`;
  return h ? `${h}小时` : `${m}分钟`;
}
