import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { badRequest, conflict, notFound, ok } from '../../platform/http/envelope.ts';
import { countActivity, HOLDING_PLACE } from '../community/public.ts';
import { ownerOf, type OwnerContext, type OwnerHouse } from './context.ts';
import { houseOf, idQuery, idSchema, text, perOwner } from './input.ts';

/** Whether an activity's participants (the owner audience: all, projects or buildings) take in this house. */
export function inAudience(participants: unknown, house: OwnerHouse): boolean {
  const a = (typeof participants === 'string' ? JSON.parse(participants) : participants) as { mode: string; ids: number[] } | null;
  if (!a) return false;
  if (a.mode === 'all') return true;
  if (a.mode === 'project') return a.ids.includes(house.projectId);
  if (a.mode === 'building') return house.buildingId !== null && a.ids.includes(house.buildingId);
  return false;
}

/** The owner's houses an activity takes in. */
export const housesIn = (owner: OwnerContext, activity: Row): OwnerHouse[] => owner.houses.filter((h) => inAudience(activity.participants, h));

/** Online activities are signed up for and voted in; ended ones are still read (their results). */
const VISIBLE = ['online', 'ended'];

/** One activity the owner may see (online or ended, in their scope), or 404. */
export async function activityFor(db: AnyDB, owner: OwnerContext, id: number): Promise<Row> {
  const activity = (await db.selectFrom('activity').selectAll().where('id', '=', id).where('status', 'in', VISIBLE).executeTakeFirst()) as Row | undefined;
  if (!activity || !housesIn(owner, activity).length) throw notFound('活动不存在或不在您的小区');
  return activity;
}

const signupBody = {
  type: 'object',
  required: ['activityId', 'houseId', 'persons'],
  additionalProperties: false,
  properties: { activityId: idSchema, houseId: idSchema, persons: { type: 'integer', minimum: 1, maximum: 20 }, name: { type: 'string', maxLength: 100 }, remark: { type: 'string', maxLength: 1000 } },
} as const;

interface SignupInput {
  activityId: number;
  houseId: number;
  persons: number;
  name: string;
  remark: string | null;
}

/**
 * An owner's sign-up, every rule on the server in one transaction: the activity online and in
 * their scope, a sign-up activity inside its sign-up window, certified owners only when it says
 * so, one sign-up per owner, the house's limit, and the quota. The quota is claimed first by
 * one conditional update of the activity's 报名人数 (never above the quota): two owners taking
 * the last place at once cannot both get it, and the update holds the activity row, so the
 * checks after it see every sign-up committed before. Waits for review when the activity asks.
 */
export async function signUp(trx: AnyDB, owner: OwnerContext, input: SignupInput, now: number): Promise<{ id: number; status: string }> {
  const activity = await activityFor(trx, owner, input.activityId);
  if (activity.activity_type !== 'signup') throw badRequest('该活动无需报名');
  if (activity.status !== 'online') throw badRequest('活动已结束，不能报名');
  if (activity.signup_start !== null && now < (activity.signup_start as number)) throw badRequest('报名尚未开始');
  if (now >= ((activity.signup_end as number | null) ?? (activity.end_time as number))) throw badRequest('报名已截止');
  const house = housesIn(owner, activity).find((h) => h.houseId === input.houseId);
  if (!house) throw badRequest('所选房屋不在活动范围内');
  if (activity.need_certified && !house.certified) throw badRequest('该活动仅限认证业主报名，请先完成住户认证');
  const quota = Number(activity.quota);
  // A new activity's 报名人数 is empty until its first sign-up: counted as 0.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- resource tables are untyped (AnyDB)
  const held = (eb: ExpressionBuilder<any, 'activity'>) => eb.fn.coalesce('signup_count', eb.val(0));
  let claim = trx.updateTable('activity').set((eb) => ({ signup_count: eb(held(eb), '+', input.persons) })).where('id', '=', input.activityId);
  if (quota > 0) claim = claim.where((eb) => eb(held(eb), '<=', quota - input.persons));
  const claimed = await claim.executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    const left = Math.max(0, quota - Number(((await trx.selectFrom('activity').select('signup_count').where('id', '=', input.activityId).executeTakeFirstOrThrow()) as Row).signup_count ?? 0));
    throw conflict(left ? `名额不足，仅剩 ${left} 个名额` : '名额已满');
  }
  const holding = (await trx.selectFrom('activity_signup').select(['customer_id', 'house_id', 'persons']).where('activity_id', '=', input.activityId).where('status', 'in', HOLDING_PLACE).execute()) as Row[];
  if (holding.some((s) => s.customer_id === house.customerId)) throw conflict('您已报名该活动');
  const limit = Number(activity.per_house_limit);
  const taken = holding.filter((s) => s.house_id === house.houseId).reduce((n, s) => n + Number(s.persons), 0);
  if (limit > 0 && taken + input.persons > limit) throw badRequest(taken ? `每户限报 ${limit} 人，本户还可报 ${Math.max(0, limit - taken)} 人` : `每户限报 ${limit} 人`);
  const status = activity.need_signup_audit ? 'pending' : 'passed';
  const { id } = (await trx
    .insertInto('activity_signup')
    .values({ activity_id: input.activityId, customer_id: house.customerId, house_id: house.houseId, name: input.name, mobile: owner.mobile, persons: input.persons, remark: input.remark, signed_at: now, status, state_at: now, project_id: activity.project_id, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()) as { id: number };
  await trx.insertInto('resource_timeline').values({ resource: 'activity_signup', record_id: id, action: 'create', from_state: null, to_state: status, note: '业主通过 App 报名', staff_id: null, staff_name: input.name, at: now }).execute();
  await countActivity(trx, input.activityId);
  return { id, status };
}

/** Cancels the owner's own sign-up while the activity has not started (a checked-in one stays). */
export async function cancelSignup(trx: AnyDB, owner: OwnerContext, signupId: number, now: number): Promise<void> {
  const signup = (await trx.selectFrom('activity_signup').selectAll().where('id', '=', signupId).where('customer_id', 'in', owner.houses.map((h) => h.customerId)).executeTakeFirst()) as Row | undefined;
  if (!signup) throw notFound('报名记录不存在');
  if (!['pending', 'passed'].includes(signup.status as string)) throw badRequest(signup.status === 'cancelled' ? '报名已取消' : '该报名不能取消');
  const activity = (await trx.selectFrom('activity').select(['start_time']).where('id', '=', signup.activity_id as number).executeTakeFirstOrThrow()) as Row;
  if (now >= (activity.start_time as number)) throw badRequest('活动已开始，不能取消报名');
  await trx.updateTable('activity_signup').set({ status: 'cancelled', state_at: now, updated_at: now }).where('id', '=', signupId).where('status', 'in', ['pending', 'passed']).execute();
  await trx.insertInto('resource_timeline').values({ resource: 'activity_signup', record_id: signupId, action: 'cancel', from_state: signup.status as string, to_state: 'cancelled', note: '业主通过 App 取消报名', staff_id: null, staff_name: signup.name as string, at: now }).execute();
  await countActivity(trx, signup.activity_id as number);
}

/** What the owner reads of an activity: no review or internal fields. */
const shown = (a: Row) => ({
  id: a.id, title: a.title, activity_type: a.activity_type, category: a.category, cover: a.cover, content: a.content, location: a.location, status: a.status,
  start_time: a.start_time, end_time: a.end_time, signup_start: a.signup_start, signup_end: a.signup_end, quota: a.quota, per_house_limit: a.per_house_limit, fee: a.fee,
  need_certified: Boolean(a.need_certified), need_signup_audit: Boolean(a.need_signup_audit), signup_count: a.signup_count,
  max_choices: a.max_choices, votes_per_day: a.votes_per_day, allow_revote: Boolean(a.allow_revote), show_result: a.show_result,
  vote_options: typeof a.vote_options === 'string' ? JSON.parse(a.vote_options) : a.vote_options,
});

export default async function activityRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  app.get('/activity/list', { config: { owner: true }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { type: { type: 'string', enum: ['signup', 'vote', 'show'] } } } } }, async (request) => {
    const owner = ownerOf(request);
    const { type } = request.query as { type?: string };
    let q = db.selectFrom('activity').selectAll().where('status', '=', 'online');
    if (type) q = q.where('activity_type', '=', type);
    const rows = ((await q.orderBy('start_time', 'desc').orderBy('id', 'desc').limit(500).execute()) as Row[]).filter((a) => housesIn(owner, a).length);
    return ok(rows.map((a) => { const { content: _content, ...rest } = shown(a); return rest; }));
  });

  app.get('/activity/detail', { config: { owner: true }, schema: { querystring: idQuery } }, async (request) => {
    const owner = ownerOf(request);
    const activity = await activityFor(db, owner, (request.query as { id: number }).id);
    const signups = await db.selectFrom('activity_signup').select(['id', 'house_id', 'persons', 'status', 'signed_at']).where('activity_id', '=', activity.id as number).where('customer_id', 'in', owner.houses.map((h) => h.customerId)).orderBy('id', 'desc').execute();
    await db.updateTable('activity').set((eb) => ({ read_count: eb('read_count', '+', 1) })).where('id', '=', activity.id as number).execute();
    return ok({ ...shown(activity), houses: housesIn(owner, activity).map((h) => h.houseId).filter((h) => h !== null), mySignups: signups });
  });

  app.post('/activity/signup', { config: { owner: true, rateLimit: perOwner(30, '1 minute') }, schema: { body: signupBody } }, async (request) => {
    const owner = ownerOf(request);
    const body = request.body as { activityId: number; houseId: number; persons: number; name?: string; remark?: string };
    const house = houseOf(owner, body.houseId);
    const input = { activityId: body.activityId, houseId: body.houseId, persons: body.persons, name: text(body.name, '报名人', 20, false) ?? house.name, remark: text(body.remark, '备注', 200, false) };
    const result = await db.transaction().execute((trx) => signUp(trx, owner, input, Date.now()));
    return ok(result, result.status === 'pending' ? '报名已提交，等待审核' : '报名成功');
  });

  app.post('/activity/cancel', { config: { owner: true }, schema: { body: idQuery } }, async (request) => {
    await db.transaction().execute((trx) => cancelSignup(trx, ownerOf(request), (request.body as { id: number }).id, Date.now()));
    return ok(null, '已取消报名');
  });

  app.get('/activity/mySignups', { config: { owner: true }, schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } } }, async (request) => {
    const rows = await db
      .selectFrom('activity_signup as s')
      .innerJoin('activity as a', 'a.id', 's.activity_id')
      .select(['s.id', 's.activity_id', 'a.title', 'a.start_time', 'a.location', 's.house_id', 's.persons', 's.status', 's.signed_at', 's.checkin_at'])
      .where('s.customer_id', 'in', ownerOf(request).houses.map((h) => h.customerId))
      .orderBy('s.signed_at', 'desc')
      .limit(200)
      .execute();
    return ok(rows);
  });
}
