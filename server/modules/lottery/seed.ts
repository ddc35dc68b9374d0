import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';
import { ApiError } from '../../platform/http/envelope.ts';
import { draw } from './draw.ts';

/** The operations role runs the lottery in its region: campaigns, prizes, invites (picking the owner: customer:view) and redemption. */
export const LOTTERY_DEMO_GRANTS: Record<string, string[]> = {
  operations: ['customer:view', 'lottery:view', 'lottery:add', 'lottery:edit', 'lottery:delete', 'lottery:publish', 'lottery:invite', 'lottery:verify'],
  project_manager: ['lottery:view', 'lottery:verify'],
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

interface CampaignSeed {
  name: string;
  project: number;
  /** Days from now of the start; the campaign runs `days` days. */
  startIn: number;
  days: number;
  total: number;
  daily: number;
  prizes: { name: string; type: string; stock: number; rate: number; colour: string }[];
  rules: string;
}

const CAMPAIGNS: CampaignSeed[] = [
  {
    name: '中秋业主答谢大转盘',
    project: DEMO_PROJECTS.cuihu.id,
    startIn: -80,
    days: 10,
    total: 3,
    daily: 1,
    prizes: [
      { name: '广式月饼礼盒', type: 'goods', stock: 20, rate: 8, colour: '#E57373' },
      { name: '50 元物业费抵扣券', type: 'coupon', stock: 40, rate: 15, colour: '#FFB74D' },
      { name: '200 积分', type: 'points', stock: 200, rate: 30, colour: '#81C784' },
    ],
    rules: p('活动时间内，翠湖天地业主每人每天可抽奖 1 次，共 3 次。', '实物奖品请凭核销码于中奖后 30 天内到客服中心领取，逾期视为放弃。'),
  },
  {
    name: '缴费季幸运抽奖',
    project: DEMO_PROJECTS.jinxiu.id,
    startIn: -40,
    days: 14,
    total: 2,
    daily: 1,
    prizes: [
      { name: '电饭煲', type: 'goods', stock: 5, rate: 3, colour: '#BA68C8' },
      { name: '100 元物业费抵扣券', type: 'coupon', stock: 30, rate: 12, colour: '#4FC3F7' },
      { name: '洗衣液套装', type: 'goods', stock: 40, rate: 20, colour: '#AED581' },
    ],
    rules: p('按时缴纳物业费的锦绣华庭业主可参与，每人共 2 次机会，每天 1 次。', '中奖后凭核销码到管理处领取奖品。'),
  },
  {
    name: '冬至暖心大转盘',
    project: DEMO_PROJECTS.cuihu.id,
    startIn: -3,
    days: 20,
    total: 5,
    daily: 2,
    prizes: [
      { name: '速冻水饺礼包', type: 'goods', stock: 30, rate: 10, colour: '#FF8A65' },
      { name: '30 元物业费抵扣券', type: 'coupon', stock: 50, rate: 15, colour: '#FFD54F' },
      { name: '100 积分', type: 'points', stock: 500, rate: 35, colour: '#4DB6AC' },
    ],
    rules: p('冬至期间翠湖天地业主每人每天可抽奖 2 次，活动期间共 5 次。', '实物奖品请凭核销码于 30 天内到客服中心领取。'),
  },
];

/** Two finished campaigns with draws and most prizes redeemed, and one running now with its first draws. */
export async function seedLottery(ctx: SeedContext): Promise<void> {
  const db = ctx.trx;
  for (const c of CAMPAIGNS) {
    const start = ctx.now + c.startIn * DAY;
    const end = start + c.days * DAY;
    const stamps = { created_by: DEMO_STAFF.yunying, created_at: start - 5 * DAY, updated_at: start - DAY, state_at: start - DAY };
    const { id } = (await db
      .insertInto('lottery_activity')
      .values({ project_id: c.project, name: c.name, start_time: start, end_time: end, participant: 'all_owner', total_limit: c.total, day_limit: c.daily, claim_days: 30, rules: c.rules, status: 'online', published_at: start - DAY, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    for (const [sort, prize] of c.prizes.entries())
      await db.insertInto('lottery_prize').values({ project_id: c.project, activity_id: id, name: prize.name, prize_type: prize.type, stock: prize.stock, surplus: prize.stock, rate: prize.rate, colour: prize.colour, sort, created_by: stamps.created_by, created_at: stamps.created_at, updated_at: stamps.updated_at }).execute();
    await seedDraws(db, ctx, { id, project: c.project, start, end, days: Math.min(c.days, -c.startIn), daily: c.daily });
    if (end < ctx.now) await db.updateTable('lottery_activity').set({ status: 'ended', state_at: end }).where('id', '=', id).execute();
  }
}

/** Owners of the project draw on some of the days so far; winners of a finished day mostly redeem within a week. */
async function seedDraws(db: AnyDB, ctx: SeedContext, a: { id: number; project: number; start: number; end: number; days: number; daily: number }) {
  const owners = (await db.selectFrom('customer').select(['id', 'name', 'mobile']).where('project_id', '=', a.project).where('house_id', 'is not', null).orderBy('id').limit(60).execute()) as { id: number; name: string; mobile: string }[];
  // Each owner drew through their invite (signed at start: signSeededInvites).
  const invites = new Map<number, number>();
  for (const o of owners) {
    const sent = a.start - DAY;
    const { id } = (await db
      .insertInto('lottery_invite')
      .values({ project_id: a.project, activity_id: a.id, customer_id: o.id, name: o.name, mobile: o.mobile, expires_at: Math.max(a.end, sent + DAY), created_by: DEMO_STAFF.yunying, created_at: sent, updated_at: sent })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    invites.set(o.id, id);
  }
  for (let day = 0; day < a.days; day++) {
    for (const owner of owners) {
      if (ctx.rnd() > 0.35) continue;
      for (let n = 0; n < a.daily; n++) {
        const at = a.start + day * DAY + (9 + Math.floor(ctx.rnd() * 12)) * HOUR + n * 600_000;
        if (at >= ctx.now) continue;
        const drawn = await draw(db, { inviteId: invites.get(owner.id)!, activityId: a.id, customerId: owner.id }, at, Math.floor(ctx.rnd() * 10_000)).catch((e: unknown) => {
          // An owner past the campaign's total limit simply draws no more.
          if (e instanceof ApiError) return null;
          throw e;
        });
        if (!drawn?.prizeId) continue;
        const verifiedAt = at + Math.floor(1 + ctx.rnd() * 7) * DAY;
        if (verifiedAt < ctx.now && ctx.rnd() < 0.8)
          await db.updateTable('lottery_record').set({ status: 'verified', verified_by: DEMO_STAFF.yunying, verified_at: verifiedAt, state_at: verifiedAt }).where('id', '=', drawn.record.id as number).execute();
        else if ((drawn.record.expires_at as number) < ctx.now) await db.updateTable('lottery_record').set({ status: 'expired', state_at: drawn.record.expires_at as number }).where('id', '=', drawn.record.id as number).execute();
      }
    }
  }
}
