import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { StatementCache } from './statements.ts';

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
  sqlite: SQLite.Database;
  /** Kysely's statements, and the data version that caches of query results check. */
  statements: StatementCache;
  close(): Promise<void>;
}

/**
 * Opens (creating when needed) the SQLite database in dataDir with durable settings:
 * WAL so readers never block the writer, synchronous=FULL so an acknowledged write survives
 * a power cut, foreign keys on, and a busy timeout instead of SQLITE_BUSY errors.
 */
export function openDatabase(dataDir: string): OpenedDatabase {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, 'pms.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = new StatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  return {
    db,
    sqlite,
    statements,
    async close() {
      await db.destroy();
    },
  };
}

/**
 * Gives the query planner fresh statistics (sqlite_stat1) where tables changed much or were
 * never analysed, e.g. a bulk load or a new index: without them SQLite may walk a filter's
 * index and sort a million rows instead of reading a page in order. Sampled, so it takes
 * milliseconds even on big tables.
 */
export function refreshPlannerStatistics(sqlite: SQLite.Database): void {
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
}
