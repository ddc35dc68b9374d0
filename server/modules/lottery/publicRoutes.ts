import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { LINK_FORGED, readLinkToken } from '../../engine/publicLinks.ts';
import { ApiError, ok } from '../../platform/http/envelope.ts';
import { draw, prizesOf, remainingDraws, WHEEL_ROUTE, type Participant } from './draw.ts';

const tokenQuery = { type: 'object', required: ['token'], additionalProperties: false, properties: { token: { type: 'string', minLength: 1, maxLength: 600 } } } as const;

/** The participant a link names: a genuine, unexpired link to the wheel whose invite still exists. */
async function participantOf(app: FastifyInstance, db: AnyDB, token: string): Promise<Participant> {
  const claims = readLinkToken(app.config.signSeed, token);
  if (claims.r !== WHEEL_ROUTE) throw new ApiError(403, LINK_FORGED);
  const invite = (await db.selectFrom('lottery_invite').select(['id', 'activity_id', 'customer_id']).where('id', '=', claims.id).executeTakeFirst()) as { id: number; activity_id: number; customer_id: number } | undefined;
  if (!invite) throw new ApiError(403, LINK_FORGED);
  return { inviteId: invite.id, activityId: invite.activity_id, customerId: invite.customer_id };
}

/** What the owner sees: the activity and its rules, the wheel's sectors (no stock or rates), draws left and their own records. */
async function wheelOf(db: AnyDB, who: Participant, now: number) {
  const activity = (await db.selectFrom('lottery_activity').leftJoin('org', 'org.id', 'lottery_activity.project_id').selectAll('lottery_activity').select('org.name as project_name').where('lottery_activity.id', '=', who.activityId).executeTakeFirstOrThrow()) as Row;
  const customer = (await db.selectFrom('customer').select(['name']).where('id', '=', who.customerId).executeTakeFirstOrThrow()) as Row;
  const prizes = (await prizesOf(db, who.activityId)).map((p) => ({ id: p.id, name: p.name, prize_type: p.prize_type, colour: p.colour }));
  const records = await db
    .selectFrom('lottery_record')
    .leftJoin('lottery_prize', 'lottery_prize.id', 'lottery_record.prize_id')
    .select(['lottery_record.id', 'lottery_record.drawn_at', 'lottery_record.result', 'lottery_record.verify_code', 'lottery_record.status', 'lottery_record.expires_at', 'lottery_prize.name as prize_name'])
    .where('lottery_record.activity_id', '=', who.activityId)
    .where('lottery_record.customer_id', '=', who.customerId)
    .orderBy('lottery_record.drawn_at', 'desc')
    .execute();
  const { id, name, project_name, start_time, end_time, status, rules, total_limit, day_limit, claim_days } = activity;
  return {
    activity: { id, name, project_name, start_time, end_time, status, rules, total_limit, day_limit, claim_days },
    /** Whether a draw may be made now (the server's clock, not the phone's). */
    running: status === 'online' && now >= (start_time as number) && now < (end_time as number),
    // The page may be seen over a shoulder: the surname only.
    participant: { name: String(customer.name).replace(/(?<=^.).*/u, (rest) => '*'.repeat([...rest].length)) },
    prizes,
    remaining: await remainingDraws(db, activity, who.customerId, now),
    records,
  };
}

/**
 * The owner's side of the lottery (spec 2.2 public pages): no staff session, the signed invite
 * link is the owner's identity. The wheel and the owner's prizes are read with it; a draw is
 * decided here, in one transaction, and the browser only animates the answer.
 */
export default async function lotteryPublicRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  const limit = { max: 120, timeWindow: '1 minute' };
  app.get('/public/wheel', { config: { public: true, rateLimit: limit }, schema: { querystring: tokenQuery } }, async (request) => {
    const who = await participantOf(app, db, (request.query as { token: string }).token);
    return ok(await wheelOf(db, who, Date.now()));
  });
  app.post('/public/draw', { config: { public: true, rateLimit: limit }, schema: { body: tokenQuery } }, async (request) => {
    const who = await participantOf(app, db, (request.body as { token: string }).token);
    const now = Date.now();
    const { record, prizeId } = await db.transaction().execute((trx) => draw(trx, who, now));
    const prize = prizeId === null ? null : ((await db.selectFrom('lottery_prize').select(['id', 'name']).where('id', '=', prizeId).executeTakeFirst()) ?? null);
    const activity = (await db.selectFrom('lottery_activity').select(['id', 'total_limit', 'day_limit']).where('id', '=', who.activityId).executeTakeFirstOrThrow()) as Row;
    const remaining = await remainingDraws(db, activity, who.customerId, now);
    return ok({ result: record.result, prize, verify_code: record.verify_code, expires_at: record.expires_at, remaining }, prize ? `恭喜您抽中「${prize.name as string}」` : '谢谢参与，再接再厉');
  });
}
