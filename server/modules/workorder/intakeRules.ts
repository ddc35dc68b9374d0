import type { AnyDB, HookContext, Row } from '../../engine/hooks.ts';
import { isProcessorAt, staffWithButton, typeProcessorsAt } from '../org/public.ts';
import { named, notifyOrder, NOTICE, type OrderRef } from './notify.ts';
import { deadlinesFrom } from './sla.ts';

type App = HookContext['app'];

/**
 * What a module further down the list adds to the intake of every new order, whatever the
 * channel (the add screens, an event converted, a draft submitted): the project's parameters
 * (siteconfig: whether online or paid repair is open, the response limit) and the service
 * area's default handler (servicearea). Those modules come after this one, so they register
 * their rules with the app at start (their module's `background`) instead of being imported.
 */
export interface IntakeRules {
  /** Refuses an order about to be written, with a Chinese message (the order's columns as they would be stored). */
  check?(trx: AnyDB, order: Row): Promise<void>;
  /** A response limit in minutes for the order, when one applies; the stricter of it and the service type's is kept. */
  responseMinutes?(trx: AnyDB, order: Row): Promise<number | null>;
  /** Whom the order goes to at once, and why (written to the timeline and the notice). */
  handler?(trx: AnyDB, order: Row): Promise<{ staffId: number; reason: string } | null>;
}

// Keyed by the app's database: hooks get a plugin's encapsulated instance of the app, which shares it.
const registered = new WeakMap<object, IntakeRules[]>();

/** Adds a module's rules to an app's intake (once, however often it is called). */
export function addIntakeRules(app: App, rules: IntakeRules): void {
  const list = registered.get(app.db) ?? [];
  if (!list.includes(rules)) list.push(rules);
  registered.set(app.db, list);
}

const rulesOf = (app: App | null): IntakeRules[] => (app ? (registered.get(app.db) ?? []) : []);

/** Every registered check of a new or changed order. */
export async function checkIntake(app: App | null, trx: AnyDB, order: Row): Promise<void> {
  for (const r of rulesOf(app)) await r.check?.(trx, order);
}

/** The order's limits from its service type, the response limit tightened by any rule's. */
export async function intakeDeadlines(app: App | null, trx: AnyDB, order: Row, start: number): Promise<{ response_due_at: number; finish_due_at: number }> {
  const due = await deadlinesFrom(trx, order, start);
  for (const r of rulesOf(app)) {
    const minutes = await r.responseMinutes?.(trx, order);
    if (minutes && minutes > 0) due.response_due_at = Math.min(due.response_due_at, start + minutes * 60_000);
  }
  return due;
}

/**
 * A new order entering the queue (created, submitted from a draft, handed over by another
 * module): its limits, then the first rule's handler who may handle orders at the project gets
 * it at once (派单 by 系统, on the timeline, told to accept), else the dispatchers are told.
 */
export async function receiveOrder(app: App, trx: AnyDB, order: Row, start: number, origin?: string): Promise<void> {
  const due = await intakeDeadlines(app, trx, order, start);
  await trx.updateTable('work_order').set({ ...due, sla_state: 'normal' }).where('id', '=', order.id).execute();
  for (const r of rulesOf(app)) {
    const handler = await r.handler?.(trx, order);
    if (!handler || !(await isProcessorAt(trx, Number(order.project_id), handler.staffId))) continue;
    const now = Date.now();
    const moved = await trx.updateTable('work_order').set({ status: 'dispatched', processor_id: handler.staffId, given_at: now, state_at: now, updated_at: now }).where('id', '=', order.id).where('status', '=', 'pending').executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return;
    await trx.insertInto('resource_timeline').values({ resource: 'work_order', record_id: order.id, action: 'giveOut', from_state: 'pending', to_state: 'dispatched', note: handler.reason, staff_id: null, staff_name: '系统', at: now }).execute();
    await notifyOrder(app, trx, order as unknown as OrderRef, [handler.staffId], { category: '1', type: NOTICE.handle, content: `${named(order as unknown as OrderRef)}已派给您（${handler.reason}），请在 30 分钟内接单（${String(order.address ?? '')}）` });
    return;
  }
  await announceNew(app, trx, order, origin);
}

/**
 * A new order waiting for dispatch: the project's dispatchers are told where it is and, when
 * its service type names processors who work there, whom to give it to.
 */
export async function announceNew(app: HookContext['app'], trx: AnyDB, order: Row, origin?: string): Promise<void> {
  const ref = order as unknown as OrderRef;
  const suggested = order.service_type_id ? await typeProcessorsAt(trx, Number(order.service_type_id), Number(order.project_id)) : [];
  const where = [order.address, origin].filter(Boolean).join('，');
  const advice = suggested.length ? `，建议派给：${suggested.map((p) => p.name).join('、')}` : '';
  await notifyOrder(app, trx, ref, (await staffWithButton(trx, Number(order.project_id), ['workorder:giveOut'])).map((p) => p.id), { category: '1', type: NOTICE.handle, content: `新${named(ref)}待派单（${where}）${advice}` });
}
