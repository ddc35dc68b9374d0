import type { Api, ApiAnswer } from './api.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

/**
 * Writes whose acknowledgement is kept, for the crash checks (crash.ts: one server killed and
 * restarted; instanceKill.ts: one of two instances killed): several signed-in clients write
 * labels, dictionary items and work orders, each write remembered with the state it brings its
 * record to once answered. After a kill the stored records are compared with the ledger: an
 * acknowledged state must be there; a write under way at the kill may or may not have landed
 * (both are right, and the ones that landed are counted).
 */

export type Table = 'label' | 'dict_item' | 'work_order';
export type Row = Record<string, string | number | null>;
/** A record's expected state: its columns, or null once deleted. */
type State = Row | null;

/** One record the clients wrote: the state its last acknowledged write left, and the state of a write still unanswered. */
export interface Tracked {
  table: Table;
  /** Column and value that find the record before its id is known (an add whose answer never came). */
  key: [string, string];
  id?: number;
  acknowledged?: State;
  unanswered?: State;
  /** The ledger's cycle (kill) at its latest write: the records a check after that kill asks about. */
  cycle: number;
  /** Counted as lost once, then no longer checked. */
  lost?: boolean;
}

const DETAIL: Record<Table, string> = { label: '/api/business/label/detail', dict_item: '/api/basis/dictItem/detail', work_order: '/api/mkf/questionTask/detail' };

export interface WriteFigures {
  acknowledgedWrites: number;
  /** Records whose last acknowledged write was missing from the database or from a server's answers. */
  lost: number;
  /** Writes under way at a kill whose effect is stored nonetheless: committed, the answer lost with the process. */
  landedUnacknowledged: number;
  problems: string[];
}

export class Ledger {
  readonly records: Tracked[] = [];
  acknowledged = 0;
  cycle = 0;
  /** Set to end the writers: each returns before its next write. */
  stopped = false;

  track(table: Table, key: [string, string]): Tracked {
    const record: Tracked = { table, key, cycle: this.cycle };
    this.records.push(record);
    return record;
  }

  /**
   * Sends one write that brings record to state. True once its success envelope came back;
   * false when the connection failed (the server is gone) or the ledger was stopped. Any refusal
   * is a bug of this check.
   */
  async write(record: Tracked, state: State, send: () => Promise<ApiAnswer>): Promise<boolean> {
    if (this.stopped) return false;
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
function lose(r: Tracked, found: State, when: string, figures: WriteFigures) {
  r.lost = true;
  figures.lost++;
  const shown = found && r.acknowledged ? Object.fromEntries(Object.keys(r.acknowledged).map((k) => [k, found[k]])) : found;
  figures.problems.push(`${when}: ${r.table} ${r.key[1]} (id ${r.id ?? '?'}) should be ${JSON.stringify(r.acknowledged)}, is ${JSON.stringify(shown)}`);
}

/** What the writers need to know about the seeded demo. */
export interface Demo {
  dictTypeId: number;
  projectId: number;
  weixiuId: number;
}

export const demoOf = (dictTypeId: number): Demo => ({ dictTypeId, projectId: DEMO_PROJECTS.cuihu.id, weixiuId: DEMO_STAFF.weixiu });

export interface Clients {
  admin: Api;
  admin2: Api;
  kefu: Api;
  diaodu: Api;
  weixiu: Api;
}

/** The accounts of Clients, in its order. */
export const CLIENT_ACCOUNTS = ['admin', 'admin', 'kefu', 'diaodu', 'weixiu'] as const;

export const clientsOf = ([admin, admin2, kefu, diaodu, weixiu]: Api[]): Clients => ({ admin: admin!, admin2: admin2!, kefu: kefu!, diaodu: diaodu!, weixiu: weixiu! });

/**
 * A writer loops until its first unanswered write (or the ledger stops), its records named after
 * tag so that every run of it writes new ones.
 */
type Writer = (ledger: Ledger, clients: Clients, demo: Demo, tag: string) => Promise<void>;

/** Labels through the resource engine: added, then updated. */
const labels: Writer = async (ledger, { admin }, _demo, tag) => {
  for (let n = 0; ; n++) {
    const name = `崩溃${tag}-${n}`;
    const record = ledger.track('label', ['name', name]);
    const added = { name, color: 'blue', description: `第 ${n} 个` };
    if (!(await ledger.write(record, added, () => admin.post('/api/business/label/add', { ...added, category: 'basic', scope: 'customer' })))) return;
    const updated = { ...added, color: 'green', description: `第 ${n} 个，已改` };
    if (!(await ledger.write(record, updated, () => admin.post('/api/business/label/update', { id: record.id, color: updated.color, description: updated.description })))) return;
  }
};

/** Dictionary items: added, and every other one deleted again. */
const dictItems: Writer = async (ledger, { admin2 }, { dictTypeId }, tag) => {
  for (let n = 0; ; n++) {
    const value = `crash_${tag}_${n}`;
    const record = ledger.track('dict_item', ['value', value]);
    const added = { type_id: dictTypeId, label: `崩溃测试 ${tag}-${n}`, value, remark: `写入 ${n}` };
    if (!(await ledger.write(record, added, () => admin2.post('/api/basis/dictItem/add', added)))) return;
    if (n % 2 && !(await ledger.write(record, null, () => admin2.post('/api/basis/dictItem/delete', { ids: [record.id] })))) return;
  }
};

/** Work orders: customer service creates one, the dispatcher gives it to the technician, who accepts it. */
const workOrders: Writer = async (ledger, { kefu, diaodu, weixiu }, { projectId, weixiuId }, tag) => {
  const move = (api: Api, id: number | undefined, action: string, values?: Row) => () => api.post('/api/mkf/questionTask/transition', { id, action, values });
  for (let n = 0; ; n++) {
    const title = `崩溃测试工单 ${tag}-${n}`;
    const record = ledger.track('work_order', ['title', title]);
    const created = { title, status: 'pending', processor_id: null };
    if (!(await ledger.write(record, created, () => kefu.post('/api/mkf/questionTask/add', { project_id: projectId, kind: 'repair', title, content: '崩溃测试：水管漏水', address: '1栋大堂' })))) return;
    if (!(await ledger.write(record, { title, status: 'dispatched', processor_id: weixiuId }, move(diaodu, record.id, 'giveOut', { processor_id: weixiuId })))) return;
    if (!(await ledger.write(record, { title, status: 'processing', processor_id: weixiuId }, move(weixiu, record.id, 'accept')))) return;
  }
};

/** Every writer on one set of clients; resolves when all have returned. */
export const writeAll = (ledger: Ledger, clients: Clients, demo: Demo, tag: string): Promise<void[]> => Promise.all([labels, dictItems, workOrders].map((writer) => writer(ledger, clients, demo, tag)));

/** A record as stored, by a column's value (its id, or its key before the id is known); undefined when there is none. */
export type StoredRow = (table: Table, column: string, value: string | number) => Promise<Row | undefined>;

/**
 * The database as a kill left it, every record against the ledger; call it once no writer is
 * running. An unanswered write found stored becomes the record's acknowledged state.
 */
export async function checkStored(ledger: Ledger, read: StoredRow, when: string, figures: WriteFigures): Promise<void> {
  for (const r of ledger.records) {
    if (r.lost || (r.acknowledged === undefined && r.unanswered === undefined)) continue;
    const row = r.id === undefined ? await read(r.table, r.key[0], r.key[1]) : await read(r.table, 'id', r.id);
    const found = row ?? null;
    if (r.unanswered !== undefined && same(found, r.unanswered)) {
      // Committed, but the answer died with the process: from now on this is the record's state.
      figures.landedUnacknowledged++;
      r.acknowledged = r.unanswered;
      r.id ??= row?.id as number | undefined;
    } else if (r.acknowledged !== undefined && !same(found, r.acknowledged)) {
      lose(r, found, when, figures);
    }
    r.unanswered = undefined;
  }
}

/** A server's answers about the records written in the ledger's current cycle. */
export async function checkServed(admin: Api, ledger: Ledger, when: string, figures: WriteFigures): Promise<void> {
  for (const r of ledger.records) {
    if (r.lost || r.cycle !== ledger.cycle || r.id === undefined || r.acknowledged === undefined) continue;
    const answer = await admin.get(DETAIL[r.table], { id: r.id });
    const found = answer.http === 404 ? null : answer.body.data;
    if (!same(found, r.acknowledged)) lose(r, found, when, figures);
  }
}
