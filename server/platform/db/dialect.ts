import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The one place where SQL differs between SQLite (the embedded default) and PostgreSQL
 * (PMS_DATABASE_URL=postgres://…, for several instances): modules and the engine write Kysely's
 * builder, and ask this seam for what the builder cannot say the same way on both. The process
 * uses one kind of database; openDatabase (index.ts) sets it before anything runs a query.
 */
export type DialectName = 'sqlite' | 'postgres';

let current: DialectName = 'sqlite';

/** Set by openDatabase; tests of one database kind never mix the two in a process. */
export function selectDialect(name: DialectName): void {
  current = name;
}

export const dialectName = (): DialectName => current;
export const isPostgres = (): boolean => current === 'postgres';

/** LIKE's wildcards escaped, so a search word matches itself: `bill_day` finds "bill_day", `50%` finds "50%". */
const escaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `column` contains `text`, case-insensitively (SQLite's LIKE folds ASCII case; PostgreSQL needs
 * ILIKE for the same answer). The escape character is named: SQLite has none by default.
 */
export function containsText(column: string, text: string): Expression<SqlBool> {
  return current === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)}::text ilike ${`%${escaped(text)}%`} escape '\\'`
    : sql<SqlBool>`${sql.ref(column)} like ${`%${escaped(text)}%`} escape '\\'`;
}

/** The local day (YYYY-MM-DD) or month (YYYY-MM) of a millisecond timestamp, as text. */
export function dateBucket(ms: Expression<unknown> | RawBuilder<unknown>, bucket: 'day' | 'month'): RawBuilder<string> {
  if (current === 'postgres') {
    const format = bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
    // The session's time zone is the server's own (index.ts sets it), as SQLite's 'localtime' is.
    // The format is a literal: a bound one is a different parameter in SELECT and GROUP BY, and
    // PostgreSQL then refuses the selected bucket as "not grouped".
    return sql<string>`to_char(to_timestamp(${ms} / 1000.0), ${sql.lit(format)})`;
  }
  const format = bucket === 'day' ? '%Y-%m-%d' : '%Y-%m';
  return sql<string>`strftime(${sql.lit(format)}, ${ms} / 1000, 'unixepoch', 'localtime')`;
}

/**
 * A millisecond timestamp's local day as a number (days since 1970-01-01 in the zone) where
 * [from, to) holds one UTC offset, else its dateBucket label: a report groups by it and names the
 * groups afterwards (engine/localDays.ts). Integer arithmetic per row instead of the calendar's.
 */
export function localDayKey(ms: Expression<unknown> | RawBuilder<unknown>, bucket: 'day' | 'month', steady: { from: number; to: number; offset: number }): RawBuilder<string | number> {
  const day = sql`(${ms} + ${sql.lit(steady.offset)}) / 86400000`;
  const inSpan = sql`${ms} >= ${sql.lit(steady.from)} and ${ms} < ${sql.lit(steady.to)}`;
  // PostgreSQL's CASE branches share one type: the day number goes as text there.
  return current === 'postgres' ? sql`case when ${inSpan} then (${day})::text else ${dateBucket(ms, bucket)} end` : sql`case when ${inSpan} then ${day} else ${dateBucket(ms, bucket)} end`;
}

/**
 * round(value, digits), the same on both (rounding.ts): PostgreSQL rounds to digits only numerics,
 * not doubles; SQLite's round() would round the binary value, so it calls the server's function.
 */
export function roundTo(value: Expression<unknown> | RawBuilder<unknown>, digits: number): RawBuilder<number> {
  return current === 'postgres' ? sql<number>`round((${value})::numeric, ${sql.lit(digits)})` : sql<number>`round_decimal(${value}, ${sql.lit(digits)})`;
}

/** Values of a group joined by `separator` (SQLite's group_concat, PostgreSQL's string_agg). */
export function joinedText(value: Expression<unknown> | RawBuilder<unknown>, separator: string): RawBuilder<string> {
  return current === 'postgres' ? sql<string>`string_agg((${value})::text, ${sql.lit(separator)})` : sql<string>`group_concat(${value}, ${sql.lit(separator)})`;
}

/** The text at a top-level key of a JSON text column. */
export function jsonText(value: Expression<unknown> | RawBuilder<unknown>, key: string): RawBuilder<string | null> {
  return current === 'postgres' ? sql<string | null>`((${value})::jsonb ->> ${sql.lit(key)})` : sql<string | null>`json_extract(${value}, ${sql.lit(`$.${key}`)})`;
}

/** The text matches a non-empty run of digits (SQLite's GLOB '[0-9]*' start, PostgreSQL's regex). */
export function startsWithDigit(value: Expression<unknown> | RawBuilder<unknown>): RawBuilder<SqlBool> {
  return current === 'postgres' ? sql<SqlBool>`(${value}) ~ '^[0-9]'` : sql<SqlBool>`(${value}) glob '[0-9]*'`;
}

/** The columns of a table (empty when it does not exist). */
export function tableColumnsSql(table: string): RawBuilder<{ name: string }> {
  return current === 'postgres'
    ? sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`
    : sql<{ name: string }>`select name from pragma_table_info(${table})`;
}

/** 'view', 'table' or nothing: what a name is in the database. */
export function relationKindSql(name: string): RawBuilder<{ type: string }> {
  return current === 'postgres'
    ? sql<{ type: string }>`select case table_type when 'VIEW' then 'view' else 'table' end as type from information_schema.tables where table_schema = current_schema() and table_name = ${name}`
    : sql<{ type: string }>`select type from sqlite_master where name = ${name}`;
}

/** Every foreign key pointing at `target`: the table, its column and what a delete does. */
export function foreignKeysToSql(target: string): RawBuilder<{ tbl: string; col: string; on_delete: string }> {
  return current === 'postgres'
    ? sql<{ tbl: string; col: string; on_delete: string }>`
        select cl.relname as tbl, a.attname as col,
               case c.confdeltype when 'c' then 'CASCADE' when 'n' then 'SET NULL' when 'd' then 'SET DEFAULT' when 'r' then 'RESTRICT' else 'NO ACTION' end as on_delete
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_class t on t.oid = c.confrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.contype = 'f' and t.relname = ${target} and cl.relnamespace = current_schema()::regnamespace`
    : sql<{ tbl: string; col: string; on_delete: string }>`
        select m.name as tbl, f."from" as col, f.on_delete as on_delete
        from sqlite_master m join pragma_foreign_key_list(m.name) f
        where m.type = 'table' and f."table" = ${target}`;
}

/**
 * A table's DDL as the migrations write it (SQLite's portable types: integer, real, text,
 * `integer primary key autoincrement`) in PostgreSQL's terms: integers hold millisecond
 * timestamps, so they are bigint; an autoincrement key is an identity column; SQLite's
 * `without rowid` has no equivalent (every PostgreSQL table is a heap). Other statements pass.
 */
export function postgresDdl(statement: string): string {
  if (!/^\s*(create\s+table|alter\s+table)/i.test(statement)) return statement;
  return statement
    .replace(/\binteger\s+primary\s+key\s+(?:autoincrement|auto_increment)\b/gi, 'bigint generated by default as identity primary key')
    .replace(/\binteger\s+not\s+null\s+primary\s+key\s+(?:autoincrement|auto_increment)\b/gi, 'bigint generated by default as identity primary key')
    .replace(/\bprimary\s+key\s+(?:autoincrement|auto_increment)\b/gi, 'generated by default as identity primary key')
    .replace(/\binteger\b/gi, 'bigint')
    .replace(/\breal\b/gi, 'double precision')
    .replace(/\)\s*without\s+rowid\s*$/i, ')');
}

/**
 * A trigger that adds one to a counter table's only row after a change to `table`; `when` is a
 * condition over `new` and `old` (update only). SQLite takes the statement inline; PostgreSQL a
 * function (one, shared) and a trigger per table and event.
 */
export function counterTriggerSql(counter: string, table: string, event: 'insert' | 'update' | 'delete', when?: string): string[] {
  const name = `${counter}_${table}_${event}`;
  if (current !== 'postgres') {
    return [`create trigger ${name} after ${event} on ${table}${when ? ` when ${when}` : ''} begin update ${counter} set n = n + 1; end`];
  }
  // PostgreSQL: `is` between values is `is not distinct from`.
  const condition = when ? ` when (${when.replace(/\bis\s+(?!null\b|not\b)/gi, 'is not distinct from ')})` : '';
  return [
    `create or replace function ${counter}_bump() returns trigger language plpgsql as $$ begin update ${counter} set n = n + 1; return null; end $$`,
    `create trigger ${name} after ${event} on ${table} for each row${condition} execute function ${counter}_bump()`,
  ];
}

/**
 * The elements of a JSON array (at `key` of an object, when given) as a table of `key` (the
 * 0-based position) and `value`, to join with a comma: SQLite's json_each, a lateral
 * jsonb_array_elements on PostgreSQL.
 */
export function jsonEach(value: Expression<unknown> | RawBuilder<unknown>, key?: string): RawBuilder<unknown> {
  if (current !== 'postgres') return key ? sql`json_each(${value}, ${sql.lit(`$.${key}`)})` : sql`json_each(${value})`;
  const array = key ? sql`(${value})::jsonb -> ${sql.lit(key)}` : sql`(${value})::jsonb`;
  return sql`lateral (select e.n - 1 as key, e.value from jsonb_array_elements(coalesce(${array}, '[]'::jsonb)) with ordinality as e(value, n))`;
}

/** A JSON element (jsonEach's value) or a text as an integer: null when it holds no integer on PostgreSQL, where a bad cast is an error. */
export function asInteger(value: Expression<unknown> | RawBuilder<unknown>): RawBuilder<number | null> {
  return current === 'postgres' ? sql<number | null>`case when (${value})::text ~ '^-?[0-9]+$' then (${value})::text::bigint end` : sql<number | null>`cast(${value} as integer)`;
}

/** A value as text, to join with || or default to '': SQLite converts by itself, PostgreSQL takes text only. */
export function asText(value: Expression<unknown> | RawBuilder<unknown>): RawBuilder<string | null> {
  return current === 'postgres' ? sql<string | null>`(${value})::text` : sql<string | null>`${value}`;
}

/** A stable 64-bit advisory lock key for a job's name. */
function lockKey(name: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (const c of Buffer.from(name)) h = ((h ^ BigInt(c)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return BigInt.asIntN(64, h);
}

/**
 * Runs a background job (timers, the notice outbox, schedulers) on one instance at a time. On
 * SQLite there is one process: it just runs. On PostgreSQL the job holds a session advisory lock
 * on a connection of its own while it runs: another instance finding it held skips its turn
 * (answers `skipped`), and a crashed instance's lock goes with its connection, so the next tick
 * of another instance does the work. Jobs are state-driven (what is due, what is unpublished),
 * so one at a time is once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database: the job locks on its own connection, whatever the tables
export async function runExclusively<T>(db: Kysely<any>, name: string, job: () => Promise<T>, skipped: T): Promise<T> {
  if (current !== 'postgres') return job();
  // Within the process a second caller waits for the first (a test's explicit pass must not be
  // skipped because the minute's pass of the same instance is running); across instances the
  // lock decides. The queue is per database and name.
  // One pass runs and at most one waits: a caller finding one waiting shares its turn, so minute
  // passes slower than a minute do not pile up.
  const queues = waiting.get(db) ?? new Map<string, { settled: Promise<unknown>; next?: Promise<unknown> }>();
  waiting.set(db, queues);
  const queue = queues.get(name);
  if (queue?.next) return queue.next as Promise<T>;
  // eslint-disable-next-line prefer-const -- run() may be called while turn is being assigned (no queue): a const would be read before it exists
  let turn: Promise<T> | undefined;
  const run = () => {
    // Started: no longer the waiting turn a later caller may share.
    const current = queues.get(name);
    if (current && turn && current.next === turn) current.next = undefined;
    return acrossInstances(db, name, job, skipped);
  };
  turn = queue ? queue.settled.then(run, run) : run();
  const settled = turn.catch(() => undefined);
  queues.set(name, { settled, next: queue ? turn : undefined });
  void settled.then(() => {
    if (queues.get(name)?.settled === settled) queues.delete(name);
  });
  return turn;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as runExclusively
const waiting = new WeakMap<Kysely<any>, Map<string, { settled: Promise<unknown>; next?: Promise<unknown> }>>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as runExclusively
async function acrossInstances<T>(db: Kysely<any>, name: string, job: () => Promise<T>, skipped: T): Promise<T> {
  const key = lockKey(name).toString();
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}::bigint) as locked`.execute(connection);
    if (!rows[0]?.locked) return skipped;
    try {
      return await job();
    } finally {
      await sql`select pg_advisory_unlock(${key}::bigint)`.execute(connection);
    }
  });
}

/**
 * The rows a check reads before a write, locked until the transaction ends, so a second writer
 * checking the same rows waits for the first to commit and then reads what it wrote (a pool's
 * balance, a round's quota). FOR NO KEY UPDATE, not FOR UPDATE: inserting a child row takes a
 * key-share lock on its parent, which FOR UPDATE would conflict with (two writers each holding
 * one and waiting for the other's: a deadlock). PostgreSQL runs transactions side by side;
 * SQLite runs one write transaction at a time already (one connection) and has no such clause.
 */
export function lockedRows<Q extends { forNoKeyUpdate(): Q }>(query: Q): Q {
  return current === 'postgres' ? query.forNoKeyUpdate() : query;
}

/**
 * A lock named `name` held until the transaction ends (pg_advisory_xact_lock): for a check whose
 * rows may not exist yet, so there is no row to lock (no overlapping booking of a room: two
 * bookings of the same room and hour each find none). Writers naming the same lock run one
 * after the other; on SQLite they do already.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transaction: the lock names no table
export async function serializeOn(trx: Kysely<any>, name: string): Promise<void> {
  if (current !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${lockKey(name).toString()}::bigint)`.execute(trx);
}
