import { describe, expect, it } from 'vitest';
import type { SqliteDatabase as OpenedDatabase } from '../../server/platform/db/index.ts';
import { migrateToLatest } from '../../server/platform/db/migrator.ts';
import { NonceStore } from '../../server/platform/http/nonces.ts';
import { temporaryDatabases } from '../support/tempDatabases.ts';

// Replay protection over a real, migrated database: a nonce is refused again until its window
// has passed, across flushes and restarts; expired nonces go in slices, live ones stay.
describe('request nonce store', () => {
  const databases = temporaryDatabases('pms-nonces-');
  async function open(dir?: string) {
    const d = databases.open(dir);
    await migrateToLatest(d.db, []);
    return d;
  }
  const count = (d: OpenedDatabase) => (d.sqlite.prepare('select count(*) as n from request_nonce').get() as { n: number }).n;

  it('refuses a nonce seen before, pending, written and after a restart', async () => {
    const clock = { t: 1_000_000 };
    const d = await open();
    const store = new NonceStore(d.sqlite, () => clock.t, 60_000);
    expect(store.claim('nonce-one', clock.t + 300_000)).toBe(true);
    expect(store.claim('nonce-one', clock.t + 300_000)).toBe(false);
    store.flush();
    expect(count(d)).toBe(1);
    expect(store.claim('nonce-one', clock.t + 300_000)).toBe(false);
    expect(store.claim('nonce-two', clock.t + 300_000)).toBe(true);
    store.close();
    await databases.close(d);

    const again = await open(d.dir);
    const restarted = new NonceStore(again.sqlite, () => clock.t, 60_000);
    expect(restarted.claim('nonce-one', clock.t + 300_000)).toBe(false);
    expect(restarted.claim('nonce-two', clock.t + 300_000)).toBe(false);
    restarted.close();
  });

  it('refuses a nonce reused under a new timestamp while its first use is in its window (issue 40)', async () => {
    const clock = { t: 1_000_000 };
    const d = await open();
    const store = new NonceStore(d.sqlite, () => clock.t, 60_000);
    expect(store.claim('nonce-reused', clock.t + 300_000)).toBe(true);
    expect(store.claim('nonce-reused', clock.t + 301_000)).toBe(false);
    store.flush();
    clock.t += 60_000;
    expect(store.claim('nonce-reused', clock.t + 300_000)).toBe(false);
    // Once the first use's window has passed, the timestamp check alone refuses an old request.
    clock.t += 241_000;
    expect(store.claim('nonce-reused', clock.t + 300_000)).toBe(true);
    store.close();
  });

  it('drops expired nonces in slices and keeps the live ones', async () => {
    const clock = { t: 1_000_000 };
    const d = await open();
    const store = new NonceStore(d.sqlite, () => clock.t, 60_000);
    // 12,000 nonces of a busy minute, some sharing a timestamp, then 100 of the last moment.
    for (let i = 0; i < 12_000; i++) store.claim(`old-${i}`, clock.t + Math.floor(i / 3));
    for (let i = 0; i < 100; i++) store.claim(`live-${i}`, clock.t + 400_000);
    store.flush();
    expect(count(d)).toBe(12_100);

    clock.t += 300_000 + 4_000 + 61_000;
    store.flush();
    const afterOne = count(d);
    // One slice: at least 5,000 gone, not all of them at once.
    expect(afterOne).toBeLessThanOrEqual(12_100 - 5000);
    expect(afterOne).toBeGreaterThan(100);
    for (let i = 0; i < 5 && count(d) > 100; i++) store.flush();
    expect(count(d)).toBe(100);
    expect(store.claim('live-7', clock.t - 365_000 + 400_000)).toBe(false);
    store.close();
  });
  it('purges exactly one slice of 5,000 at a time, the next slice at the next flush', async () => {
    const clock = { t: 1_000_000 };
    const d = await open();
    const store = new NonceStore(d.sqlite, () => clock.t, 60_000);
    for (let i = 0; i < 5_003; i++) store.claim(`old-${i}`, clock.t + i);
    store.flush();
    clock.t += 10_000 + 61_000;
    store.flush();
    expect(count(d)).toBe(3);
    // A full slice leaves more behind: purged at the very next flush, not a minute later.
    store.flush();
    expect(count(d)).toBe(0);
    store.close();
  });

  it('purges once a minute: not before the minute is over', async () => {
    const clock = { t: 30_000 };
    const d = await open();
    const store = new NonceStore(d.sqlite, () => clock.t, 60_000);
    // Less than a minute into the clock: nothing purged yet, so an expired row stays.
    store.claim('expired-early', 10_000);
    store.flush();
    expect(count(d)).toBe(1);
    clock.t = 70_000;
    store.flush(); // the first purge (a minute since 0)
    expect(count(d)).toBe(0);
    store.claim('expired-a', 69_000);
    clock.t = 130_000;
    store.flush(); // exactly a minute since the last purge: not yet
    expect(count(d)).toBe(1);
    clock.t = 130_001;
    store.flush();
    expect(count(d)).toBe(0);
    store.close();
  });

  it('writes on its own timer', async () => {
    const d = await open();
    const store = new NonceStore(d.sqlite, Date.now, 5);
    store.claim('timed', Date.now() + 300_000);
    await expect.poll(() => count(d)).toBe(1);
    store.close();
  });

  it('never rides in an open transaction, and keeps the connection durable', async () => {
    const clock = { t: 1_000_000 };
    const d = await open();
    const store = new NonceStore(d.sqlite, () => clock.t, 60_000);
    d.sqlite.pragma('synchronous = FULL');
    d.sqlite.exec('begin');
    store.claim('in-request', clock.t + 300_000);
    store.flush();
    d.sqlite.exec('rollback');
    store.flush();
    expect(count(d)).toBe(1);
    expect(d.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    store.close();
  });

  it('does nothing once its database is closed', async () => {
    const clock = { t: 1_000_000 };
    const d = await open();
    const store = new NonceStore(d.sqlite, () => clock.t, 60_000);
    store.claim('late', clock.t + 300_000);
    await databases.close(d);
    expect(() => store.close()).not.toThrow();
  });
});
