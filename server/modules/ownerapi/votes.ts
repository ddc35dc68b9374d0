import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { badRequest, forbidden, ok } from '../../platform/http/envelope.ts';
import { countActivity, voteResults } from '../community/public.ts';
import { activityFor, housesIn } from './activities.ts';
import { ownerOf, type OwnerContext } from './context.ts';
import { idQuery, idSchema, perOwner } from './input.ts';

const DAY = 86_400_000;
/** The start of the owner's day (China time), for 每人每日投票次数. */
const dayStart = (now: number) => now - ((now + 8 * 3_600_000) % DAY);

const voteBody = {
  type: 'object',
  required: ['activityId', 'options'],
  additionalProperties: false,
  properties: { activityId: idSchema, options: { type: 'array', minItems: 1, maxItems: 30, items: { type: 'integer', minimum: 0, maximum: 29 } } },
} as const;

/**
 * A ballot, every rule of the vote on the server in one transaction: online and in the owner's
 * scope, inside the activity's time, certified owners only when it says so, distinct options
 * that exist and at most 每人最多选择, at most 每人每日投票次数 ballots a day (vote_ballot);
 * with 允许改票 a new ballot replaces the owner's earlier votes.
 * The activity row is written first, so two ballots of one owner at once are counted in turn.
 */
export async function castVote(trx: AnyDB, owner: OwnerContext, activityId: number, options: number[], now: number): Promise<void> {
  const activity = await activityFor(trx, owner, activityId);
  if (activity.activity_type !== 'vote') throw badRequest('该活动不是投票活动');
  if (activity.status !== 'online' || now >= (activity.end_time as number)) throw badRequest('投票已结束');
  if (now < (activity.start_time as number)) throw badRequest('投票尚未开始');
  const houses = housesIn(owner, activity);
  const voter = houses.find((h) => h.certified) ?? houses[0]!;
  if (activity.need_certified && !voter.certified) throw badRequest('该投票仅限认证业主参加，请先完成住户认证');
  const count = ((typeof activity.vote_options === 'string' ? JSON.parse(activity.vote_options) : activity.vote_options) ?? []) as unknown[];
  if (new Set(options).size !== options.length) throw badRequest('投票选项不能重复');
  if (options.some((o) => o >= count.length)) throw badRequest('投票选项不存在');
  if (options.length > Number(activity.max_choices)) throw badRequest(`每人最多选择 ${activity.max_choices} 项`);
  await trx.updateTable('activity').set((eb) => ({ vote_count: eb('vote_count', '+', 0) })).where('id', '=', activityId).execute();
  const customers = owner.houses.map((h) => h.customerId);
  const today = (await trx.selectFrom('vote_ballot').select('id').where('activity_id', '=', activityId).where('customer_id', 'in', customers).where('voted_at', '>=', dayStart(now)).execute()) as Row[];
  const perDay = Number(activity.votes_per_day);
  if (today.length >= perDay) throw badRequest(`今日投票次数已用完（每人每日 ${perDay} 次），请明天再来`);
  if (activity.allow_revote) await trx.deleteFrom('vote_record').where('activity_id', '=', activityId).where('customer_id', 'in', customers).execute();
  await trx.insertInto('vote_ballot').values({ activity_id: activityId, customer_id: voter.customerId, voted_at: now }).execute();
  await trx.insertInto('vote_record').values(options.map((option_index) => ({ activity_id: activityId, option_index, customer_id: voter.customerId, voted_at: now }))).execute();
  await countActivity(trx, activityId);
}

/** Whether the owner may see the tally now: 始终可见, 投票后可见 (once they voted), 活动结束后可见. */
async function resultsVisible(db: AnyDB, owner: OwnerContext, activity: Row, now: number): Promise<string | null> {
  if (activity.show_result === 'always') return null;
  if (activity.show_result === 'after_end') return activity.status === 'ended' || now >= (activity.end_time as number) ? null : '投票结果将在活动结束后公布';
  const voted = await db.selectFrom('vote_record').select('id').where('activity_id', '=', activity.id as number).where('customer_id', 'in', owner.houses.map((h) => h.customerId)).executeTakeFirst();
  return voted ? null : '投票后可查看结果';
}

export default async function voteRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  app.post('/vote/cast', { config: { owner: true, rateLimit: perOwner(30, '1 minute') }, schema: { body: voteBody } }, async (request) => {
    const { activityId, options } = request.body as { activityId: number; options: number[] };
    await db.transaction().execute((trx) => castVote(trx, ownerOf(request), activityId, options, Date.now()));
    return ok(null, '投票成功');
  });

  app.get('/vote/results', { config: { owner: true }, schema: { querystring: idQuery } }, async (request) => {
    const owner = ownerOf(request);
    const activity = await activityFor(db, owner, (request.query as { id: number }).id);
    if (activity.activity_type !== 'vote') throw badRequest('该活动不是投票活动');
    const hidden = await resultsVisible(db, owner, activity, Date.now());
    if (hidden) throw forbidden(hidden);
    const mine = await db.selectFrom('vote_record').select(['option_index', 'voted_at']).where('activity_id', '=', activity.id as number).where('customer_id', 'in', owner.houses.map((h) => h.customerId)).orderBy('voted_at').execute();
    return ok({ results: await voteResults(db, activity as { id: number; vote_options: unknown }), mine });
  });
}
