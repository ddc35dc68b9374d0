import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from '../../server/platform/db/index.ts';
import { createDatabase, dropDatabase, testPostgres } from '../support/postgresDatabases.ts';

/**
 * The PostgreSQL pool's named statements (server/platform/db/preparedStatements.ts), on one
 * connection of an empty database: kept per connection up to their bound, and a statement whose
 * table changed under it (another instance's migration adds a column) answers with the new shape.
 */
describe.runIf(Boolean(testPostgres()))('prepared statements on PostgreSQL', () => {
  let url: string;
  let database: PostgresDatabase;
  beforeAll(async () => {
    url = await createDatabase();
    database = openPostgres(url, 1);
    await sql`create table prepared_probe (id bigint primary key, a text)`.execute(database.db);
    await sql`insert into prepared_probe values (1, 'one'), (2, 'two')`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
    if (url) await dropDatabase(url);
  });

  const kept = async () => Number((await sql<{ n: number }>`select count(*) as n from pg_prepared_statements`.execute(database.db)).rows[0]!.n);

  it('keeps each text prepared once, and at most 100 on a connection', async () => {
    for (let i = 0; i < 3; i++) expect((await sql<{ a: string }>`select a from prepared_probe where id = ${2}`.execute(database.db)).rows).toEqual([{ a: 'two' }]);
    const before = await kept();
    expect(before).toBeGreaterThan(0);
    expect(await kept()).toBe(before);
    // Distinct texts (a literal each): the least recently used are deallocated beyond the bound.
    for (let i = 0; i < 150; i++) expect((await sql<{ n: number }>`select ${sql.lit(i)}::int as n where ${i} >= 0`.execute(database.db)).rows).toEqual([{ n: i }]);
    expect(await kept()).toBeLessThanOrEqual(100);
    expect((await sql<{ a: string }>`select a from prepared_probe where id = ${1}`.execute(database.db)).rows).toEqual([{ a: 'one' }]);
  });

  it('answers a kept `select *` after its table gained a column', async () => {
    const all = () => sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(database.db);
    expect((await all()).rows).toEqual([{ id: 1, a: 'one' }]);
    await sql`alter table prepared_probe add column b text default 'new'`.execute(database.db);
    expect((await all()).rows).toEqual([{ id: 1, a: 'one', b: 'new' }]);
    expect((await all()).rows).toEqual([{ id: 1, a: 'one', b: 'new' }]);
  });
});
