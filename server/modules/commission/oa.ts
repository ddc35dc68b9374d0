import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest, conflict, ok } from '../../platform/http/envelope.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { writeTimeline } from '../../engine/resources/workflow.ts';
import { publicLink } from '../../engine/publicLinks.ts';
import { refreshPool } from './pools.ts';
import { enqueueSync } from '../transport/public.ts';

/**
 * The office-automation round trip of a distribution: submitting gives it an OA process number;
 * the OA system gets the signed link to the public page its reviewer opens and, once they decided,
 * calls back with the number and the result, signed with the secret both sides derive from
 * PMS_SIGN_SEED (its own signature, so not the browser's request signature). A callback is accepted for ten minutes after it was signed, once per process.
 */
const CALLBACK_MAX_AGE_MS = 10 * 60_000;

/** The public page the OA reviewer opens (schemas/commission/pages/commission-approve-detail.json). */
export const OA_PAGE = '/commission/approve/detail';

export async function oaSubmitted(app: FastifyInstance, trx: AnyDB, id: number): Promise<void> {
  const now = new Date();
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  const oaProcessNo = `OA${day}${String(id).padStart(6, '0')}${String(now.getTime() % 1000).padStart(3, '0')}`;
  const oaLink = `${app.config.publicUrl}${publicLink(app, OA_PAGE, id).url}`;
  await trx.updateTable('commission_distribution').set({ oa_process_no: oaProcessNo, oa_link: oaLink, decided_at: null, oa_comment: null }).where('id', '=', id).execute();
  // The OA system is sent the process and the reviewer's link (data transport: queued with this
  // transaction, POSTed by the timers, visible and retryable at /transport-manager/transportTasks).
  const d = (await trx.selectFrom('commission_distribution').select(['code', 'title', 'amount', 'headcount']).where('id', '=', id).executeTakeFirstOrThrow()) as { code: string; title: string; amount: number; headcount: number };
  await enqueueSync(trx, { target: 'oa', bizType: 'commission_distribution', bizId: id, bizNo: d.code, payload: { oaProcessNo, code: d.code, title: d.title, amount: d.amount, headcount: d.headcount, reviewLink: oaLink } }, now.getTime());
}

export interface OaCallback {
  oa_process_no: string;
  result: 'approved' | 'rejected';
  comment?: string;
  timestamp: number;
  sign: string;
}

/** The signature of a callback: HMAC-SHA256 over its fields joined by |, hex. */
export function oaSign(seed: string, c: Omit<OaCallback, 'sign'>): string {
  return createHmac('sha256', `oa-callback:${seed}`).update([c.oa_process_no, c.result, c.timestamp, c.comment ?? ''].join('|')).digest('hex');
}

export function oaCallbackRoute(app: FastifyInstance): void {
  const body = {
    type: 'object',
    required: ['oa_process_no', 'result', 'timestamp', 'sign'],
    additionalProperties: false,
    properties: { oa_process_no: { type: 'string', maxLength: 40 }, result: { enum: ['approved', 'rejected'] }, comment: { type: 'string', maxLength: 500 }, timestamp: { type: 'integer' }, sign: { type: 'string', maxLength: 64 } },
  };
  app.post('/oaCallback', { config: { public: true, unsigned: true, rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { body } }, async (request) => {
    const c = request.body as OaCallback;
    const expected = Buffer.from(oaSign(app.config.signSeed, c));
    const given = Buffer.from(c.sign);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError(401, '回调签名无效');
    if (Math.abs(Date.now() - c.timestamp) > CALLBACK_MAX_AGE_MS) throw new ApiError(401, '回调已过期，请重新发起');
    const id = await (app.db as unknown as AnyDB).transaction().execute(async (trx) => {
      const row = await trx.selectFrom('commission_distribution').select(['id', 'status', 'pool_id']).where('oa_process_no', '=', c.oa_process_no).executeTakeFirst();
      if (!row) throw badRequest('OA 单号不存在');
      if (row.status !== 'approving') throw conflict('分配单不在审批中，回调已处理或已撤回');
      const now = Date.now();
      await trx.updateTable('commission_distribution').set({ status: c.result, decided_at: now, oa_comment: c.comment ?? null, state_at: now, updated_at: now }).where('id', '=', row.id).execute();
      await writeTimeline(trx, 'commission_distribution', { id: row.id as number, action: c.result === 'approved' ? 'OA 审批通过' : 'OA 审批驳回', from: 'approving', to: c.result, note: c.comment ? `OA 审批意见：${c.comment}` : 'OA 审批' }, null);
      await refreshPool(trx, row.pool_id as number);
      return row.id as number;
    });
    return ok({ id }, '回调已处理');
  });
}
