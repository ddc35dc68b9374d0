import type { SeedContext } from '../../engine/module.ts';
import { orgDemo } from '../org/public.ts';
import { fen, yuan } from './money.ts';
import { computeFromSources, poolFen, refreshPool } from './pools.ts';
import { writeCommissionLogs } from './logs.ts';

/** The office runs the platform; project managers propose their project's distributions; every staff member sees their own log. */
export const COMMISSION_DEMO_GRANTS: Record<string, string[]> = {
  office: ['commissionRule:view', 'commissionRule:add', 'commissionRule:edit', 'commissionRule:delete', 'commissionPool:view', 'commissionPool:add', 'commissionPool:edit', 'commissionPool:delete', 'commissionPool:lock', 'commissionPool:export', 'distribution:view', 'distribution:add', 'distribution:edit', 'distribution:delete', 'distribution:submit', 'distribution:pay', 'distribution:export', 'distribution:link', 'commissionLog:view', 'commissionLog:all', 'report-commission:view', 'report-commission:export'],
  project_manager: ['commissionRule:view', 'commissionPool:view', 'distribution:view', 'distribution:add', 'distribution:edit', 'distribution:submit', 'distribution:link', 'commissionLog:view', 'commissionLog:all'],
  technician: ['commissionLog:view'],
  customer_service: ['commissionLog:view'],
};

const DAY = 24 * 3600_000;
const REASONS = ['上门维修提成', '家政订单转介绍', '客户满意度高，额外奖励', '节假日值班接单', '疑难维修攻关'];
/** Manually entered incomes (元) of the business types without source orders in the product yet. */
const OTHER: [biz: string, rate: number, base: number][] = [['parking', 3, 180000], ['rental', 2, 240000]];

/**
 * The rules in force: company-wide rates for paid repairs and a fixed sum per home-service
 * order, and 翠湖天地's own higher repair rate from two months ago (its older pools were
 * computed at the company rate, its newer ones at its own).
 */
async function seedRules(ctx: SeedContext, cuihu: number, cuihuName: string, by: number): Promise<void> {
  const now = new Date(ctx.now);
  const since = new Date(now.getFullYear() - 2, 0, 1).getTime();
  const twoMonthsAgo = new Date(now.getFullYear(), now.getMonth() - 2, 1).getTime();
  const rules = [
    { name: '有偿维修标准提成', biz_type: 'repair_paid', scope_project_id: null, scope_label: '全部项目', mode: 'rate', rate: 8, fixed_amount: null, effective_from: since, effective_to: null, remark: '按工单收费金额提成' },
    { name: `${cuihuName}维修激励`, biz_type: 'repair_paid', scope_project_id: cuihu, scope_label: cuihuName, mode: 'rate', rate: 12, fixed_amount: null, effective_from: twoMonthsAgo, effective_to: null, remark: '项目试点：提高有偿维修提成，鼓励技师主动推荐' },
    { name: '家政服务每单提成', biz_type: 'home_service', scope_project_id: null, scope_label: '全部项目', mode: 'fixed', rate: null, fixed_amount: 15, effective_from: since, effective_to: null, remark: '每完成一单有偿家政服务计 15 元' },
  ];
  for (const r of rules) await ctx.trx.insertInto('commission_rule').values({ ...r, created_by: by, created_at: r.effective_from, updated_at: r.effective_from }).execute();
}

/** Five months of pools per project; the older ones distributed and paid, last month's in OA approval, this month's still collecting. */
export async function seedCommission(ctx: SeedContext): Promise<void> {
  const { trx, now, rnd, pick } = ctx;
  const { projectIds } = orgDemo(ctx);
  const applicant = (await trx.selectFrom('staff').select('id').where('account', '=', 'xingzheng').executeTakeFirstOrThrow()).id as number;
  let seq = 0;
  const BIZ: Record<string, string> = { repair_paid: '有偿维修', home_service: '家政服务', parking: '车位销售', rental: '房屋租售' };
  const first = projectIds[0]!;
  await seedRules(ctx, first, (await trx.selectFrom('org').select('name').where('id', '=', first).executeTakeFirstOrThrow()).name as string, applicant);
  for (const projectId of projectIds) {
    const projectName = (await trx.selectFrom('org').select('name').where('id', '=', projectId).executeTakeFirstOrThrow()).name as string;
    const staff = (await trx.selectFrom('staff').innerJoin('org', 'org.id', 'staff.org_id').select('staff.id').where((eb) => eb.or([eb('org.id', '=', projectId), eb('org.parent_id', '=', projectId)])).orderBy('staff.id').execute()).map((s) => s.id as number);
    for (let back = 4; back >= 0; back--) {
      const month = new Date(new Date(now).getFullYear(), new Date(now).getMonth() - back, 1);
      const period = `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
      const at = month.getTime() + 32 * DAY;
      const pools: Record<string, unknown>[] = [];
      for (const biz of ['repair_paid', 'home_service']) {
        const c = await computeFromSources(trx, projectId, period, biz);
        if (c.poolFen) pools.push({ biz_type: biz, income_amount: yuan(c.incomeFen), rate: null, pool_amount: yuan(c.poolFen), orders_count: c.orders, rule_basis: JSON.stringify(c.basis), computed_at: at });
      }
      for (const [biz, rate, base] of OTHER) {
        const income = fen(Math.round(base * (0.7 + rnd() * 0.6)));
        pools.push({ biz_type: biz, income_amount: yuan(income), rate, pool_amount: yuan(poolFen(yuan(income), rate)), orders_count: null, rule_basis: null, computed_at: null });
      }
      for (const p of pools) {
        const biz = p.biz_type as string;
        const amount = fen(p.pool_amount);
        const status = back === 0 ? 'open' : back === 1 ? 'locked' : 'closed';
        const { id: poolId } = await trx.insertInto('commission_pool').values({ ...p, project_id: projectId, title: `${projectName} ${period} ${BIZ[biz]}`, period, distributed_amount: 0, balance: yuan(amount), remark: null, status, state_at: at, created_by: applicant, created_at: month.getTime() + 2 * DAY, updated_at: at }).returning('id').executeTakeFirstOrThrow();
        if (back === 0 || amount < 100) continue;
        // Most of the pool goes to three to five staff, in whole fen adding up exactly.
        const people = [...new Set(Array.from({ length: 3 + Math.floor(rnd() * 3) }, () => pick(staff)))];
        const total = Math.round(amount * (0.6 + rnd() * 0.35));
        const weights = people.map(() => 1 + rnd() * 3);
        const sum = weights.reduce((a, b) => a + b, 0);
        const shares = weights.map((w) => Math.floor((total * w) / sum));
        shares[0]! += total - shares.reduce((a, b) => a + b, 0);
        const lines = people.map((staffId, i) => ({ staff_id: staffId, amount: yuan(shares[i]!), reason: pick(REASONS) }));
        const names = new Map((await trx.selectFrom('staff').select(['id', 'name']).where('id', 'in', people).execute()).map((s) => [s.id, s.name]));
        const state = back >= 2 ? 'paid' : rnd() < 0.5 ? 'approving' : 'approved';
        const code = `FP${period.replace('-', '')}${String(++seq).padStart(4, '0')}`;
        const row = {
          project_id: projectId, code, pool_id: poolId, title: `${period} ${BIZ[biz]}佣金分配`, amount: yuan(total),
          lines: JSON.stringify(lines.map((l) => ({ ...l, staff_name: names.get(l.staff_id) }))), headcount: lines.length, applicant_id: applicant, oa_process_no: `OA${period.replace('-', '')}${String(seq).padStart(6, '0')}`,
          submitted_at: at + DAY, decided_at: state === 'approving' ? null : at + 3 * DAY, oa_comment: state === 'approving' ? null : '同意发放', paid_at: state === 'paid' ? at + 5 * DAY : null,
          status: state, state_at: at + 5 * DAY, created_by: applicant, created_at: at, updated_at: at + 5 * DAY,
        };
        const { id } = await trx.insertInto('commission_distribution').values(row).returning('id').executeTakeFirstOrThrow();
        if (state === 'paid') await writeCommissionLogs(trx, { ...row, id }, at + 5 * DAY);
        await refreshPool(trx, poolId as number);
      }
    }
  }
}
