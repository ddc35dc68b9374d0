import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Tables that change on every request by design, whatever its input: sessions (last seen),
 * signature nonces, the sign-in log, the request log (/request/index) and the single sign-on provider's own storage.
 * Every other table holds business data that a refused request must leave alone.
 */
export const PER_REQUEST_TABLES = new Set(['session', 'owner_session', 'request_nonce', 'login_log', 'oidc_payload', 'request_log']);

const LOG = 'zz_fuzz_write';

/**
 * Watches the business tables of a test server's database: triggers note every committed
 * insert, update and delete (a rolled-back write leaves no note), so a change is pinned on
 * its table at the cost of one small read, where hashing every table took ~80 ms a time.
 * Only for throwaway test databases: it adds a table and triggers.
 */
export function watchBusinessWrites(dataDir: string) {
  const db = new SQLite(path.join(dataDir, 'pms.sqlite'));
  db.pragma('busy_timeout = 5000');
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'").pluck().all() as string[]).filter((t) => !PER_REQUEST_TABLES.has(t) && t !== LOG);
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
    /** The writes noted since the last call (e.g. ["work_order UPDATE ×2"]), and forgets them. */
    take(): string[] {
      const writes = read.all() as string[];
      if (writes.length) clear.run();
      return writes;
    },
    close: () => db.close(),
  };
}
