import type { AnyDB } from '../../engine/hooks.ts';
import { fen, yuan } from './money.ts';

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

/**
 * The income of a paid-repair pool: the chargeable materials (quantity × price) of the project's
 * work orders finished in the period. Other business types have no source orders in the product
 * yet; their income is entered.
 */
export async function repairIncomeFen(trx: AnyDB, projectId: number, period: string): Promise<number> {
  const [from, to] = monthRange(period);
  const orders = await trx.selectFrom('work_order').select(['materials']).where('project_id', '=', projectId).where('status', 'in', ['finished', 'closed']).where('finished_at', '>=', from).where('finished_at', '<', to).execute();
  let total = 0;
  for (const { materials } of orders) {
    const items = (typeof materials === 'string' ? JSON.parse(materials) : materials) as { quantity: number; price?: number | null }[] | null;
    for (const item of items ?? []) total += Math.round(fen(item.price) * Number(item.quantity ?? 0));
  }
  return total;
}
