import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { signedIn, type Api, type ApiAnswer } from './api.ts';
import { freePort } from './server.ts';
import { ServerProcess } from './serverProcess.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

/**
 * Crash durability (issue 10): the real server in a child process takes writes from several
 * signed-in clients and is killed with SIGKILL at a random moment, again and again. After each
 * kill the database file is opened read-only, exactly as the crash left it (SQLite recovers the
 * WAL on open), and must pass `PRAGMA integrity_check` and hold every acknowledged write; after
 * the restart the server must serve them too. Writes that were under way at the kill may or may
 * not have landed: both are right, and the ones that landed are counted.
 */

type Table = 'label' | 'dict_item' | 'work_order';
type Row = Record<string, string | number | null>;
/** A record's expected state: its columns, or null once deleted. */
type State = Row | null;

/** One record the clients wrote: the state its last acknowledged write left, and the state of a write still unanswered. */
interface Tracked {
  table: Table;
  /** Column and value that find the record before its id is known (an add whose answer never came). */
  key: [string, string];
  id?: number;
  acknowledged?: State;
  unanswered?: State;
  /** The crash cycle of its latest write: the records the restarted server is asked about. */
  cycle: number;
  /** Counted as lost once, then no longer checked. */
  lost?: boolean;
}

const DETAIL: Record<Table, string> = { label: '/api/business/label/detail', dict_item: '/api/basis/dictItem/detail', work_order: '/api/mkf/questionTask/detail' };

export interface CrashOptions {
  kills: number;
  /** Each kill comes after a random delay in this range, once the clients are writing again. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface CrashFigures {
  kills: number;
  acknowledgedWrites: number;
  /** Records whose last acknowledged write was missing on disk after a kill or in the restarted server's answers. */
  lost: number;
  integrityFailures: number;
  /** Writes under way at a kill whose effect is on disk nonetheless: committed, the answer lost with the process. */
  landedUnacknowledged: number;
  /** Kills after which the WAL held frames for the next opener to recover. */
  walRecoveries: number;
  /** Milliseconds from spawning the process to its first healthy answer, per restart. */
  restartMs: number[];
  problems: string[];
}

class Ledger {
  readonly records: Tracked[] = [];
  acknowledged = 0;
  cycle = 0;

  track(table: Table, key: [string, string]): Tracked {
    const record: Tracked = { table, key, cycle: this.cycle };
    this.records.push(record);
    return record;
  }

  /**
   * Sends one write that brings record to state. True once its success envelope came back;
   * false when the connection failed (the server is gone). Any refusal is a bug of this check.
   */
  async write(record: Tracked, state: State, send: () => Promise<ApiAnswer>): Promise<boolean> {
    record.unanswered = state;
    record.cycle = this.cycle;
    let answer: ApiAnswer;
    try {
      answer = await send();
    } catch {
      return false;
    }
    if (answer.http !== 200 || answer.body.status !== '200') throw new Error(`write to ${record.table} refused: ${answer.http} ${answer.body.message}`);
    record.id ??= answer.body.data?.id;
    record.acknowledged = state;
    record.unanswered = undefined;
    this.acknowledged++;
    return true;
  }
}

const same = (found: State, expected: State) => (found === null || expected === null ? found === expected : Object.entries(expected).every(([k, v]) => found[k] === v));
function lose(r: Tracked, found: State, when: string, figures: CrashFigures) {
  r.lost = true;
  figures.lost++;
  const shown = found && r.acknowledged ? Object.fromEntries(Object.keys(r.acknowledged).map((k) => [k, found[k]])) : found;
  figures.problems.push(`${when}: ${r.table} ${r.key[1]} (id ${r.id ?? '?'}) should be ${JSON.stringify(r.acknowledged)}, is ${JSON.stringify(shown)}`);
}

/** What the writers need to know about the seeded demo. */
interface Demo {
  dictTypeId: number;
  projectId: number;
  weixiuId: number;
}

interface Clients {
  admin: Api;
  admin2: Api;
  kefu: Api;
  diaodu: Api;
  weixiu: Api;
}

/** A writer loops until its first unanswered write, its records named after the cycle so every run of it writes new ones. */
type Writer = (ledger: Ledger, clients: Clients, demo: Demo) => Promise<void>;

/** Labels through the resource engine: added, then updated. */
const labels: Writer = async (ledger, { admin }) => {
  for (let n = 0; ; n++) {
    const name = `崩溃${ledger.cycle}-${n}`;
    const record = ledger.track('label', ['name', name]);
    const added = { name, color: 'blue', description: `第 ${n} 个` };
    if (!(await ledger.write(record, added, () => admin.post('/api/business/label/add', { ...added, category: 'basic', scope: 'customer' })))) return;
    const updated = { ...added, color: 'green', description: `第 ${n} 个，已改` };
    if (!(await ledger.write(record, updated, () => admin.post('/api/business/label/update', { id: record.id, color: updated.color, description: updated.description })))) return;
  }
};

/** Dictionary items: added, and every other one deleted again. */
const dictItems: Writer = async (ledger, { admin2 }, { dictTypeId }) => {
  for (let n = 0; ; n++) {
    const value = `crash_${ledger.cycle}_${n}`;
    const record = ledger.track('dict_item', ['value', value]);
    const added = { type_id: dictTypeId, label: `崩溃测试 ${ledger.cycle}-${n}`, value, remark: `写入 ${n}` };
    if (!(await ledger.write(record, added, () => admin2.post('/api/basis/dictItem/add', added)))) return;
    if (n % 2 && !(await ledger.write(record, null, () => admin2.post('/api/basis/dictItem/delete', { ids: [record.id] })))) return;
  }
};

/** Work orders: customer service creates one, the dispatcher gives it to the technician, who accepts it. */
const workOrders: Writer = async (ledger, { kefu, diaodu, weixiu }, { projectId, weixiuId }) => {
  const move = (api: Api, id: number | undefined, action: string, values?: Row) => () => api.post('/api/mkf/questionTask/transition', { id, action, values });
  for (let n = 0; ; n++) {
    const title = `崩溃测试工单 ${ledger.cycle}-${n}`;
    const record = ledger.track('work_order', ['title', title]);
    const created = { title, status: 'pending', processor_id: null };
    if (!(await ledger.write(record, created, () => kefu.post('/api/mkf/questionTask/add', { project_id: projectId, kind: 'repair', title, content: '崩溃测试：水管漏水', address: '1栋大堂' })))) return;
    if (!(await ledger.write(record, { title, status: 'dispatched', processor_id: weixiuId }, move(diaodu, record.id, 'giveOut', { processor_id: weixiuId })))) return;
    if (!(await ledger.write(record, { title, status: 'processing', processor_id: weixiuId }, move(weixiu, record.id, 'accept')))) return;
  }
};

const WRITERS = [labels, dictItems, workOrders];

/** The database file as the crash left it, read-only: integrity, then every record against the ledger. */
function checkOnDisk(dbFile: string, ledger: Ledger, figures: CrashFigures) {
  if (fs.statSync(`${dbFile}-wal`, { throwIfNoEntry: false })?.size) figures.walRecoveries++;
  const sqlite = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    const integrity = sqlite.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') {
      figures.integrityFailures++;
      figures.problems.push(`integrity_check after kill ${ledger.cycle}: ${integrity}`);
    }
    for (const r of ledger.records) {
      if (r.lost || (r.acknowledged === undefined && r.unanswered === undefined)) continue;
      const row = (r.id === undefined ? sqlite.prepare(`select * from ${r.table} where ${r.key[0]} = ?`).get(r.key[1]) : sqlite.prepare(`select * from ${r.table} where id = ?`).get(r.id)) as (Row & { id: number }) | undefined;
      const found = row ?? null;
      if (r.unanswered !== undefined && same(found, r.unanswered)) {
        // Committed, but the answer died with the process: from now on this is the record's state.
        figures.landedUnacknowledged++;
        r.acknowledged = r.unanswered;
        r.id ??= row?.id;
      } else if (r.acknowledged !== undefined && !same(found, r.acknowledged)) {
        lose(r, found, `after kill ${ledger.cycle}`, figures);
      }
      r.unanswered = undefined;
    }
  } finally {
    sqlite.close();
  }
}

/** The restarted server's answers about the records written in the last cycle. */
async function checkServed(admin: Api, ledger: Ledger, figures: CrashFigures) {
  for (const r of ledger.records) {
    if (r.lost || r.cycle !== ledger.cycle || r.id === undefined || r.acknowledged === undefined) continue;
    const answer = await admin.get(DETAIL[r.table], { id: r.id });
    const found = answer.http === 404 ? null : answer.body.data;
    if (!same(found, r.acknowledged)) lose(r, found, `served after restart ${ledger.cycle}`, figures);
  }
}

function lookUpDemo(dbFile: string): Demo {
  const sqlite = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    const id = (sql: string) => (sqlite.prepare(sql).get() as { id: number }).id;
    return {
      dictTypeId: id(`select id from dict_type order by id limit 1`),
      projectId: DEMO_PROJECTS.cuihu.id,
      weixiuId: DEMO_STAFF.weixiu,
    };
  } finally {
    sqlite.close();
  }
}

/** Runs the kill-and-restart cycles on a fresh data directory and returns the figures. */
export async function crashDurability({ kills, minDelayMs = 200, maxDelayMs = 2000 }: CrashOptions): Promise<CrashFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-crash-'));
  const dbFile = path.join(dataDir, 'pms.sqlite');
  const server = new ServerProcess(await freePort(), dataDir);
  const figures: CrashFigures = { kills: 0, acknowledgedWrites: 0, lost: 0, integrityFailures: 0, landedUnacknowledged: 0, walRecoveries: 0, restartMs: [], problems: [] };
  const ledger = new Ledger();
  try {
    await server.start();
    const [admin, admin2, kefu, diaodu, weixiu] = await Promise.all(['admin', 'admin', 'kefu', 'diaodu', 'weixiu'].map((a) => signedIn(server.url, a)));
    const clients: Clients = { admin: admin!, admin2: admin2!, kefu: kefu!, diaodu: diaodu!, weixiu: weixiu! };
    const demo = lookUpDemo(dbFile);
    for (ledger.cycle = 1; ledger.cycle <= kills; ledger.cycle++) {
      const writing = Promise.all(WRITERS.map((writer) => writer(ledger, clients, demo)));
      // A refusal ends the run at once, not at the kill.
      await Promise.race([sleep(minDelayMs + Math.random() * (maxDelayMs - minDelayMs)), writing]);
      await server.kill();
      figures.kills++;
      await writing;
      checkOnDisk(dbFile, ledger, figures);
      // Sessions live in the database: the clients stay signed in across the restart.
      figures.restartMs.push(await server.start());
      await checkServed(clients.admin, ledger, figures);
    }
    figures.acknowledgedWrites = ledger.acknowledged;
    return figures;
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
