import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { badRequest } from '../../platform/http/envelope.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { dayRange } from '../../engine/resources/query.ts';
import type { StaffContext } from '../../platform/types.ts';
import { postsOf } from '../org/public.ts';
import { FINISH_STATES } from './sla.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EB = ExpressionBuilder<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * A work order's own people besides its project's staff: whoever created it, its processor,
 * and, while it waits in the seize pool, the members of the post it was given to. This is what
 * the data scope "own records" means for work orders (a technician's scope).
 */
export async function ownOrders(db: AnyDB, staff: StaffContext): Promise<(eb: EB) => Expression<SqlBool>> {
  const posts = await postsOf(db, staff.id);
  return (eb) =>
    eb.or([
      eb('work_order.created_by', '=', staff.id),
      eb('work_order.processor_id', '=', staff.id),
      ...(posts.length ? [eb.and([eb('work_order.status', '=', 'pool'), eb('work_order.post_id', 'in', posts)])] : []),
    ]);
}

/** The lists of the work-order screens, chosen by a page's fixed filter `view`. */
const VIEWS = ['all', 'mine', 'pool', 'drafts', 'hangUp', 'improper', 'late'] as const;

/**
 * The work order lists' own filters: `view` (all orders but drafts, my orders, the seize pool
 * of my posts, my drafts, the suspension and abnormal-closure applications) and `created_at`
 * (the day range the order was reported in).
 */
export async function orderListFilter(db: AnyDB, staff: StaffContext, query: AnySelect, filters: Row): Promise<AnySelect> {
  let q = query;
  const view = filters.view;
  if (view !== undefined && !VIEWS.includes(view as never)) throw badRequest('工单列表视图不正确');
  if (view === 'all') q = q.where('work_order.status', '!=', 'draft');
  if (view === 'mine') q = q.where('work_order.processor_id', '=', staff.id);
  if (view === 'drafts') q = q.where('work_order.status', '=', 'draft').where('work_order.created_by', '=', staff.id);
  if (view === 'hangUp') q = q.where('work_order.hang_reason', 'is not', null);
  if (view === 'improper') q = q.where('work_order.improper_reason', 'is not', null);
  // Past a deadline and not yet done (the warning rules' screen): open, flagged late by the sweep.
  if (view === 'late') q = q.where('work_order.sla_state', '=', 'overdue').where('work_order.status', 'in', FINISH_STATES);
  if (view === 'pool') {
    const posts = await postsOf(db, staff.id);
    q = q.where('work_order.status', '=', 'pool').where((eb) => (posts.length ? eb('work_order.post_id', 'in', posts) : sql<SqlBool>`1 = 0`));
  }
  if (Array.isArray(filters.created_at)) {
    const [from, to] = dayRange(filters.created_at);
    if (from !== null) q = q.where('work_order.created_at', '>=', from);
    if (to !== null) q = q.where('work_order.created_at', '<=', to);
  }
  return q;
}
