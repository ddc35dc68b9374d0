import { describe, expect, it } from 'vitest';
import { onceReady } from '../../src/engine/onceReady.ts';

// React's use() must get the same promise on every render of a form's fields, and be called on
// every render: a new Promise.all per render made it suspend on each, and calling it only while
// loading logged "called use() to suspend in a previous render but did not call use() when it finished".

describe("a form's fields readiness (onceReady)", () => {
  it('is one promise per key, already fulfilled when nothing is to load', async () => {
    const plain = {};
    const ready = onceReady(plain, () => undefined);
    expect(onceReady(plain, () => Promise.resolve(1))).toBe(ready);
    expect((ready as Promise<unknown> & { status?: string }).status).toBe('fulfilled');

    const lazy = {};
    let loads = 0;
    const load = () => (loads++, new Promise((resolve) => setTimeout(resolve, 5)));
    const loading = onceReady(lazy, load);
    expect(onceReady(lazy, load)).toBe(loading);
    await loading;
    expect(loads).toBe(1);
  });

  it('forgets a failed load, so the next render loads again', async () => {
    const key = {};
    await expect(onceReady(key, () => Promise.reject(new Error('chunk')))).rejects.toThrow('chunk');
    expect((onceReady(key, () => undefined) as Promise<unknown> & { status?: string }).status).toBe('fulfilled');
  });
});
