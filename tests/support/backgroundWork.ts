import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import type { Api } from './api.ts';
import { signedSheet } from './exports.ts';
import type { DB } from '../../server/platform/db/index.ts';
import { pushTopic, type PushMessage } from '../../src/shared/push.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

/**
 * The background work an instance may be in the middle of when it dies (instanceKill.ts), set up
 * through the product's own calls and watched in the shared database: a download-center export
 * it has claimed, work orders whose accept timer is due, and notices in the outbox.
 */

/** Polls check every 100 ms until it answers something other than undefined; throws after timeoutMs naming what. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
  }
}

const REPORT = '/api/task/report/repair';
/** The records behind 报修统计's total of one project that the writers never touch, so the file's row count is known. */
const EXPORT_INPUT = { measure: 'total', project_id: DEMO_PROJECTS.binjiang.id };

/**
 * Makes the export long enough to be caught half-written: copies of the project's closed repair
 * orders up to `rows`, without a phone to call (so no return visit is made for them).
 */
export async function addExportRows(db: DB, rows: number): Promise<void> {
  const where = sql`project_id = ${EXPORT_INPUT.project_id} and kind = 'repair' and status = 'closed'`;
  const { rows: found } = await sql<{ n: number }>`select count(*) as n from work_order where ${where}`.execute(db);
  const copies = Math.ceil(rows / Math.max(1, Number(found[0]?.n)));
  const { rows: columns } = await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'work_order' and column_name <> 'id' order by ordinal_position`.execute(db);
  const value = (c: string) => (c === 'code' ? `code || '-' || copy` : c === 'customer_id' || c === 'contact_phone' ? 'null' : `"${c}"`);
  await sql`insert into work_order (${sql.raw(columns.map((c) => `"${c.name}"`).join(', '))}) select ${sql.raw(columns.map((c) => value(c.name)).join(', '))} from work_order, generate_series(1, ${copies}) as copy where ${where}`.execute(db);
}

export interface ClaimedExport {
  id: number;
  claimedBy: string;
}

/**
 * Queues the export through `admin` (signed in on the instance to be killed) and waits until that
 * instance is writing it: claimed at once by the instance it was queued on (another looks only
 * every few seconds), its first progress stored.
 */
export async function exportUnderWay(admin: Api, db: DB): Promise<ClaimedExport> {
  const queued = await admin.post(`${REPORT}/exportAsync`, { ...EXPORT_INPUT, what: 'records' });
  if (queued.http !== 200) throw new Error(`export refused: ${queued.http} ${queued.body.message}`);
  const id = Number(queued.body.data.id);
  let first: string | undefined;
  return until(
    'the export written by the instance it was queued on',
    async () => {
      const job = await exportHolder(db, id);
      if (job.status === 'done' || job.status === 'failed') throw new Error(`export ${id} was ${job.status} before the kill: give it more rows`);
      first ??= job.claimed_by ?? undefined;
      if (first && job.claimed_by !== first) throw new Error(`export ${id}: the first claim lapsed while its instance lived (a loaded machine; a longer lease)`);
      return first && job.row_count > 0 ? { id, claimedBy: first } : undefined;
    },
    60_000,
  );
}

/** The export's state and the claim on it now. */
export const exportHolder = (db: DB, id: number) => db.selectFrom('export_job').select(['status', 'claimed_by', 'row_count']).where('id', '=', id).executeTakeFirstOrThrow();

/** Waits until the export is finished; answers how it ended and the claims other than the dead instance's seen on it meanwhile. */
export async function exportFinished(db: DB, job: ClaimedExport, timeoutMs: number): Promise<{ status: string; finishedAt: number; otherClaims: number }> {
  const claims = new Set<string>();
  const row = await until(
    `export ${job.id} finished by another instance`,
    async () => {
      const found = await db.selectFrom('export_job').select(['status', 'claimed_by', 'finished_at']).where('id', '=', job.id).executeTakeFirstOrThrow();
      if (found.claimed_by) claims.add(found.claimed_by);
      return found.status === 'done' || found.status === 'failed' ? found : undefined;
    },
    timeoutMs,
  );
  claims.delete(job.claimedBy);
  return { status: row.status, finishedAt: row.finished_at ?? 0, otherClaims: claims.size };
}

/** The finished file through `admin` (on the surviving instance): every record the report's drill counts, under one header row. */
export async function exportFileProblem(admin: Api, job: ClaimedExport): Promise<string | undefined> {
  const file = await signedSheet(admin, '/api/report/downloadCenter/download', { id: String(job.id) });
  const total = Number((await admin.post(`${REPORT}/drill`, EXPORT_INPUT)).body.data?.total);
  if (file.status !== 200) return `export ${job.id}: download answered ${file.status}`;
  if (file.rows.length !== total + 1) return `export ${job.id}: ${file.rows.length - 1} rows, the drill counts ${total}`;
  return undefined;
}

const T = '/api/mkf/questionTask';

/** Work orders given to the technician through these clients, whose accept timer (30 minutes in 已派单) is set to run out. */
export async function dispatchedOrders(kefu: Api, diaodu: Api, count: number, tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const added = await kefu.post(`${T}/add`, { project_id: DEMO_PROJECTS.cuihu.id, kind: 'repair', title: `超时收回 ${tag}-${i}`, content: '计时测试：门禁失灵', address: '2栋大堂' });
    const given = await diaodu.post(`${T}/transition`, { id: added.body.data?.id, action: 'giveOut', values: { processor_id: DEMO_STAFF.weixiu } });
    if (added.http !== 200 || given.http !== 200) throw new Error(`timer order refused: ${added.body.message} / ${given.body.message}`);
    ids.push(Number(added.body.data.id));
  }
  return ids;
}

/** Makes the orders' accept timer due now (they entered 已派单 31 minutes ago). */
export async function makeDue(db: DB, ids: number[]): Promise<void> {
  await db.updateTable('work_order').set({ state_at: Date.now() - 31 * 60_000 }).where('id', 'in', ids).where('status', '=', 'dispatched').execute();
}

/** Orders still waiting for their timer. */
export async function stillDispatched(db: DB, ids: number[]): Promise<number> {
  return (await db.selectFrom('work_order').select('id').where('id', 'in', ids).where('status', '=', 'dispatched').execute()).length;
}

/** Per order, how often its timer fired: recall moves on its timeline and 接单超时 notices to the technician, which must both be 1. */
export async function timerFirings(db: DB, ids: number[]): Promise<{ id: number; recalls: number; notices: number }[]> {
  return Promise.all(
    ids.map(async (id) => ({
      id,
      recalls: (await db.selectFrom('resource_timeline').select('id').where('resource', '=', 'work_order').where('record_id', '=', id).where('action', '=', 'recall').execute()).length,
      notices: (await db.selectFrom('staff_message').select('id').where('function_id', '=', String(id)).where('content', 'like', '%接单超时%').execute()).length,
    })),
  );
}

/** Messages stored and not yet published (created no later than `before`). */
export async function unpublished(db: DB, before = Number.MAX_SAFE_INTEGER): Promise<number> {
  return (await db.selectFrom('staff_message').select('id').where('published_at', 'is', null).where('created_at', '<=', before).execute()).length;
}

/** A client of the broker subscribed to the technician's notices, counting each message id it receives. */
export async function watchTechnician(brokerUrl: string, db: DB): Promise<{ received: Map<number, number>; end(): Promise<void> }> {
  const staff = await db.selectFrom('staff').select('business_account_domain').where('id', '=', DEMO_STAFF.weixiu).executeTakeFirstOrThrow();
  const topic = pushTopic(staff.business_account_domain);
  if (!topic) throw new Error('the technician has no push topic');
  const client = await mqtt.connectAsync(brokerUrl, { reconnectPeriod: 1000, connectTimeout: 10_000, clean: true });
  await client.subscribeAsync(topic, { qos: 1 });
  const received = new Map<number, number>();
  client.on('message', (_topic, payload) => {
    const id = (JSON.parse(payload.toString()) as PushMessage).pushParams.messageId;
    received.set(id, (received.get(id) ?? 0) + 1);
  });
  return { received, end: () => client.endAsync(true) };
}

/** The technician's messages published since `since`: those the watcher never received, and those it received more than once. */
export async function deliveries(db: DB, received: Map<number, number>, since: number): Promise<{ missing: number[]; twice: number }> {
  const rows = await db.selectFrom('staff_message').select('id').where('staff_id', '=', DEMO_STAFF.weixiu).where('created_at', '>=', since).where('published_at', '>', 0).execute();
  return { missing: rows.map((r) => r.id).filter((id) => !received.has(id)), twice: rows.filter((r) => (received.get(r.id) ?? 0) > 1).length };
}
