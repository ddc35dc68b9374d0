import type SQLite from 'better-sqlite3';

/**
 * The database as Kysely's SQLite dialect sees it, with two additions:
 *
 * - prepared statements are kept by their SQL text: Kysely asks better-sqlite3 to prepare every
 *   query it runs, and preparing a list query with its joins costs more than reading its page;
 * - a data version that moves on whenever the database may have changed: a statement run
 *   through Kysely changed rows (or may have: one answering rows, a schema change), a rollback,
 *   or another connection (a script, a second process) committed (SQLite's data_version). What
 *   was read at one version is still true at the same. A write that changed nothing (a sweep
 *   finding no work) leaves it: the push outbox's sweep every 10 s would otherwise drop every
 *   cached list. Writes to the tables of UNVERSIONED_TABLES, and those made without Kysely (the
 *   request nonces of server/platform/http/nonces.ts), do not move it either.
 */
const ROLLBACK = /^\s*rollback\b/i;
/**
 * Sign-in bookkeeping that no list, count or report reads: sessions (written at each sign-in and
 * by each session's idle clock once a minute of use; the session store keeps its rows under the
 * auth version of server/platform/auth/authVersion.ts), owners' SMS codes and the embedded single
 * sign-on's storage. With a few hundred users at work these are written every second: moving the
 * version for them would drop every cached list as often. tests/server/list-answers.test.ts
 * checks that no resource or report reads them.
 */
export const UNVERSIONED_TABLES: ReadonlySet<string> = new Set(['session', 'sms_code', 'oidc_payload']);

/**
 * Tables written in batches without Kysely, so their writes never move the version: the request
 * log (server/platform/http/requestLog.ts), written after every /api request, would otherwise drop
 * every cached list each half second. Their own lists are therefore never served from the cache.
 */
export const UNCACHED_LIST_TABLES: ReadonlySet<string> = new Set(['request_log']);

/**
 * The table an INSERT, REPLACE, UPDATE or DELETE statement writes, its name as Kysely quotes it;
 * none for other statements, nor for writes it cannot name for sure (WITH first, a schema
 * prefix), which then count as writes to any table.
 */
export function writtenTable(sql: string): string | undefined {
  const name = /^\s*(?:(?:insert|replace)(?:\s+or\s+\w+)?\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"((?:[^"]|"")+)"(?!\s*\.)/i.exec(sql)?.[1];
  return name?.replaceAll('""', '"');
}

/** Statements whose changed-row count says whether they changed anything. */
const ROW_WRITE = /^\s*(insert|update|delete|replace)\b/i;

/** What Kysely's SQLite driver uses of a statement. */
type RunStatement = Pick<SQLite.Statement, 'reader' | 'all' | 'run' | 'iterate'>;

export class StatementCache {
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly othersVersion: SQLite.Statement;
  private ownWrites = 0;
  private lastOthers = -1;
  private version = 0;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly maxStatements = 500,
  ) {
    this.othersVersion = sqlite.prepare('pragma data_version').pluck();
  }

  prepare(sql: string): RunStatement {
    let statement = this.statements.get(sql);
    // A statement still being iterated (a streamed query) cannot run again meanwhile: a fresh one can.
    if (!statement || statement.busy) {
      statement = this.sqlite.prepare(sql);
      // Bounded: statements with a different number of `in (?, ?…)` parameters are different texts.
      if (this.statements.size >= this.maxStatements) this.statements.clear();
      this.statements.set(sql, statement);
    }
    // A rollback undoes writes that reads inside the transaction saw: it moves the version on too.
    if (ROLLBACK.test(sql)) this.ownWrites += 1;
    if (statement.readonly || UNVERSIONED_TABLES.has(writtenTable(sql) ?? '')) return statement;
    if (statement.reader || !ROW_WRITE.test(sql)) {
      this.ownWrites += 1;
      return statement;
    }
    const write = statement;
    return {
      reader: false,
      all: write.all.bind(write),
      iterate: write.iterate.bind(write),
      run: (...parameters: unknown[]) => {
        const result = write.run(...parameters);
        if (result.changes > 0) this.ownWrites += 1;
        return result;
      },
    };
  }

  /** The data version now; equal numbers mean no change in between. */
  dataVersion(): number {
    const others = this.othersVersion.get() as number;
    if (others !== this.lastOthers) {
      this.lastOthers = others;
      this.version += 1;
    }
    return this.version + this.ownWrites;
  }

  close(): void {
    this.statements.clear();
    this.sqlite.close();
  }
}
