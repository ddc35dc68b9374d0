import { describe, expect, it } from 'vitest';
import { exportDateTimeFormatter } from '../../server/platform/http/exportDateTime.ts';

// Zones with whole-hour, half-hour and 45-minute offsets, summer time (a half-hour shift on Lord
// Howe), and the server's own.
const ZONES = [undefined, 'Asia/Shanghai', 'UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York', 'Australia/Lord_Howe', 'Europe/London'];

describe('export date-times', () => {
  it('write every time exactly as Intl does, across time zones, summer time changes and centuries', () => {
    for (const timeZone of ZONES) {
      const intl = new Intl.DateTimeFormat('zh-CN', { timeZone, hour12: false, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
      const format = exportDateTimeFormatter(timeZone);
      const times: number[] = [];
      let seed = 7;
      const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
      // 1890-2060 at random, and every 7 s of the hours around the days' summer time changes.
      for (let i = 0; i < 20_000; i++) times.push(Math.floor(-2.5e12 + random() * 5.4e12));
      for (const day of [Date.UTC(2026, 2, 8), Date.UTC(2026, 2, 29), Date.UTC(2026, 3, 5), Date.UTC(2026, 9, 4), Date.UTC(2026, 9, 25), Date.UTC(2026, 10, 1)]) {
        for (let t = day - 3 * 3600_000; t < day + 9 * 3600_000; t += 6_997) times.push(t);
      }
      times.push(0, -1, 1.5, 59_999, 60_000, 899_999, 900_000);
      expect(times.filter((t) => format(t) !== intl.format(t)).map((t) => `${timeZone} ${t}: ${format(t)} ≠ ${intl.format(t)}`)).toEqual([]);
    }
  });

  it('refuses a time that is not one, as Intl does', () => {
    expect(() => exportDateTimeFormatter()(Number.NaN)).toThrow(RangeError);
  });
});
