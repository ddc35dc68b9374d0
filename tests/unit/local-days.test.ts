import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as days from '../../server/engine/localDays.ts';

// Reports bucket a timestamp into its local day by arithmetic wherever the server's zone keeps
// one UTC offset (server/engine/localDays.ts); a zone with daylight saving must stop the span at
// its changes, or rows near a change land on the wrong day.

const HOUR = 3_600_000;
const zone = process.env.TZ;

const label = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe.each(['Europe/Berlin', 'Asia/Shanghai', 'America/Santiago', 'UTC'])('local days in %s', (tz) => {
  beforeAll(() => {
    process.env.TZ = tz;
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('names every hour of two years as the calendar does, inside the steady span by arithmetic', () => {
    const now = Date.UTC(2026, 10, 29, 3);
    const steady = days.steadyOffset(now);
    expect(steady.from).toBeLessThanOrEqual(now);
    expect(steady.to).toBeGreaterThan(now);
    let inside = 0;
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2027, 0, 1); ms += HOUR / 2) {
      if (ms < steady.from || ms >= steady.to) continue;
      inside += 1;
      const day = Math.floor((ms + steady.offset) / 86_400_000);
      expect(days.dayNumberLabel(day, 'day'), new Date(ms).toISOString()).toBe(label(ms));
      expect(days.dayNumberLabel(day, 'month')).toBe(label(ms).slice(0, 7));
    }
    // A zone without daylight saving is steady for years; one with it for months between its changes.
    expect(inside).toBeGreaterThan(tz === 'Europe/Berlin' || tz === 'America/Santiago' ? 3000 : 35_000);
  });

  it('gives a day or month label its span of local time, and refuses other text', () => {
    const [start, end] = days.bucketSpan('2026-03', 'month')!;
    expect(label(start)).toBe('2026-03-01');
    expect(label(end)).toBe('2026-04-01');
    expect(label(end - 1)).toBe('2026-03-31');
    const [dayStart, dayEnd] = days.bucketSpan('2026-10-25', 'day')!;
    expect([label(dayStart), label(dayEnd - 1), label(dayEnd)]).toEqual(['2026-10-25', '2026-10-25', '2026-10-26']);
    for (const bad of ['2026-13', '2026-1', '2026-02-30', 'x', '2026-02-28; drop']) expect(days.bucketSpan(bad, bad.length > 7 ? 'day' : 'month')).toBeNull();
  });
});
