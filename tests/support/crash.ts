import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { signedIn } from './api.ts';
import { freePort } from './server.ts';
import { ServerProcess } from './serverProcess.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { copyTemplate } from './templateDatabase.ts';
import { checkServed, checkStored, CLIENT_ACCOUNTS, clientsOf, demoOf, Ledger, writeAll, type Row, type WriteFigures } from './writeLedger.ts';

/**
 * Crash durability (issue 10): the real server in a child process takes writes from several
 * signed-in clients and is killed with SIGKILL at a random moment, again and again. After each
 * kill the database file is opened read-only, exactly as the crash left it (SQLite recovers the
 * WAL on open), and must pass `PRAGMA integrity_check` and hold every acknowledged write; after
 * the restart the server must serve them too. Writes that were under way at the kill may or may
 * not have landed: both are right, and the ones that landed are counted.
 */

export interface CrashOptions {
  kills: number;
  /** Each kill comes after a random delay in this range, once the clients are writing again. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface CrashFigures extends WriteFigures {
  kills: number;
  integrityFailures: number;
  /** Kills after which the WAL held frames for the next opener to recover. */
  walRecoveries: number;
  /** Milliseconds from spawning the process to its first healthy answer, per restart. */
  restartMs: number[];
}

/** The database file as the crash left it, read-only: integrity, then every record against the ledger. */
async function checkOnDisk(dbFile: string, ledger: Ledger, figures: CrashFigures) {
  if (fs.statSync(`${dbFile}-wal`, { throwIfNoEntry: false })?.size) figures.walRecoveries++;
  const sqlite = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    const integrity = sqlite.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') {
      figures.integrityFailures++;
      figures.problems.push(`integrity_check after kill ${ledger.cycle}: ${integrity}`);
    }
    await checkStored(ledger, async (table, column, value) => sqlite.prepare(`select * from ${table} where ${column} = ?`).get(value) as Row | undefined, `after kill ${ledger.cycle}`, figures);
  } finally {
    sqlite.close();
  }
}

function dictTypeOf(dbFile: string): number {
  const sqlite = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    return (sqlite.prepare(`select id from dict_type order by id limit 1`).get() as { id: number }).id;
  } finally {
    sqlite.close();
  }
}

/** Runs the kill-and-restart cycles on a fresh data directory and returns the figures. */
export async function crashDurability({ kills, minDelayMs = 200, maxDelayMs = 2000 }: CrashOptions): Promise<CrashFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-crash-'));
  const dbFile = path.join(dataDir, 'pms.sqlite');
  const server = new ServerProcess(await freePort(), dataDir);
  // In the test run the server starts from its seeded template, as the other server tests do (seeding
  // takes a minute of a busy machine); verify:reliability, with no template, seeds its own.
  await copyTemplate(loadConfig({ ...process.env, NODE_ENV: 'test', PMS_DATA_DIR: dataDir }), {}, dataDir);
  const figures: CrashFigures = { kills: 0, acknowledgedWrites: 0, lost: 0, integrityFailures: 0, landedUnacknowledged: 0, walRecoveries: 0, restartMs: [], problems: [] };
  const ledger = new Ledger();
  try {
    await server.start();
    const clients = clientsOf(await Promise.all(CLIENT_ACCOUNTS.map((a) => signedIn(server.url, a))));
    const demo = demoOf(dictTypeOf(dbFile));
    for (ledger.cycle = 1; ledger.cycle <= kills; ledger.cycle++) {
      const writing = writeAll(ledger, clients, demo, String(ledger.cycle));
      // A refusal ends the run at once, not at the kill.
      await Promise.race([sleep(minDelayMs + Math.random() * (maxDelayMs - minDelayMs)), writing]);
      await server.kill();
      figures.kills++;
      await writing;
      await checkOnDisk(dbFile, ledger, figures);
      // Sessions live in the database: the clients stay signed in across the restart.
      figures.restartMs.push(await server.start());
      await checkServed(clients.admin, ledger, `served after restart ${ledger.cycle}`, figures);
    }
    figures.acknowledgedWrites = ledger.acknowledged;
    return figures;
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
