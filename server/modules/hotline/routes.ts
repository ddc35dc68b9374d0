import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest, forbidden, ok } from '../../platform/http/envelope.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { findCallers, NOT_CONFIGURED, PHONE_MESSAGE, PHONE_PATTERN, recordCall, seatOf } from './calls.ts';
import { ProviderError, telephonyProvider } from './provider.ts';

/** Who may sign in to a seat and dial: hotline operators, and customer service calling back for return visits. */
export const CALL_CODES = ['hotline:call', 'returnvisit:do'];
const NO_SEAT = '您还没有 400 坐席，请联系管理员在「400 坐席」中分配坐席号';

/**
 * The 400 hotline's auth calls (spec 7.4): getYouYinToken answers the call state of spec 3
 * (secret, accessToken, tenantId, agentNum, jobNumber, account, loginPhone) after signing the
 * operator's seat in at the provider; sendCall dials a number from that seat. Every outgoing call
 * is written to the call history, also when no provider is configured (then it is only recorded,
 * and the answer says so) and when the provider refuses it (the refusal is the toast's message).
 */
export default async function hotlineAuthRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  const provider = telephonyProvider(app.config.hotline);

  app.post(
    '/login/getYouYinToken',
    { config: { btnCode: CALL_CODES, personal: 'own' }, schema: { body: { type: 'object', additionalProperties: false, properties: {} } } },
    async (request) => {
      const staff = request.staff!;
      const me = await app.db.selectFrom('staff').select(['account', 'job_number', 'mobile']).where('id', '=', staff.id).executeTakeFirstOrThrow();
      const seat = await seatOf(db, staff.id);
      if (!seat) throw badRequest(NO_SEAT);
      const state = { tenantId: provider.tenantId, agentNum: seat.agent_num, jobNumber: me.job_number, account: me.account, loginPhone: me.mobile };
      if (!provider.configured) return ok({ ...state, secret: '', accessToken: '', expiresAt: null, configured: false }, NOT_CONFIGURED);
      try {
        const token = await provider.token(seat.agent_num);
        return ok({ ...state, secret: token.secret, accessToken: token.accessToken, expiresAt: token.expiresAt, configured: true }, '坐席已登录');
      } catch (error) {
        if (error instanceof ProviderError) throw new ApiError(502, error.message);
        throw error;
      }
    },
  );

  const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
  app.post(
    '/login/call/sendCall',
    {
      config: { btnCode: CALL_CODES },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['tenant_id', 'access_token', 'agent_num', 'dnis'],
          properties: { tenant_id: text(64), access_token: text(2048), agent_num: { type: 'string', pattern: '^\\d{3,8}$' }, dnis: text(20) },
        },
      },
    },
    async (request) => {
      const staff = request.staff!;
      const body = request.body as { tenant_id: string; access_token: string; agent_num: string; dnis: string };
      const dnis = body.dnis.trim();
      if (!new RegExp(PHONE_PATTERN).test(dnis)) throw badRequest(`被叫号码不正确：${PHONE_MESSAGE}`);
      const seat = await seatOf(db, staff.id);
      if (!seat) throw badRequest(NO_SEAT);
      if (seat.agent_num !== body.agent_num) throw forbidden('只能使用本人的坐席号外呼');
      const [caller] = await findCallers(app, staff, dnis);
      const base = { direction: 'out' as const, phone: dnis, agentNum: seat.agent_num, caller };

      if (!provider.configured) {
        const id = await app.db.transaction().execute((trx) => recordCall(trx as unknown as AnyDB, staff, { ...base, status: 'recorded', message: NOT_CONFIGURED }));
        return ok({ callId: id, status: 'recorded', configured: false, caller: caller ?? null }, `${NOT_CONFIGURED}；本次外呼已记入通话记录`);
      }
      if (body.tenant_id !== provider.tenantId) throw badRequest('租户编号与电话服务商的配置不一致，请重新登录坐席');
      if (!body.access_token) throw badRequest('坐席令牌为空，请重新登录坐席');
      try {
        const { callId } = await provider.call({ tenantId: body.tenant_id, accessToken: body.access_token, agentNum: seat.agent_num, dnis });
        const id = await app.db.transaction().execute((trx) => recordCall(trx as unknown as AnyDB, staff, { ...base, status: 'dialed', message: null, providerCallId: callId }));
        return ok({ callId: id, status: 'dialed', configured: true, caller: caller ?? null }, '正在呼叫，请留意坐席电话');
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // The failed attempt stays in the history with the provider's reason.
        await app.db.transaction().execute((trx) => recordCall(trx as unknown as AnyDB, staff, { ...base, status: 'failed', message: error.message }));
        throw new ApiError(502, error.message);
      }
    },
  );
}
