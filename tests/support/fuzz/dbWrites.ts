import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Tables that change on every request by design, whatever its input: sessions (last seen),
 * signature nonces, the sign-in log, the request log (/request/index), the single sign-on
 * provider's own storage, and the shared rate-limit counters (PostgreSQL: rate_limit_hit).
 * Every other table holds business data that a refused request must leave alone.
 */
export const PER_REQUEST_TABLES = new Set(['session', 'owner_session', 'request_nonce', 'login_log', 'oidc_payload', 'request_log', 'rate_limit_hit']);

const LOG = 'zz_fuzz_write';

export interface BusinessWrites {
  tables: string[];
  /** The writes noted since the last call (e.g. ["work_order UPDATE ×2"]), and forgets them. */
  take(): Promise<string[]>;
  close(): Promise<void>;
}

const business = (tables: string[]) => tables.filter((t) => !PER_REQUEST_TABLES.has(t) && t !== LOG && !t.startsWith('kysely_'));

/**
 * Watches the business tables of a test server's database: triggers note every committed
 * insert, update and delete (a rolled-back write leaves no note), so a change is pinned on
 * its table at the cost of one small read, where hashing every table took ~80 ms a time.
 * Only for throwaway test databases: it adds a table and triggers. SQLite in the data
 * directory, or the server's PostgreSQL database when it runs on one.
 */
export function watchBusinessWrites(config: { dataDir: string; databaseUrl?: string }): Promise<BusinessWrites> {
  return config.databaseUrl ? watchPostgres(config.databaseUrl) : Promise.resolve(watchSqlite(config.dataDir));
}

function watchSqlite(dataDir: string): BusinessWrites {
  const db = new SQLite(path.join(dataDir, 'pms.sqlite'));
  db.pragma('busy_timeout = 5000');
  const tables = business(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]);
  db.exec(`CREATE TABLE IF NOT EXISTS ${LOG} (tbl TEXT NOT NULL, op TEXT NOT NULL)`);
  for (const table of tables) {
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      db.exec(`CREATE TRIGGER IF NOT EXISTS "${LOG}_${table}_${op}" AFTER ${op} ON "${table}" BEGIN INSERT INTO ${LOG} VALUES ('${table}', '${op}'); END`);
    }
  }
  const read = db.prepare(`SELECT tbl || ' ' || op || ' ×' || count(*) FROM ${LOG} GROUP BY tbl, op ORDER BY tbl, op`).pluck();
  const clear = db.prepare(`DELETE FROM ${LOG}`);
  return {
    tables,
    async take() {
      const writes = read.all() as string[];
      if (writes.length) clear.run();
      return writes;
    },
    close: async () => void db.close(),
  };
}

async function watchPostgres(url: string): Promise<BusinessWrites> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const listed = await client.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'");
  const tables = business(listed.rows.map((r) => r.name));
  await client.query(`create table if not exists ${LOG} (tbl text not null, op text not null)`);
  await client.query(`create or replace function ${LOG}_note() returns trigger language plpgsql as $$ begin insert into ${LOG} values (TG_TABLE_NAME, TG_OP); return null; end $$`);
  for (const table of tables) await client.query(`create or replace trigger "${LOG}_${table}" after insert or update or delete on "${table}" for each row execute function ${LOG}_note()`);
  return {
    tables,
    async take() {
      return summarise((await client.query<{ tbl: string; op: string }>(`delete from ${LOG} returning tbl, op`)).rows);
    },
    close: () => client.end(),
  };
}

/** "table OP ×n" per table and operation, in order, as the SQLite query words them. */
function summarise(notes: { tbl: string; op: string }[]): string[] {
  const counts = new Map<string, number>();
  for (const { tbl, op } of notes) counts.set(`${tbl} ${op}`, (counts.get(`${tbl} ${op}`) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, n]) => `${key} ×${n}`);
}
