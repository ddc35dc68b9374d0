import { describe, expect, it } from 'vitest';
import { momentOf, punchResult, punchTypeAt, summariseDay, type Shift } from '../../server/modules/attendance/punchRules.ts';

/** How a supplier worker's punch and day are judged against their shift (server/modules/attendance/punchRules.ts). */
const shift: Shift = { start_time: '08:00', end_time: '17:00', allow_offset_min: 60, late_offset_min: 5, early_offset_min: 10, latitude: 31.2, longitude: 121.4, radius_m: 300 };
const day = '2026-11-02';
const at = (hhmm: string) => momentOf(day, hhmm);

describe('supplier attendance rules', () => {
  it('judge a clock-in late only after the late allowance, a clock-out early only before the early allowance', () => {
    expect(punchResult(shift, day, at('07:40'), 'on')).toBe('normal');
    expect(punchResult(shift, day, at('08:05'), 'on')).toBe('normal');
    expect(punchResult(shift, day, at('08:06'), 'on')).toBe('late');
    expect(punchResult(shift, day, at('16:50'), 'off')).toBe('normal');
    expect(punchResult(shift, day, at('16:49'), 'off')).toBe('early');
    expect(punchResult(shift, day, at('17:30'), 'off')).toBe('normal');
  });

  it('judge an on-time punch further than the radius from the punch point 外勤, and ignore the point when the shift has none', () => {
    expect(punchResult(shift, day, at('07:50'), 'on', '31.2005,121.4005')).toBe('normal');
    expect(punchResult(shift, day, at('07:50'), 'on', '31.2100,121.4000')).toBe('outside');
    expect(punchResult({ ...shift, latitude: null, longitude: null, radius_m: null }, day, at('07:50'), 'on', '31.2100,121.4000')).toBe('normal');
    expect(punchResult(shift, day, at('08:30'), 'on', '31.2100,121.4000')).toBe('late');
  });

  it('take a punch without a type as the clock-in before the midpoint and the clock-out after it', () => {
    expect(punchTypeAt(shift, day, at('12:29'))).toBe('on');
    expect(punchTypeAt(shift, day, at('12:31'))).toBe('off');
  });

  it('summarise a day: the first clock-in and last clock-out count, a missing side is 缺卡, the worst side decides', () => {
    const none = summariseDay([]);
    expect(none).toMatchObject({ result: 'missing', in_result: 'missing', out_result: 'missing', missing_count: 2, present: 0, work_minutes: 0 });
    const lateAndEarly = summariseDay([
      { punch_at: at('08:20'), punch_type: 'on', result: 'late' },
      { punch_at: at('08:30'), punch_type: 'on', result: 'late' },
      { punch_at: at('16:00'), punch_type: 'off', result: 'early' },
    ]);
    expect(lateAndEarly).toMatchObject({ result: 'late', late: 1, early: 1, missing_count: 0, present: 1, work_minutes: 460, first_in: at('08:20') });
    const oneSide = summariseDay([{ punch_at: at('07:55'), punch_type: 'on', result: 'normal' }]);
    expect(oneSide).toMatchObject({ result: 'missing', in_result: 'normal', out_result: 'missing', missing_count: 1, present: 1 });
    const twoOuts = summariseDay([
      { punch_at: at('07:55'), punch_type: 'on', result: 'normal' },
      { punch_at: at('16:00'), punch_type: 'off', result: 'early' },
      { punch_at: at('17:05'), punch_type: 'off', result: 'normal' },
    ]);
    expect(twoOuts).toMatchObject({ result: 'normal', early: 0, last_out: at('17:05') });
  });
});
