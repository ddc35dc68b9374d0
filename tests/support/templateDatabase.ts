import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BuildOptions } from '../../server/app.ts';
import type { Config } from '../../server/platform/config.ts';
import { openDatabase, openPostgres } from '../../server/platform/db/index.ts';
import { createDatabase, databaseExists, dropDatabase, renameDatabase, testPostgres } from './postgresDatabases.ts';
import { prepareDatabase } from '../../server/app.ts';
import { loadSigningKey, SIGNING_KEY_FILE } from '../../server/platform/sso/keys.ts';

/**
 * Seed once, copy per server. A test server's fixed cost was its database: the migrations, the
 * demo company's seed and the catalogue sync, seconds of CPU for every test file. The test run's
 * global setup (tests/support/globalSetup.ts) names a folder in TEMPLATES_ENV; the first server
 * of a kind builds its database there once (under a lock: workers run side by side), and every
 * server copies that file into its own fresh data directory. The server still runs its
 * migrations, sync and seed at start: on an up-to-date copy they change nothing, so it behaves as
 * on a database it seeded itself, and each server has a copy of its own (no file sees another's
 * changes). tests/server/template.test.ts checks a copy against a database seeded from nothing.
 */
export const TEMPLATES_ENV = 'PMS_TEST_TEMPLATES';

/** On PostgreSQL, the template folder's file that names its template database. */
const TEMPLATE_NAME_FILE = 'postgres-template';

/** A new folder for this run's templates, named in TEMPLATES_ENV; returns its removal. A folder already named (another project's setup) is kept. */
export function makeTemplateFolder(): () => void {
  if (process.env[TEMPLATES_ENV]) return () => undefined;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-test-templates-'));
  process.env[TEMPLATES_ENV] = root;
  return () => {
    if (process.env[TEMPLATES_ENV] === root) delete process.env[TEMPLATES_ENV];
    fs.rmSync(root, { recursive: true, force: true });
  };
}

/**
 * Puts a copy of the template database into dataDir, a new empty folder, when one applies: a
 * run with templates, the product's own modules and schemas (the copy is of what they make), and
 * the data directory startServer made. Answers false otherwise: the server starts from nothing.
 */
export async function copyTemplate(config: Config, options: BuildOptions, dataDir: string): Promise<boolean> {
  const root = process.env[TEMPLATES_ENV];
  if (!root || !fs.existsSync(root) || options.modules || options.schemasDir || process.env.PMS_SCHEMAS_DIR || path.resolve(config.dataDir) !== path.resolve(dataDir)) return false;
  // What the database depends on besides the code: the seed's options.
  const key = templateKey(config);
  const file = await template(path.join(root, key), config);
  // On PostgreSQL the file names the template database, copied by CREATE DATABASE … TEMPLATE.
  // A server given a database of another (a second instance) shares it.
  if (testPostgres()) config.databaseUrl ??= await createDatabase(fs.readFileSync(file, 'utf8'));
  else fs.copyFileSync(file, path.join(dataDir, 'pms.sqlite'));
  // Files the seed stored (seal images, demo documents) go with the database that names them.
  const files = path.join(path.dirname(file), 'files');
  if (fs.existsSync(files)) fs.cpSync(files, path.join(dataDir, 'files'), { recursive: true });
  fs.copyFileSync(path.join(path.dirname(file), SIGNING_KEY_FILE), path.join(dataDir, SIGNING_KEY_FILE));
  return true;
}

/**
 * Builds the template of the test servers' default settings before the workers start (the
 * PostgreSQL run's global setup): seeding through a pool takes longer than a test hook may wait.
 */
export async function buildDefaultTemplate(config: Config): Promise<void> {
  const root = process.env[TEMPLATES_ENV];
  if (!root) return;
  await template(path.join(root, templateKey(config)), config);
}

// One folder per database kind too: npm test runs the server files on both with one folder of templates.
const templateKey = (config: Config) => createHash('sha256').update(JSON.stringify({ adminPassword: config.adminPassword, demo: config.seedDemo, postgres: Boolean(testPostgres()) })).digest('hex').slice(0, 12);

/** The template's file, built by the first caller; the others wait for it. */
async function template(dir: string, config: Config): Promise<string> {
  const file = path.join(dir, testPostgres() ? TEMPLATE_NAME_FILE : 'pms.sqlite');
  const lock = `${dir}.lock`;
  for (const deadline = Date.now() + 300_000; !fs.existsSync(file); ) {
    let mine = false;
    try {
      fs.mkdirSync(lock);
      mine = true;
    } catch {
      // Another worker builds it (seconds); a lock left behind by a killed worker expires.
      if (Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`the template database ${file} was not built within 5 minutes`);
      await sleep(100);
    }
    if (!mine) continue;
    try {
      if (!fs.existsSync(file)) await build(dir, config);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return file;
}

/**
 * The database as buildApp prepares it (server/app.ts prepareDatabase). Written to a folder of its own, checkpointed
 * (the copy is the one file, no WAL beside it), then moved into place whole.
 */
async function build(dir: string, config: Config): Promise<void> {
  const building = fs.mkdtempSync(`${dir}.building-`);
  const templateName = `pms_template_${path.basename(dir)}`;
  const postgresUrl = testPostgres() ? await createDatabase(undefined, `${templateName}_${process.pid}`) : undefined;
  const database = postgresUrl ? openPostgres(postgresUrl) : openDatabase(building);
  try {
    // The seed stores its files beside the template database, where copyTemplate finds them.
    await prepareDatabase(database, { ...config, dataDir: building, filesDir: building, databaseUrl: postgresUrl });
    if (database.kind === 'sqlite') database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    // The sign-on provider's RSA key, made at a server's first start (~0.3 s of CPU): once, for every copy.
    loadSigningKey(building);
  } finally {
    await database.close();
  }
  if (postgresUrl) {
    // Nobody may be connected to a template: the pool is closed, then it gets its final name.
    if (await databaseExists(templateName)) await dropDatabase(`${testPostgres()}${templateName}`);
    await renameDatabase(new URL(postgresUrl).pathname.slice(1), templateName);
    fs.writeFileSync(path.join(building, TEMPLATE_NAME_FILE), templateName);
  }
  fs.rmSync(path.join(building, 'pms.sqlite-wal'), { force: true });
  fs.rmSync(path.join(building, 'pms.sqlite-shm'), { force: true });
  try {
    fs.renameSync(building, dir);
  } catch (error) {
    // Another worker put the same template in place first (its lock had expired): keep theirs.
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, 'pms.sqlite'))) throw error;
  }
}
