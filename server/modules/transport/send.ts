import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AnyDB } from '../../engine/hooks.ts';

const MINUTE = 60_000;
/** Sends one task gets before it is marked failed (a retry by hand starts again). */
export const MAX_ATTEMPTS = 5;
const TIMEOUT_MS = 5000;
/** Tasks sent in one pass of the timers: a backlog drains over several passes, never in one long stall. */
const BATCH = 20;

export interface SyncItem {
  target: 'oa' | 'patrol' | 'report';
  bizType: 'commission_distribution' | 'work_order' | 'patrol_record';
  bizId: number;
  bizNo: string;
  payload: Record<string, unknown>;
}

export const payloadHash = (text: string) => createHash('sha256').update(text).digest('hex');
/** The body's signature the receiver checks: HMAC-SHA256 of `<timestamp>.<body>` with a key derived from PMS_SIGN_SEED. */
export const transportSign = (seed: string, timestamp: number, body: string) => createHmac('sha256', `transport:${seed}`).update(`${timestamp}.${body}`).digest('hex');

/** Queues one outgoing message, in the caller's transaction: it leaves only if that commits. */
export async function enqueueSync(trx: AnyDB, item: SyncItem, now = Date.now()): Promise<void> {
  const payload = JSON.stringify(item.payload, null, 2);
  await trx
    .insertInto('sync_task')
    .values({ direction: 'push', target: item.target, biz_type: item.bizType, biz_id: item.bizId, biz_no: item.bizNo, payload, payload_hash: payloadHash(payload), status: 'pending', attempts: 0, next_at: now, last_error: null, sent_at: null, created_by: null, created_at: now, updated_at: now })
    .execute();
}

/** Wait before the next send after `attempts` failed ones: 1, 2, 4, 8 minutes. */
export const backoff = (attempts: number) => MINUTE * 2 ** Math.max(0, attempts - 1);

type Task = { id: number; target: string; biz_type: string; biz_id: number; biz_no: string; payload: string; attempts: number };

/** POSTs one task's message to PMS_TRANSPORT_URL; answers the error text, or null when the receiver took it (2xx). */
async function post(app: FastifyInstance, task: Task, now: number): Promise<string | null> {
  const body = JSON.stringify({ id: task.id, target: task.target, bizType: task.biz_type, bizId: task.biz_id, bizNo: task.biz_no, payload: JSON.parse(task.payload) as unknown });
  try {
    const response = await fetch(app.config.transportUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pms-timestamp': String(now), 'x-pms-signature': transportSign(app.config.signSeed, now, body) },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) return null;
    return `接收方返回 HTTP ${response.status}`;
  } catch (error) {
    return (error as Error).name === 'TimeoutError' ? `接收方 ${TIMEOUT_MS / 1000} 秒内未响应` : `无法连接接收方：${(error as Error).message}`.slice(0, 300);
  }
}

/** Sends one task and records the outcome: sent, retrying after its backoff, or failed after MAX_ATTEMPTS. */
export async function sendTask(app: FastifyInstance, task: Task, now = Date.now()): Promise<'sent' | 'retrying' | 'failed'> {
  const db = app.db as unknown as AnyDB;
  const error = await post(app, task, now);
  const attempts = task.attempts + 1;
  const status = error === null ? 'sent' : attempts >= MAX_ATTEMPTS ? 'failed' : 'retrying';
  await db
    .updateTable('sync_task')
    .set({ status, attempts, last_error: error, sent_at: error === null ? now : null, next_at: status === 'retrying' ? now + backoff(attempts) : null, updated_at: now })
    .where('id', '=', task.id)
    .execute();
  return status;
}

const selectTask = (db: AnyDB) => db.selectFrom('sync_task').select(['id', 'target', 'biz_type', 'biz_id', 'biz_no', 'payload', 'attempts']);

/** A pass of the timers: the tasks due, sent at once. Without a receiver configured they wait. */
export async function sendDue(app: FastifyInstance, now: number): Promise<number> {
  if (!app.config.transportUrl) return 0;
  const db = app.db as unknown as AnyDB;
  const due = (await selectTask(db).where('status', 'in', ['pending', 'retrying']).where('next_at', '<=', now).orderBy('next_at').limit(BATCH).execute()) as Task[];
  const outcomes = await Promise.all(due.map((task) => sendTask(app, task, now)));
  return outcomes.filter((o) => o === 'sent').length;
}

export async function taskById(db: AnyDB, id: number): Promise<(Task & { status: string }) | undefined> {
  return (await selectTask(db).select('status').where('id', '=', id).executeTakeFirst()) as (Task & { status: string }) | undefined;
}
