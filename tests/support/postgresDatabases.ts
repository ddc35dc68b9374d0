import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The server tests on PostgreSQL (npm run test:pg): the run's global setup
 * (postgresGlobalSetup.ts) starts one cluster and names it in POSTGRES_ENV; each test server gets
 * a database of its own, a copy of the run's seeded template (CREATE DATABASE … TEMPLATE, as the
 * SQLite servers copy a file: templateDatabase.ts), dropped when it closes.
 */
export const POSTGRES_ENV = 'PMS_TEST_POSTGRES';

export const testPostgres = (): string | undefined => process.env[POSTGRES_ENV];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${testPostgres()}postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database (empty, or a copy of `template`); its URL. */
export async function createDatabase(template?: string, name = `pms_t_${randomBytes(6).toString('hex')}`): Promise<string> {
  await admin((c) => c.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  return `${testPostgres()}${name}`;
}

export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
}

export async function databaseExists(name: string): Promise<boolean> {
  return admin(async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);
}

export async function renameDatabase(from: string, to: string): Promise<void> {
  await admin((c) => c.query(`alter database "${from}" rename to "${to}"`));
}
