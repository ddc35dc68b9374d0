import type { AnyDB, Row } from '../../engine/hooks.ts';
import { fen, yuan } from './money.ts';

/** Paying a distribution settles one commission log row per line, with each staff member's running total. */
export async function writeCommissionLogs(trx: AnyDB, distribution: Row, now = Date.now()): Promise<void> {
  const pool = await trx.selectFrom('commission_pool').select(['biz_type', 'period']).where('id', '=', distribution.pool_id as number).executeTakeFirstOrThrow();
  const lines = (typeof distribution.lines === 'string' ? JSON.parse(distribution.lines) : distribution.lines) as { staff_id: number; amount: number; reason?: string | null }[];
  for (const line of lines) {
    const last = await trx.selectFrom('commission_log').select('balance_after').where('staff_id', '=', line.staff_id).where('status', '=', 'settled').orderBy('id', 'desc').executeTakeFirst();
    const balance = fen(last?.balance_after) + fen(line.amount);
    await trx
      .insertInto('commission_log')
      .values({ project_id: distribution.project_id, staff_id: line.staff_id, biz_type: pool.biz_type, distribution_id: distribution.id, period: pool.period, title: `${distribution.title}${line.reason ? `（${line.reason}）` : ''}`.slice(0, 100), amount: line.amount, balance_after: yuan(balance), status: 'settled', created_by: null, created_at: now, updated_at: now })
      .execute();
  }
}
