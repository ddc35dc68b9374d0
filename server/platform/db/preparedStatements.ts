import type pg from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** Prepared statements kept per connection: the engine's lists and counts, the request path's reads, the screens' usual filters. */
const PER_CONNECTION = 100;

/**
 * Statements worth a plan kept by the server: queries with parameters (the request path's, the
 * engine's). DDL, transaction control and texts without parameters go unnamed, by pg's simple
 * protocol as before, which also takes several statements in one text.
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's answer when a table changed under a kept `select *` (another instance's migration). */
const stalePlan = (error: unknown) => (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));

/** pg's own record of the statements it parsed on a connection: it sends no Parse for a name found there. */
type ParsedStatements = { connection: { parsedStatements: Record<string, string> } };

/**
 * One pooled connection whose statements are named by their SQL text, so PostgreSQL parses and
 * plans each once per connection instead of at every call, as better-sqlite3's prepared
 * statements do on SQLite (statements.ts): a work-order list's page query, nine labels as
 * subqueries, took ~1 ms of planning a call, more than its execution. The names live as long as
 * the connection, so the least recently used beyond PER_CONNECTION are deallocated; a name is
 * never reused, so a deallocation that failed (in an aborted transaction) cannot clash.
 */
class PreparingClient implements PostgresPoolClient {
  private readonly names = new Map<string, string>();
  private made = 0;

  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const values = [...(parameters ?? [])];
    if (!values.length || !PREPARABLE.test(sqlOrCursor)) return this.client.query(sqlOrCursor, values) as unknown as Promise<PostgresQueryResult<R>>;
    return this.named<R>(sqlOrCursor, values);
  }

  private async named<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    const name = this.nameOf(text);
    try {
      return (await this.client.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      if (!stalePlan(error)) throw error;
      // Parsed again under a new name; in a transaction the retry fails as the transaction already has.
      this.forget(text, name);
      return (await this.client.query({ name: this.nameOf(text), text, values })) as unknown as PostgresQueryResult<R>;
    }
  }

  private nameOf(text: string): string {
    const known = this.names.get(text);
    if (known) {
      // Most recently used last: a Map keeps insertion order.
      this.names.delete(text);
      this.names.set(text, known);
      return known;
    }
    const name = `pms_${++this.made}`;
    this.names.set(text, name);
    if (this.names.size > PER_CONNECTION) {
      const [oldest, oldName] = this.names.entries().next().value as [string, string];
      this.forget(oldest, oldName);
    }
    return name;
  }

  /** Drops a statement on both sides; pg queues the deallocation before the connection's next query. */
  private forget(text: string, name: string): void {
    this.names.delete(text);
    delete (this.client as unknown as ParsedStatements).connection.parsedStatements[name];
    this.client.query(`deallocate ${name}`).catch(() => undefined);
  }

  release(): void {
    this.client.release();
  }
}

/** pg's pool as Kysely's PostgresDialect takes it, its connections naming their statements (PreparingClient). */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let preparing = clients.get(client);
      if (!preparing) clients.set(client, (preparing = new PreparingClient(client)));
      return preparing;
    },
    end: () => pool.end(),
  };
}
