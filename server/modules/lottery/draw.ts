import { randomInt } from 'node:crypto';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { ApiError, badRequest } from '../../platform/http/envelope.ts';
import { lockedRows } from '../../platform/db/dialect.ts';

/** The public wheel's route; its links are signed for it, and /lotterydetail reads the same link. */
export const WHEEL_ROUTE = '/lottery';
const DAY = 86_400_000;
/** Letters and digits that cannot be misread on a phone screen (no 0/O, 1/I). */
const CODE_CHARS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The participant a genuine invite names. */
export interface Participant {
  inviteId: number;
  activityId: number;
  customerId: number;
}

export const verifyCode = (): string => Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

/** Midnight (China time) of the day `at` falls in: the per-day limit counts from then. */
export const chinaDayStart = (at: number): number => at - ((at + 8 * 3_600_000) % DAY);

/** The activity's prizes in wheel order (the sectors clockwise). */
export const prizesOf = (db: AnyDB, activityId: number) =>
  db.selectFrom('lottery_prize').select(['id', 'name', 'prize_type', 'colour', 'rate', 'surplus']).where('activity_id', '=', activityId).orderBy('sort').orderBy('id').execute() as Promise<Row[]>;

/** How many draws the participant has left in total and today. */
export async function remainingDraws(db: AnyDB, activity: Row, customerId: number, now: number): Promise<{ total: number; today: number }> {
  const count = (since: number) =>
    db.selectFrom('lottery_record').select((eb) => eb.fn.countAll<number>().as('n')).where('activity_id', '=', activity.id as number).where('customer_id', '=', customerId).where('drawn_at', '>=', since).executeTakeFirstOrThrow();
  const [all, today] = await Promise.all([count(0), count(chinaDayStart(now))]);
  const total = Math.max(0, (activity.total_limit as number) - Number(all.n));
  return { total, today: Math.min(total, Math.max(0, (activity.day_limit as number) - Number(today.n))) };
}

/** Picks by rate: a number in [0, 10000) falls in one prize's slice of hundredths of a percent, or past them all (谢谢参与). */
export function pickByRate(prizes: Row[], roll: number): Row | undefined {
  let edge = 0;
  for (const prize of prizes) {
    edge += Math.round(Number(prize.rate) * 100);
    if (roll < edge) return prize;
  }
  return undefined;
}

/**
 * One draw, inside the caller's transaction: the activity must be running and the participant
 * within both limits; the prize is picked by rate, and its stock taken by a conditional update
 * (surplus > 0), so two draws for the last piece cannot both win it. A prize out of stock is 谢谢参与.
 */
export async function draw(trx: AnyDB, who: Participant, now: number, roll = randomInt(10_000)): Promise<{ record: Row; prizeId: number | null }> {
  const activity = (await trx.selectFrom('lottery_activity').selectAll().where('id', '=', who.activityId).executeTakeFirst()) as Row | undefined;
  if (!activity || activity.status === 'draft') throw badRequest('抽奖活动尚未发布');
  if (activity.status !== 'online' || now >= (activity.end_time as number)) throw badRequest('抽奖活动已结束');
  if (now < (activity.start_time as number)) throw badRequest('抽奖活动尚未开始，请在活动时间内参与');
  // One owner's draws take turns (their row locked until the draw commits), so two taps at once cannot both use the last draw.
  await lockedRows(trx.selectFrom('customer').select('id').where('id', '=', who.customerId)).executeTakeFirst();
  const left = await remainingDraws(trx, activity, who.customerId, now);
  if (left.total <= 0) throw new ApiError(409, `您的抽奖次数已用完（每人共 ${activity.total_limit as number} 次）`);
  if (left.today <= 0) throw new ApiError(409, `今日抽奖次数已用完（每人每日 ${activity.day_limit as number} 次），明天再来吧`);

  const customer = (await trx.selectFrom('customer').select(['name', 'mobile', 'house_id']).where('id', '=', who.customerId).executeTakeFirstOrThrow()) as Row;
  const picked = pickByRate(await prizesOf(trx, who.activityId), roll);
  let prizeId: number | null = null;
  if (picked) {
    const taken = await trx.updateTable('lottery_prize').set((eb) => ({ surplus: eb('surplus', '-', 1) })).where('id', '=', picked.id as number).where('surplus', '>', 0).executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) prizeId = picked.id as number;
  }
  const win = prizeId !== null;
  const values = {
    project_id: activity.project_id,
    activity_id: who.activityId,
    prize_id: prizeId,
    customer_id: who.customerId,
    house_id: customer.house_id,
    name: customer.name,
    mobile: customer.mobile,
    drawn_at: now,
    result: win ? 'win' : 'lose',
    verify_code: win ? verifyCode() : null,
    expires_at: win ? now + (activity.claim_days as number) * DAY : null,
    status: win ? 'unclaimed' : 'none',
    state_at: now,
    created_at: now,
    updated_at: now,
  };
  const { id } = (await trx.insertInto('lottery_record').values(values).returning('id').executeTakeFirstOrThrow()) as { id: number };
  return { record: { id, ...values }, prizeId };
}
