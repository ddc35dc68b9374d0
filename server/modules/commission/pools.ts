import type { AnyDB } from '../../engine/hooks.ts';
import { fen, yuan } from './money.ts';
import { SOURCE_KINDS, loadRules, orderCommissionFen, pickRule } from './rules.ts';

/** Distributions that hold part of a pool: all but the rejected ones (a withdrawn one is a draft again and still holds its amount). */
export const HOLDING = ['draft', 'approving', 'approved', 'paid'];

/** The pool's amount from its income and rate, in fen. */
export const poolFen = (income: unknown, rate: unknown): number => Math.round((fen(income) * Number(rate ?? 0)) / 100);

/** Fen of the pool held by its distributions, leaving one out (the one being saved). */
export async function heldFen(trx: AnyDB, poolId: number, except: number | null): Promise<number> {
  let q = trx.selectFrom('commission_distribution').select(['amount']).where('pool_id', '=', poolId).where('status', 'in', HOLDING);
  if (except !== null) q = q.where('id', '!=', except);
  return (await q.execute()).reduce((sum, r) => sum + fen(r.amount), 0);
}

/** Writes the pool's distributed amount and balance from its distributions (after any change to them). */
export async function refreshPool(trx: AnyDB, poolId: number): Promise<void> {
  const pool = await trx.selectFrom('commission_pool').select(['pool_amount']).where('id', '=', poolId).executeTakeFirst();
  if (!pool) return;
  const held = await heldFen(trx, poolId, null);
  await trx.updateTable('commission_pool').set({ distributed_amount: yuan(held), balance: yuan(fen(pool.pool_amount) - held) }).where('id', '=', poolId).execute();
}

const monthRange = (period: string): [number, number] => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return [new Date(y, m - 1, 1).getTime(), new Date(y, m, 1).getTime()];
};

/** What a source order charged, in fen: its priced fee items, or for an order priced before the price list, its chargeable materials. */
function chargeFen(order: { amount: unknown; materials: unknown }): number {
  if (order.amount !== null && order.amount !== undefined) return fen(order.amount);
  const items = (typeof order.materials === 'string' ? JSON.parse(order.materials) : order.materials) as { quantity: number; price?: number | null }[] | null;
  return (items ?? []).reduce((sum, item) => sum + Math.round(fen(item.price) * Number(item.quantity ?? 0)), 0);
}

/** One rule's share of a computed pool, kept on the pool so a locked pool still shows what it was computed with. */
export interface BasisLine {
  rule_id: number | null;
  rule: string;
  orders: number;
  income: number;
  commission: number;
}

export interface Computed {
  incomeFen: number;
  poolFen: number;
  orders: number;
  basis: BasisLine[];
}

/**
 * A source-order pool: the project's work orders of the business type's kind finished in the
 * period with a charge; each is priced by the rule in force on the day it finished (the
 * project's own over the company-wide one). Orders no rule covers count in the income only.
 */
export async function computeFromSources(trx: AnyDB, projectId: number, period: string, bizType: string): Promise<Computed> {
  const [from, to] = monthRange(period);
  const orders = await trx.selectFrom('work_order').select(['amount', 'materials', 'finished_at']).where('project_id', '=', projectId).where('kind', '=', SOURCE_KINDS[bizType]!).where('status', 'in', ['finished', 'closed']).where('finished_at', '>=', from).where('finished_at', '<', to).execute();
  const rules = await loadRules(trx, bizType);
  const basis = new Map<number | null, BasisLine>();
  let [incomeFen, poolFenTotal, count] = [0, 0, 0];
  for (const order of orders) {
    const charge = chargeFen(order);
    if (charge <= 0) continue;
    const rule = pickRule(rules, projectId, Number(order.finished_at));
    const commission = rule ? orderCommissionFen(rule, charge) : 0;
    [incomeFen, poolFenTotal, count] = [incomeFen + charge, poolFenTotal + commission, count + 1];
    const line = basis.get(rule?.id ?? null) ?? { rule_id: rule?.id ?? null, rule: rule?.name ?? '无适用规则', orders: 0, income: 0, commission: 0 };
    basis.set(rule?.id ?? null, { ...line, orders: line.orders + 1, income: line.income + charge, commission: line.commission + commission });
  }
  return { incomeFen, poolFen: poolFenTotal, orders: count, basis: [...basis.values()].map((b) => ({ ...b, income: yuan(b.income), commission: yuan(b.commission) })) };
}
