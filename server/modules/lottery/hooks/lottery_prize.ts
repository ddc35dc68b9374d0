import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest, notFound } from '../../../platform/http/envelope.ts';

/** Rates are kept to two decimals; summing in hundredths avoids 33.33 + 66.67 ≠ 100. */
const hundredths = (rate: unknown) => Math.round(Number(rate ?? 0) * 100);

/**
 * Prizes: one activity's rates sum to at most 100 % (the rest is 谢谢参与), a prize belongs to its
 * activity's project, and the remaining stock follows the total: raising the stock adds to it,
 * lowering it is refused below what has already been drawn.
 */
export const lotteryPrizeHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const activityId = (values.activity_id ?? current?.activity_id) as number;
    if (current && values.activity_id !== undefined && values.activity_id !== current.activity_id) throw badRequest('不能把奖品移到其他活动');
    const activity = (await trx.selectFrom('lottery_activity').select(['project_id', 'status']).where('id', '=', activityId).executeTakeFirst()) as Row | undefined;
    if (!activity) throw notFound('抽奖活动不存在');
    if ((values.project_id ?? current?.project_id) !== activity.project_id) throw badRequest('奖品须与抽奖活动属于同一项目');
    if (activity.status === 'ended' || activity.status === 'offline') throw badRequest('已结束或已下线的抽奖活动不能修改奖品');

    const others = await trx.selectFrom('lottery_prize').select('rate').where('activity_id', '=', activityId).where('id', '!=', id ?? 0).execute();
    const otherTotal = others.reduce((n, p) => n + hundredths(p.rate), 0);
    const rate = hundredths(values.rate ?? current?.rate);
    if (otherTotal + rate > 10_000) throw badRequest(`各奖品中奖概率之和不能超过 100%，其他奖品已占 ${otherTotal / 100}%，本奖品最多 ${(10_000 - otherTotal) / 100}%`);

    if (!current) values.surplus = values.stock;
    else if (values.stock !== undefined) {
      const drawn = (current.stock as number) - (current.surplus as number);
      if ((values.stock as number) < drawn) throw badRequest(`库存总数不能少于已抽出的数量（已抽出 ${drawn} 件）`);
      values.surplus = (values.stock as number) - drawn;
    }
  },
};
