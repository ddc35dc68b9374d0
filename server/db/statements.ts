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
 *   cached list. Writes to the session table (sign-in, and each session's idle clock once a
 *   minute of use) and those made without Kysely (the request nonces of server/http/nonces.ts)
 *   do not move it either: nothing kept under it reads those tables (the session store keeps
 *   its rows under the auth version of server/auth/authVersion.ts), and with a few hundred
 *   users at work a session write every second would drop every cached list as often.
 */
const ROLLBACK = /^\s*rollback\b/i;
/** Writes to tables that no list or count reads. */
const UNREAD = /^\s*(insert\s+into|update|delete\s+from)\s+"session"\s/i;
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
    if (statement.readonly || UNREAD.test(sql)) return statement;
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
