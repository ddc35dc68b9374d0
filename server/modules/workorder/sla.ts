import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { formatTime } from '../../../src/shared/format.ts';
import { named, notifyOrder, NOTICE, type OrderRef } from './notify.ts';
import { postMembers, staffWithButton, type Person } from '../org/public.ts';

/**
 * Service levels (SLA): each order must be responded to (accepted or seized) and handled within
 * the limits of its service type, or of its priority when it has none. Warning rules of the
 * order's project say how long before a limit to warn, and whom; the sweep below runs with the
 * workflow timers every minute (tests run it with their own clock).
 */

/** States in which the response clock runs (nobody has taken the order yet). */
export const RESPONSE_STATES = ['pending', 'pool', 'dispatched'];
/** States in which the finish clock runs; it stops while the order is suspended. */
export const FINISH_STATES = ['pending', 'pool', 'dispatched', 'processing', 'hangup_pending', 'improper_pending'];
/** Every state of an order that is still open. */
export const OPEN_STATES = [...FINISH_STATES, 'suspended'];

/** Limits of an order without a service type, by priority: response in minutes, handling in hours. */
export const PRIORITY_SLA: Record<string, { responseMinutes: number; workHours: number }> = {
  urgent: { responseMinutes: 15, workHours: 4 },
  high: { responseMinutes: 30, workHours: 12 },
  normal: { responseMinutes: 60, workHours: 24 },
  low: { responseMinutes: 120, workHours: 48 },
};

/** The limits of an order: its service type's (a type without them takes its category's), else its priority's. */
export async function slaOf(db: AnyDB, order: { service_type_id?: unknown; priority?: unknown }): Promise<{ responseMinutes: number; workHours: number }> {
  const fallback = PRIORITY_SLA[String(order.priority)] ?? PRIORITY_SLA.normal!;
  if (!order.service_type_id) return fallback;
  const type = (await db.selectFrom('service_type').select(['parent_id', 'work_hours', 'response_minutes']).where('id', '=', order.service_type_id).executeTakeFirst()) as Row | undefined;
  if (!type) return fallback;
  const parent = type.parent_id
    ? ((await db.selectFrom('service_type').select(['work_hours', 'response_minutes']).where('id', '=', type.parent_id).executeTakeFirst()) as Row | undefined)
    : undefined;
  return {
    responseMinutes: Number(type.response_minutes ?? parent?.response_minutes ?? fallback.responseMinutes),
    workHours: Number(type.work_hours ?? parent?.work_hours ?? fallback.workHours),
  };
}

/** The limits counted from `start` (submission, restart). */
export async function deadlinesFrom(db: AnyDB, order: Row, start: number): Promise<{ response_due_at: number; finish_due_at: number }> {
  const sla = await slaOf(db, order);
  return { response_due_at: start + sla.responseMinutes * 60_000, finish_due_at: start + Math.round(sla.workHours * 3_600_000) };
}

interface Rule {
  id: number;
  name: string;
  stage: 'response' | 'finish';
  kinds: string | null;
  before_minutes: number;
  notify_processor: number;
  notify_dispatcher: number;
}

const STAGE_TEXT = { response: '响应', finish: '完成' } as const;

/** Who a rule names for an order: its processor, the project's dispatchers, posts and people. */
async function recipientsOf(db: AnyDB, rule: Rule, order: Row): Promise<Person[]> {
  const people: Person[] = [];
  if (rule.notify_processor && order.processor_id) {
    const p = (await db.selectFrom('staff').select(['id', 'name']).where('id', '=', order.processor_id).where('enabled', '=', 1).executeTakeFirst()) as Person | undefined;
    if (p) people.push(p);
  }
  if (rule.notify_dispatcher) people.push(...(await staffWithButton(db, Number(order.project_id), ['workorder:giveOut'])));
  const posts = (await db.selectFrom('warn_rule_post').select('post_id').where('warn_rule_id', '=', rule.id).execute()) as { post_id: number }[];
  for (const { post_id } of posts) people.push(...(await postMembers(db, post_id)));
  const named = (await db
    .selectFrom('warn_rule_staff as w')
    .innerJoin('staff as s', 's.id', 'w.staff_id')
    .select(['s.id', 's.name'])
    .where('w.warn_rule_id', '=', rule.id)
    .where('s.enabled', '=', 1)
    .execute()) as Person[];
  people.push(...named);
  return [...new Map(people.map((p) => [p.id, p])).values()];
}

function kindsOf(rule: Rule): string[] {
  try {
    const kinds = JSON.parse(rule.kinds ?? '[]') as unknown;
    return Array.isArray(kinds) ? kinds.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * One pass at `now`: open orders without limits get them (orders created by other modules), each
 * rule that matches an order warns once per limit and level (about to be late, late) to the
 * people it names (one notice a person and order, however many rules name them), and every open
 * order's flag is brought up to date. A late order stays
 * flagged 已超时 after it is handled; a warning clears once the step is done. Answers how many
 * warnings were given.
 */
export async function runSlaSweep(app: FastifyInstance, now: number): Promise<number> {
  const db = app.db as unknown as AnyDB;
  return db.transaction().execute(async (trx) => {
    const missing = (await trx.selectFrom('work_order').selectAll().where('status', 'in', OPEN_STATES).where('response_due_at', 'is', null).execute()) as Row[];
    for (const order of missing) {
      await trx.updateTable('work_order').set(await deadlinesFrom(trx, order, Number(order.created_at))).where('id', '=', order.id).execute();
    }
    const orders = (await trx.selectFrom('work_order').selectAll().where('status', 'in', FINISH_STATES).orderBy('id').execute()) as Row[];
    const rules = (await trx.selectFrom('warn_rule').selectAll().where('enabled', '=', 1).execute()) as (Rule & { project_id: number })[];
    let given = 0;
    for (const order of orders) {
      const stages: { stage: 'response' | 'finish'; due: number }[] = [];
      if (!order.accepted_at && RESPONSE_STATES.includes(String(order.status)) && order.response_due_at) stages.push({ stage: 'response', due: Number(order.response_due_at) });
      if (!order.handled_at && order.finish_due_at) stages.push({ stage: 'finish', due: Number(order.finish_due_at) });
      let flag = order.sla_state === 'overdue' ? 'overdue' : 'normal';
      // What each person is to be told about this order in this pass: one notice each, however many rules name them.
      const told = new Map<number, { texts: Set<string>; rules: Set<string> }>();
      for (const { stage, due } of stages) {
        if (now >= due) flag = 'overdue';
        const matching = rules.filter((r) => r.project_id === order.project_id && r.stage === stage && (kindsOf(r).length === 0 || kindsOf(r).includes(String(order.kind))));
        for (const rule of matching) {
          const level = now >= due ? 'overdue' : now >= due - rule.before_minutes * 60_000 ? 'warning' : null;
          if (!level) continue;
          if (level === 'warning' && flag === 'normal') flag = 'warning';
          const seen = await trx
            .selectFrom('work_order_warning')
            .select('id')
            .where('work_order_id', '=', order.id)
            .where('rule_id', '=', rule.id)
            .where('stage', '=', stage)
            .where('level', '=', level)
            .where('due_at', '=', due)
            .executeTakeFirst();
          if (seen) continue;
          const people = await recipientsOf(trx, rule, order);
          await trx
            .insertInto('work_order_warning')
            .values({ work_order_id: order.id, rule_id: rule.id, rule_name: rule.name, stage, level, due_at: due, notified: people.map((p) => p.name).join('、') || '（规则未指定接收人）', at: now })
            .execute();
          // The late-order list beside the rules shows the rule that fired last.
          await trx.updateTable('work_order').set({ warned_rule: rule.name, warned_at: now }).where('id', '=', order.id).execute();
          const text = level === 'overdue' ? `已超过${STAGE_TEXT[stage]}时限（${formatTime(due, 'MM-DD HH:mm')}）` : `${STAGE_TEXT[stage]}即将超时（时限 ${formatTime(due, 'MM-DD HH:mm')}）`;
          for (const p of people) {
            const entry = told.get(p.id) ?? { texts: new Set<string>(), rules: new Set<string>() };
            entry.texts.add(text);
            entry.rules.add(rule.name);
            told.set(p.id, entry);
          }
          given += 1;
        }
      }
      const contents = new Map<string, number[]>();
      for (const [staffId, { texts, rules: names }] of told) {
        const content = `${named(order as unknown as OrderRef)}${[...texts].join('；')}，请尽快处理【${[...names].join('、')}】`;
        contents.set(content, [...(contents.get(content) ?? []), staffId]);
      }
      for (const [content, staffIds] of contents) await notifyOrder(app, trx, order as unknown as OrderRef, staffIds, { category: '2', type: NOTICE.warning, content });
      if (flag !== order.sla_state) await trx.updateTable('work_order').set({ sla_state: flag }).where('id', '=', order.id).execute();
    }
    return given;
  });
}
