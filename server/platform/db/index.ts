import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { roundDecimal } from './rounding.ts';
import pg from 'pg';
import { Kysely, PostgresDialect, PostgresQueryCompiler, SqliteDialect, type CompiledQuery, type RootOperationNode, type QueryId } from 'kysely';
import type { Database } from './schema.ts';
import { StatementCache } from './statements.ts';
import { preparingPool } from './preparedStatements.ts';
import { postgresDdl, selectDialect } from './dialect.ts';

export type DB = Kysely<Database>;

interface Opened {
  db: DB;
  /**
   * The data version that caches of query results check: equal numbers mean nothing changed in
   * between. On PostgreSQL another instance may have written meanwhile, so it moves on at every
   * call and no answer is served from a process's memory.
   */
  dataVersion(): number;
  close(): Promise<void>;
}

export interface SqliteDatabase extends Opened {
  kind: 'sqlite';
  sqlite: SQLite.Database;
  /** Kysely's statements, and the data version that caches of query results check. */
  statements: StatementCache;
}

export interface PostgresDatabase extends Opened {
  kind: 'postgres';
  pool: pg.Pool;
}

export type OpenedDatabase = SqliteDatabase | PostgresDatabase;

/** The functions the dialect seam's SQLite calls: roundTo's round_decimal, which rounds as PostgreSQL does (rounding.ts). */
export function addSqlFunctions(sqlite: SQLite.Database): void {
  sqlite.function('round_decimal', { deterministic: true }, (value: unknown, digits: unknown) => (value === null ? null : roundDecimal(Number(value), Number(digits))));
}

/**
 * Opens (creating when needed) the SQLite database in dataDir with durable settings:
 * WAL so readers never block the writer, synchronous=FULL so an acknowledged write survives
 * a power cut, foreign keys on, and a busy timeout instead of SQLITE_BUSY errors.
 */
export function openDatabase(dataDir: string): SqliteDatabase {
  selectDialect('sqlite');
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, 'pms.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  addSqlFunctions(sqlite);
  const statements = new StatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  return {
    kind: 'sqlite',
    db,
    sqlite,
    statements,
    dataVersion: () => statements.dataVersion(),
    async close() {
      await db.destroy();
    },
  };
}

/** The database the settings name: PostgreSQL when PMS_DATABASE_URL is set, else SQLite in the data directory. */
export function openConfiguredDatabase(config: { dataDir: string; databaseUrl?: string }): OpenedDatabase {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openDatabase(config.dataDir);
}

// bigint (ids, millisecond timestamps, counts) and numeric (sums, averages) as numbers, as SQLite answers them.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** PostgreSQL's compiler, with the migrations' portable DDL said in its types (dialect.ts postgresDdl). */
class PortableDdlCompiler extends PostgresQueryCompiler {
  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    const compiled = super.compileQuery(node, queryId);
    const text = postgresDdl(compiled.sql);
    return text === compiled.sql ? compiled : { ...compiled, sql: text };
  }
}

class PortablePostgresDialect extends PostgresDialect {
  override createQueryCompiler() {
    return new PortableDdlCompiler();
  }
}

/**
 * PostgreSQL for several instances (PMS_DATABASE_URL): a pool per process, its sessions in the
 * server's time zone so that reports bucket days as on SQLite ('localtime').
 */
export function openPostgres(url: string, max = Number(process.env.PMS_DATABASE_POOL || 10)): PostgresDatabase {
  selectDialect('postgres');
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // jit=off: the product's queries are short, and a view's correlated subqueries inflate the
  // planner's estimate past the JIT threshold; compiling then costs seconds (map_progress of one
  // learning map: 5.6 s with JIT, 0.1 s without), far more than the query itself.
  const pool = new pg.Pool({ connectionString: url, max, options: `-c TimeZone=${timeZone} -c jit=off` });
  // A connection dropped by the server (restart, failover) is replaced; the pool must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PortablePostgresDialect({ pool: preparingPool(pool) }) });
  let version = 0;
  return {
    kind: 'postgres',
    db,
    pool,
    dataVersion: () => ++version,
    async close() {
      await db.destroy();
    },
  };
}

/**
 * Gives the query planner fresh statistics (sqlite_stat1) where tables changed much or were
 * never analysed, e.g. a bulk load or a new index: without them SQLite may walk a filter's
 * index and sort a million rows instead of reading a page in order. Sampled, so it takes
 * milliseconds even on big tables. PostgreSQL's autovacuum analyses by itself; a fresh schema is
 * analysed once.
 */
export async function refreshPlannerStatistics(database: OpenedDatabase): Promise<void> {
  if (database.kind === 'sqlite') {
    database.sqlite.pragma('analysis_limit = 1000');
    database.sqlite.pragma('optimize = 0x10002');
  } else {
    await database.pool.query('analyze');
  }
}
