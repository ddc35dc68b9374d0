import type { AnyDB, Row } from '../../engine/hooks.ts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import { consumeOwnerCode, refuseOwnerCode } from '../auth/public.ts';
import { ownerOf } from './context.ts';
import { createOwnerSession, revokeOwnerSession } from './sessions.ts';

const TERMINALS = ['wx_mini', 'app_ios', 'app_android', 'h5'];
const signInBody = {
  type: 'object',
  required: ['mobile', 'code', 'terminal'],
  additionalProperties: false,
  properties: { mobile: { type: 'string', pattern: '^1\\d{10}$' }, code: { type: 'string', pattern: '^\\d{6}$' }, terminal: { type: 'string', enum: TERMINALS } },
} as const;

/**
 * The owner app's sign-in: the mobile and the SMS code of POST /api/auth/login/ownerSmsCode. The
 * first sign-in registers the owner in the app (what the registration statistics count); every
 * sign-in is an app_login_event (what the active-user statistics count).
 */
export default async function signInRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  app.post('/login', { config: { public: true, rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } }, schema: { body: signInBody } }, async (request) => {
    const { mobile, code, terminal } = request.body as { mobile: string; code: string; terminal: string };
    const now = Date.now();
    const outcome = await consumeOwnerCode(app.db, mobile, code, now);
    refuseOwnerCode(outcome);
    const customer = (await db.selectFrom('customer').select(['id', 'name', 'project_id', 'house_id', 'app_registered']).where('id', '=', outcome.id).executeTakeFirstOrThrow()) as { id: number; name: string; project_id: number; house_id: number | null; app_registered: number };
    const session = await db.transaction().execute(async (trx) => {
      if (Number(customer.app_registered) !== 1) await trx.updateTable('customer').set({ app_registered: 1, registered_at: now, updated_at: now }).where('id', '=', customer.id).execute();
      await trx.insertInto('app_login_event').values({ project_id: customer.project_id, customer_id: customer.id, house_id: customer.house_id ?? null, terminal, login_at: now, created_at: now, updated_at: now }).execute();
      return createOwnerSession(trx, customer.id, terminal, now);
    });
    return ok({ token: session.token, expiresAt: session.expiresAt, name: customer.name }, '登录成功');
  });

  app.post('/logout', { config: { owner: true }, schema: { body: { type: 'object', additionalProperties: false, properties: {} } } }, async (request) => {
    await revokeOwnerSession(db, ownerOf(request).tokenHash, Date.now());
    return ok(null, '已退出登录');
  });

  app.get('/me', { config: { owner: true, personal: 'own' }, schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } } }, async (request) => {
    const owner = ownerOf(request);
    const houses = await db
      .selectFrom('customer')
      .leftJoin('house', 'house.id', 'customer.house_id')
      .leftJoin('org', 'org.id', 'customer.project_id')
      .select(['customer.id as customerId', 'customer.house_id as houseId', 'org.name as projectName', 'house.building_name', 'house.unit_no', 'house.room_no', 'customer.certified'])
      .where('customer.id', 'in', owner.houses.map((h) => h.customerId))
      .orderBy('customer.id')
      .execute();
    return ok({
      name: owner.name,
      mobile: owner.mobile,
      houses: (houses as Row[]).map((h) => ({ customerId: h.customerId, houseId: h.houseId, projectName: h.projectName, house: h.room_no ? `${h.building_name} ${h.unit_no}单元 ${h.room_no}` : null, certified: Number(h.certified) === 1 })),
    });
  });
}
