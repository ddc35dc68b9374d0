// The product as `npm start` serves it, with the bench's screens: a copy of the project gets the
// bench schemas (support/benchSchemas.ts) and is built once per change of the sources (cached
// in the temp directory); the peers' built pages are put beside the app in that copy's dist/,
// so the real server (startServer: the same buildApp as `npm start`) serves them from the same
// origin under /peers/<peer>/ while the product's own build never contains them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { launchBrowser, signIn } from '../../tests/support/browser.ts';
import { startServer, type TestServer } from '../../tests/support/server.ts';
import { BUILD_SOURCES } from '../../scripts/buildSources.mjs';
import { buildPeers } from '../peers/build.ts';
import { range, LIST_COLUMNS, LIST_ROWS, WIDE_COLUMNS, WIDE_ROWS } from '../peers/shared/shape.ts';
import { writeBenchSchemas } from './benchSchemas.ts';
import { cached, fingerprint } from './fingerprint.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BenchApp {
  server: TestServer;
  browser: Browser;
  /** A signed-in admin's cookies and localStorage: a new context with it loads cold but signed in. */
  session: NonNullable<BrowserContextOptions['storageState']>;
  /** The build the server serves (the copy's dist/). */
  webRoot: string;
}

/** `BENCH_UNMINIFIED=1` builds the copy unminified with source maps, so a CPU profile names the functions and their modules (profile*.ts); its figures are not the product's. */
const UNMINIFIED = process.env.BENCH_UNMINIFIED === '1';

async function buildCopy(): Promise<string> {
  const copy = path.join(os.tmpdir(), `pms-bench-app-${crypto.createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}${UNMINIFIED ? '-unminified' : ''}`);
  const print = fingerprint(ROOT, BUILD_SOURCES, fs.readFileSync(path.join(import.meta.dirname, 'benchSchemas.ts'), 'utf8'));
  await cached(copy, print, async () => {
    console.error('… building the app with the bench screens');
    for (const entry of BUILD_SOURCES) fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    writeBenchSchemas(path.join(copy, 'schemas'));
    const { build } = await import('vite');
    await build({ root: copy, logLevel: 'warn', ...(UNMINIFIED ? { build: { minify: false, sourcemap: true } } : undefined) });
  });
  fs.cpSync(await buildPeers(), path.join(copy, 'dist/peers'), { recursive: true });
  return copy;
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** Rows `第i行字段k` written straight into the resource's table (the add endpoint is not what is measured). */
async function fill(db: AnyDb, table: string, rows: number, columns: number): Promise<void> {
  const now = Date.now();
  const all = range(rows).map((i) => ({ ...Object.fromEntries(range(columns).map((k) => [`c${k}`, `第${i}行字段${k}`])), created_at: now, updated_at: now }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < all.length; i += 500) await trx.insertInto(table).values(all.slice(i, i + 500)).execute();
  });
}

let running: Promise<BenchApp> | undefined;

/** Starts (once per bench run) the server with the bench screens and data, and chromium. */
export function benchApp(): Promise<BenchApp> {
  return (running ??= (async () => {
    const copy = await buildCopy();
    const webRoot = path.join(copy, 'dist');
    const server = await startServer({}, undefined, { schemasDir: path.join(copy, 'schemas'), webRoot });
    const db = server.app.db as unknown as AnyDb;
    await fill(db, 'bench_row', LIST_ROWS, LIST_COLUMNS);
    await fill(db, 'bench_wide', WIDE_ROWS, WIDE_COLUMNS);
    const browser = await launchBrowser();
    const context = await browser.newContext();
    await signIn(await context.newPage(), server.url, 'admin');
    const session = await context.storageState();
    await context.close();
    return { server, browser, session, webRoot };
  })());
}

/** Stops what benchApp started. */
export async function closeBenchApp(): Promise<void> {
  if (!running) return;
  const app = await running.catch(() => undefined);
  running = undefined;
  await app?.browser.close();
  await app?.server.close();
}
