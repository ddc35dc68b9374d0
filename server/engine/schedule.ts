import type { FastifyInstance } from 'fastify';
import type { Condition, ResourceDef, ScheduleDef } from '../../src/shared/schemaTypes.ts';
import type { AnyDB, Row } from './hooks.ts';
import { writeTimeline } from './resources/workflow.ts';
import { jsonList } from '../../src/shared/jsonList.ts';

/**
 * Recurring generation (issue 31, capability 4): a resource's `schedule` makes child records
 * from each parent by its rule, on the workflow timers' clock. What the patrol scheduler proved
 * is kept (one child per parent and day, made once its start less the lead has come, a unique
 * key so the same period never gives two), and a server that was down catches up: the periods
 * it missed are made on its next run, as far back as `catchUpDays`, without duplicates.
 */

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The server-local day of a moment, "YYYY-MM-DD". */
export const dayOf = (at: number): string => {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const parseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const addDays = (day: string, n: number) => {
  const d = parseDay(day);
  d.setDate(d.getDate() + n);
  return dayOf(d.getTime());
};
/** The moment of "HH:mm" on a day (server time). */
const atTime = (day: string, time: string | null | undefined) => {
  const d = parseDay(day);
  const [h, m] = (time || '00:00').split(':').map(Number);
  d.setHours(h ?? 0, m ?? 0, 0, 0);
  return d.getTime();
};

/** Whether a rule gives a period on this day (weekdays ISO: 1 Monday … 7 Sunday). */
export function ruleAppliesOn(period: string, days: unknown, day: string): boolean {
  const date = parseDay(day);
  const chosen = jsonList(days).map(String);
  switch (period) {
    case 'day':
      return true;
    case 'week':
      return chosen.includes(String(date.getDay() === 0 ? 7 : date.getDay()));
    case 'month':
      return chosen.includes(String(date.getDate()));
    case 'fixed':
      return chosen.includes(day);
    default:
      return false;
  }
}

const holds = (row: Row, c: Condition) =>
  (c.equals === undefined || row[c.field] === c.equals) && (!c.in || c.in.includes(row[c.field] as never)) && (!c.notIn || !c.notIn.includes(row[c.field] as never));

/** The periods a parent is due to have by `now`: its days from the catch-up horizon to tomorrow, within its window. */
export function duePeriods(schedule: ScheduleDef, parent: Row, now: number): { key: string; start: number; end: number }[] {
  const r = schedule.rule;
  const today = dayOf(now);
  const first = [String(parent[r.startDate] ?? ''), addDays(today, -(schedule.catchUpDays ?? 7))].sort()[1]!;
  const last = [String(parent[r.endDate] || '9999-12-31'), addDays(today, 1)].sort()[0]!;
  const lead = r.leadMinutes ? Number(parent[r.leadMinutes] ?? 0) * 60_000 : 0;
  const out: { key: string; start: number; end: number }[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (!ruleAppliesOn(String(parent[r.period]), parent[r.days], day)) continue;
    const start = atTime(day, r.startTime ? (parent[r.startTime] as string) : null);
    const endTime = r.endTime ? (parent[r.endTime] as string | null) : null;
    const end = endTime ? atTime(day, endTime) : atTime(day, '00:00') + DAY_MS - 1;
    if (now >= start - lead) out.push({ key: day, start, end });
  }
  return out;
}

/**
 * One pass: every generating parent's due periods become children, each insert ignored when its
 * (parent, period) exists. Answers the number made. `child` is the child resource.
 */
export async function generateChildren(db: AnyDB, parentDef: ResourceDef, child: ResourceDef, now: number): Promise<number> {
  const schedule = parentDef.schedule!;
  const parents = ((await db.selectFrom(parentDef.name).selectAll().execute()) as Row[]).filter((p) => (schedule.when ?? []).every((c) => holds(p, c)) && (!parentDef.enable || p.enabled !== 0));
  let made = 0;
  for (const parent of parents) {
    for (const period of duePeriods(schedule, parent, now)) {
      const values: Row = { [schedule.parentField]: parent.id, [schedule.periodField]: period.key, created_at: now, updated_at: now, created_by: null };
      for (const [to, from] of Object.entries(schedule.copy ?? {})) values[to] = parent[from];
      Object.assign(values, schedule.set ?? {});
      if (schedule.startField) values[schedule.startField] = period.start;
      if (schedule.endField) values[schedule.endField] = period.end;
      if (child.scope === 'project' && values.project_id === undefined) values.project_id = parent.project_id;
      if (child.workflow) Object.assign(values, { [child.workflow.field]: child.workflow.initial, state_at: now });
      if (child.enable) values.enabled = 1;
      const inserted = (await db
        .insertInto(child.name)
        .values(values)
        .onConflict((oc) => oc.columns([schedule.parentField, schedule.periodField]).doNothing())
        .returning('id')
        .executeTakeFirst()) as { id: number } | undefined;
      if (!inserted) continue;
      if (child.workflow) await writeTimeline(db, child.name, { id: inserted.id, action: 'create', from: null, to: child.workflow.initial, note: `由「${String(parent[parentDef.labelField ?? 'name'] ?? parent.id)}」按计划生成` }, null);
      made += 1;
    }
  }
  return made;
}

/** Puts a resource's schedule on the timers' clock: each pass in one transaction, so a failed pass makes nothing. */
export function registerSchedule(app: FastifyInstance, parentDef: ResourceDef, resources: ReadonlyMap<string, ResourceDef>): void {
  const child = resources.get(parentDef.schedule!.child)!;
  app.workflowTimers.add((now) => app.db.transaction().execute((trx) => generateChildren(trx as AnyDB, parentDef, child, now)));
}
