import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { temporaryDatabases } from '../support/tempDatabases.ts';
import { CappedCounts, COUNT_CAP } from '../../server/platform/http/paging.ts';

// The list counts kept between requests must never be older than the data: every way the data
// can change (a write, a rollback, another process's commit) moves the data version on.
describe('cached list counts', () => {
  const databases = temporaryDatabases('pms-counts-');

  async function database() {
    const d = databases.open();
    await sql`create table item (id integer primary key, kind text not null)`.execute(d.db);
    const db = d.db as any;
    const counts = new CappedCounts(() => d.statements.dataVersion());
    const count = (kind: string, q = db) => counts.of(q, q.selectFrom('item').selectAll().where('kind', '=', kind));
    const add = (kind: string, n = 1) => db.insertInto('item').values(Array.from({ length: n }, () => ({ kind }))).execute();
    return { d, db, count, add, file: path.join(d.dir, 'pms.sqlite') };
  }

  it('follows writes, rollbacks and other processes, and caps at COUNT_CAP', async () => {
    const { d, db, count, add, file } = await database();
    await add('a', 3);
    expect(await count('a')).toEqual({ total: 3 });
    const version = d.statements.dataVersion();
    expect(await count('a')).toEqual({ total: 3 });
    expect(d.statements.dataVersion()).toBe(version);

    await add('a');
    expect(await count('a')).toEqual({ total: 4 });
    await db.deleteFrom('item').where('kind', '=', 'a').where('id', '=', 1).execute();
    expect(await count('a')).toEqual({ total: 3 });

    // A count read inside a transaction that is rolled back afterwards. The rollback is the
    // only error swallowed: a failed expectation inside must still fail the test.
    const undo = new Error('undo');
    let inside: unknown;
    await db
      .transaction()
      .execute(async (trx: typeof db) => {
        await trx.insertInto('item').values({ kind: 'a' }).execute();
        inside = await count('a', trx);
        throw undo;
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
      });
    expect(inside).toEqual({ total: 4 });
    expect(await count('a')).toEqual({ total: 3 });

    // Another connection (a script, a second server process) commits.
    const other = new SQLite(file);
    other.prepare("insert into item (kind) values ('a')").run();
    other.close();
    expect(await count('a')).toEqual({ total: 4 });

    await add('b', COUNT_CAP + 1);
    expect(await count('b')).toEqual({ total: COUNT_CAP, totalCapped: true });
  });

  it('stays at the same version through writes that changed nothing, and moves with those that did', async () => {
    const { d, db, add } = await database();
    await add('a', 2);
    const version = d.statements.dataVersion();
    // A sweep that finds no work (the push outbox's every 10 s) leaves what was read true.
    await db.updateTable('item').set({ kind: 'b' }).where('kind', '=', 'none').execute();
    await db.deleteFrom('item').where('id', '=', 999).execute();
    expect(d.statements.dataVersion()).toBe(version);
    await db.updateTable('item').set({ kind: 'b' }).where('id', '=', 1).execute();
    expect(d.statements.dataVersion()).toBeGreaterThan(version);
    const moved = d.statements.dataVersion();
    // The session table (sign-in, idle clocks) is read by nothing kept under the version.
    await sql`create table "session" (token_hash text primary key, last_seen_at integer)`.execute(d.db);
    const afterSchema = d.statements.dataVersion();
    expect(afterSchema).toBeGreaterThan(moved);
    await db.insertInto('session').values({ token_hash: 'a', last_seen_at: 1 }).execute();
    await db.updateTable('session').set({ last_seen_at: 2 }).where('token_hash', '=', 'a').execute();
    expect(d.statements.dataVersion()).toBe(afterSchema);
    // Statements answering rows move it whatever they did.
    await db.insertInto('item').values({ kind: 'c' }).returning('id').execute();
    expect(d.statements.dataVersion()).toBeGreaterThan(afterSchema);
  });
});
