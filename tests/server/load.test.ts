import { describe, expect, it } from 'vitest';
import { officeLoad } from '../../bench/support/officeLoad.ts';

// The fast part of issue 10's load figure (npm run verify:reliability runs 200 sessions for 60 s):
// every request signed and carrying its own session, none may fail. No timing is asserted.
describe('load', () => {
  it('answers 20 signed-in sessions mixing lists, details and writes without an error, timeout or refusal', async () => {
    const r = await officeLoad({ sessions: 20, seconds: 5, rate: 100 });
    expect(r.requests).toBeGreaterThan(0);
    expect({ errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  }, 180_000);
});
