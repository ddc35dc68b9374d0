import type { SeedContext } from '../../engine/module.ts';
import { payloadHash } from './send.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Admin holds every code; nobody else moves data between systems. */
export const TRANSPORT_DEMO_GRANTS: Record<string, string[]> = {};

type Row = Record<string, unknown>;
const ERRORS = ['接收方返回 HTTP 502', '接收方 5 秒内未响应', '无法连接接收方：connect ECONNREFUSED 10.20.1.15:8443'];

/**
 * A month of pushes as the integration gateway saw them: finished work orders to the report
 * platform, patrol records with problems to the patrol platform; most sent at once, some after
 * retries, a few still retrying or failed after five attempts.
 */
export async function seedTransport({ trx, now, rnd, pick }: SeedContext): Promise<void> {
  const orders = (await trx.selectFrom('work_order').select(['id', 'code', 'project_id', 'kind', 'title', 'status', 'finished_at']).where('finished_at', 'is not', null).where('finished_at', '>', now - 30 * DAY).orderBy('finished_at').limit(80).execute()) as Row[];
  const records = (await trx.selectFrom('tbp_record').select(['id', 'project_id', 'point_id', 'result', 'problem_count', 'checked_at']).where('problem_count', '>', 0).where('checked_at', '>', now - 14 * DAY).orderBy('checked_at').limit(40).execute()) as Row[];
  const items = [
    ...orders.map((o) => ({ target: 'report', biz_type: 'work_order', biz_id: o.id, biz_no: o.code, at: Number(o.finished_at), payload: { code: o.code, projectId: o.project_id, kind: o.kind, title: o.title, status: o.status, finishedAt: o.finished_at } })),
    ...records.map((r) => ({ target: 'patrol', biz_type: 'patrol_record', biz_id: r.id, biz_no: `XC${String(r.id).padStart(8, '0')}`, at: Number(r.checked_at), payload: { recordId: r.id, projectId: r.project_id, pointId: r.point_id, result: r.result, problemCount: r.problem_count, checkedAt: r.checked_at } })),
  ];
  for (const item of items) {
    const payload = JSON.stringify(item.payload, null, 2);
    const roll = rnd();
    const recent = now - item.at < 2 * DAY;
    const [status, attempts] = roll < 0.86 ? ['sent', 1] : roll < 0.92 ? ['sent', 2 + Math.floor(rnd() * 2)] : recent ? ['retrying', 2] : ['failed', 5];
    const queued = item.at + MINUTE;
    const sentAt = status === 'sent' ? queued + (attempts - 1) * 3 * MINUTE + Math.floor(rnd() * 2000) : null;
    await trx
      .insertInto('sync_task')
      .values({
        direction: 'push', target: item.target, biz_type: item.biz_type, biz_id: item.biz_id, biz_no: item.biz_no, payload, payload_hash: payloadHash(payload), status, attempts,
        next_at: status === 'retrying' ? now + 2 * MINUTE : null, last_error: status === 'sent' && attempts === 1 ? null : pick(ERRORS), sent_at: sentAt,
        created_by: null, created_at: queued, updated_at: sentAt ?? queued + 15 * MINUTE,
      })
      .execute();
  }
}
