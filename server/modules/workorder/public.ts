import { badRequest } from '../../platform/http/envelope.ts';
import type { AnyDB, HookContext, Row } from '../../engine/hooks.ts';
import { dictItems } from '../../engine/resources/values.ts';
import type { StaffContext } from '../../platform/types.ts';
import { completeOrder, nextCode } from './intake.ts';
import { deadlinesFrom } from './sla.ts';
import { checkIntake, receiveOrder } from './intakeRules.ts';

/** What another module hands the work-order intake: an order's content, where it came from. */
export interface OrderIntake {
  project_id: number;
  /** A value of the work_order_kind dictionary (repair, complaint, emergency...). */
  kind: string;
  title: string;
  content: string;
  source: 'staff' | 'patrol' | '400' | 'owner_app';
  priority: 'urgent' | 'high' | 'normal' | 'low';
  address?: string | null;
  house_id?: number | null;
  photos?: string[];
  /** Where the order came from, as its first timeline note and the dispatchers' notice (e.g. "由事件 EV… 转入"). */
  origin: string;
  /** When it came in; default now (a demo seed dates its history). */
  at?: number;
}

/**
 * The work-order intake for other modules (an event converted, a call-back's complaint): the same
 * checks and completion as an order added on its screen (kind, house, place), its code, its SLA
 * deadlines, the timeline's first step and the dispatchers' notice (none without an app: a seed
 * tells no one), in the caller's transaction.
 */
export async function intakeWorkOrder(app: HookContext['app'] | null, trx: AnyDB, staff: StaffContext, input: OrderIntake): Promise<{ id: number; code: string }> {
  if (!(await dictItems(trx, 'work_order_kind')).some((i) => i.value === input.kind)) throw badRequest('工单类型不存在，请重新选择');
  const now = input.at ?? Date.now();
  const values: Row = {
    project_id: input.project_id,
    kind: input.kind,
    title: input.title,
    content: input.content,
    source: input.source,
    priority: input.priority,
    address: input.address ?? null,
    house_id: input.house_id ?? null,
    photos: JSON.stringify(input.photos ?? []),
  };
  await completeOrder(trx, values, null);
  await checkIntake(app, trx, values);
  const code = await nextCode(trx, now);
  const order = { ...values, code, status: 'pending', state_at: now, created_by: staff.id || null, created_at: now, updated_at: now };
  const inserted = (await trx
    .insertInto('work_order')
    .values({ ...order, ...(await deadlinesFrom(trx, order, now)) })
    .returning('id')
    .executeTakeFirstOrThrow()) as { id: number };
  await trx
    .insertInto('resource_timeline')
    .values({ resource: 'work_order', record_id: inserted.id, action: 'create', from_state: null, to_state: 'pending', note: input.origin, staff_id: staff.id || null, staff_name: staff.name, at: now })
    .execute();
  // Limits tightened by the project's parameters, and the area's handler, as for an order added on its screen (none for a seed).
  if (app) await receiveOrder(app, trx, { ...order, id: inserted.id }, now, input.origin);
  return { id: inserted.id, code };
}

/** An order's charges priced from the repair price list (the add form, the handling step and seeds use the same function). */
export { feeColumns, priceFees, PAID_KINDS, type FeeLine } from './fees.ts';

/** Rules later modules add to every new order (parameters, the area's handler): registered with the app at start. */
export { addIntakeRules, type IntakeRules } from './intakeRules.ts';
