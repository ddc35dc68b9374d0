import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { startPostgres, type LocalPostgres } from '../../scripts/cluster/postgres.ts';
import { GENERATOR_VERSION } from '../../scripts/generate-data.ts';
import { freePort } from '../../tests/support/server.ts';
import { BIG, bigDatabase } from './bigData.ts';
import { startServerProcess } from './serverProcess.ts';

/**
 * Tables not copied: SQLite's own, the migrations' bookkeeping (the PostgreSQL schema has its
 * own, made by the same migrations: resource_migration holds each dialect's DDL text), and the
 * request nonces earlier suites left (a bench database needs no replay protection).
 */
const SKIPPED = /^(sqlite_.*|kysely_migration.*|resource_migration|request_nonce)$/;

export interface BigPostgres {
  cluster: LocalPostgres;
  databaseUrl: string;
  /** PMS_FILES_DIR for every instance: the SQLite big database's files and sign-on key, copied. */
  filesDir: string;
}

/** One value in COPY's text format: \N for null, bytea as hex, text with its backslashes and control characters escaped. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (Buffer.isBuffer(value)) return `\\\\x${value.toString('hex')}`;
  if (typeof value !== 'string') return String(value);
  return value.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
}

/** The rows of one SQLite table as COPY text, a few thousand rows a chunk (SQLite reads on demand, so memory stays flat). */
function* copyRows(sqlite: SQLite.Database, table: string, columns: string[]): Generator<string> {
  const rows = sqlite.prepare(`select ${columns.map((c) => `"${c}"`).join(', ')} from "${table}"`).raw().iterate() as IterableIterator<unknown[]>;
  let chunk: string[] = [];
  for (const row of rows) {
    chunk.push(row.map(copyText).join('\t'));
    if (chunk.length === 5000) {
      yield `${chunk.join('\n')}\n`;
      chunk = [];
    }
  }
  if (chunk.length) yield `${chunk.join('\n')}\n`;
}

/**
 * Copies every table's rows from the SQLite big database into the PostgreSQL one, whose schema
 * the app's own migrations made: one transaction, foreign keys and counter triggers off while
 * it loads (session_replication_role; the counters' values come along), each table emptied and
 * filled by COPY … FREEZE (its rows visible to index-only scans without a vacuum), its plain
 * indexes dropped before and built again after (one sort instead of 5,000,000 inserts into each),
 * identity sequences moved past the copied ids, then ANALYZE.
 */
async function copyTables(sqliteFile: string, databaseUrl: string, log: (line: string) => void): Promise<void> {
  const sqlite = new SQLite(sqliteFile, { readonly: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const pgColumns = new Map<string, Set<string>>();
    for (const row of (await client.query<{ table_name: string; column_name: string }>(`select table_name, column_name from information_schema.columns where table_schema = 'public'`)).rows) {
      pgColumns.set(row.table_name, (pgColumns.get(row.table_name) ?? new Set()).add(row.column_name));
    }
    const tables = (sqlite.prepare(`select name from sqlite_master where type = 'table' order by name`).all() as { name: string }[]).map((t) => t.name).filter((t) => !SKIPPED.test(t));
    const plan = tables.map((table) => {
      const columns = (sqlite.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name);
      const target = pgColumns.get(table);
      const missing = target ? columns.filter((c) => !target.has(c)) : ['(the table)'];
      // The same migrations made both: a difference is a product problem, not something to copy around.
      if (missing.length) throw new Error(`PostgreSQL lacks ${table}: ${missing.join(', ')}`);
      return { table, columns };
    });
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query(`set local maintenance_work_mem = '1GB'`);
    await client.query(`truncate ${plan.map((p) => `"${p.table}"`).join(', ')}`);
    const indexes = (
      await client.query<{ indexname: string; indexdef: string }>(
        `select i.indexname, i.indexdef from pg_indexes i where i.schemaname = 'public' and i.tablename = any($1)
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [plan.map((p) => p.table)],
      )
    ).rows;
    for (const index of indexes) await client.query(`drop index "${index.indexname}"`);
    for (const { table, columns } of plan) {
      const started = performance.now();
      const copy = client.query(copyFrom(`copy "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) from stdin with (freeze)`));
      await pipeline(Readable.from(copyRows(sqlite, table, columns)), copy);
      const seconds = (performance.now() - started) / 1000;
      if (seconds > 1) log(`  ${table}: ${copy.rowCount} rows in ${seconds.toFixed(1)} s`);
    }
    const indexed = performance.now();
    for (const index of indexes) await client.query(index.indexdef);
    log(`  ${indexes.length} indexes built again in ${((performance.now() - indexed) / 1000).toFixed(1)} s`);
    const identities = (
      await client.query<{ table_name: string; column_name: string }>(`select table_name, column_name from information_schema.columns where table_schema = 'public' and is_identity = 'YES' and table_name = any($1)`, [
        plan.map((p) => p.table),
      ])
    ).rows;
    for (const { table_name: table, column_name: column } of identities) {
      await client.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`, [`"${table}"`, column]);
    }
    await client.query('commit');
    const analysed = performance.now();
    await client.query('analyze');
    log(`  analyze in ${((performance.now() - analysed) / 1000).toFixed(1)} s`);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
    sqlite.close();
  }
}

/**
 * The big database of bigData.ts on PostgreSQL, in a cluster kept in the temp folder under the
 * generator's version (loaded once, minutes; then started in seconds): the app migrates an empty
 * database, then copyTables fills it from the SQLite file. The caller stops the cluster.
 */
export async function bigPostgres(log: (line: string) => void = console.error): Promise<BigPostgres> {
  const sqliteDir = await bigDatabase(log);
  const dir = path.join(os.tmpdir(), `pms-bench-pg-v${GENERATOR_VERSION}-${BIG.orders}-${BIG.records}`);
  const done = path.join(dir, 'loaded.json');
  const filesDir = path.join(dir, 'files');
  // Reads of the 5,000,000-record table stay in PostgreSQL's own cache rather than the kernel's.
  const settings = ['shared_buffers=1GB'];
  if (fs.existsSync(done)) {
    const cluster = startPostgres(await freePort(), { dir, keep: true, settings });
    return { cluster, databaseUrl: `${cluster.baseUrl}pms`, filesDir };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  log(`loading the big database into PostgreSQL in ${dir} (a few minutes, once)`);
  const started = performance.now();
  const cluster = startPostgres(await freePort(), { dir, keep: true, settings });
  try {
    const databaseUrl = `${cluster.baseUrl}pms`;
    const admin = new pg.Client({ connectionString: `${cluster.baseUrl}postgres` });
    await admin.connect();
    await admin.query('create database pms');
    await admin.end();
    fs.mkdirSync(filesDir, { recursive: true });
    fs.cpSync(path.join(sqliteDir, 'files'), path.join(filesDir, 'files'), { recursive: true });
    fs.copyFileSync(path.join(sqliteDir, 'sso-signing-key.json'), path.join(filesDir, 'sso-signing-key.json'));
    // The schema as the product makes it; no demo seed, since every table's rows come from the SQLite file.
    const schema = await startServerProcess({ databaseUrl, env: { PMS_FILES_DIR: filesDir, PMS_SEED_DEMO: '0' } });
    await schema.stop();
    log(`  schema migrated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await copyTables(path.join(sqliteDir, 'pms.sqlite'), databaseUrl, log);
    fs.writeFileSync(done, JSON.stringify({ version: GENERATOR_VERSION, ...BIG, at: new Date().toISOString() }));
    log(`loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return { cluster, databaseUrl, filesDir };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}
