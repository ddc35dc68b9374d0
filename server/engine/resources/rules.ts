import type { Condition, ResourceDef, ResourceRule } from '../../../src/shared/schemaTypes.ts';
import { formatTime } from '../../../src/shared/format.ts';
import { badRequest, conflict } from '../../platform/http/envelope.ts';
import type { AnyDB, Row } from '../hooks.ts';
import { serializeOn } from '../../platform/db/dialect.ts';

const empty = (v: unknown) => v === undefined || v === null || v === '';

const COMPARE: Record<string, (a: never, b: never) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '=': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Query = any;

/** Narrows a query to the rows every condition holds for. */
function where(query: Query, conditions: Condition[] | undefined): Query {
  for (const c of conditions ?? []) {
    if (c.in) query = query.where(c.field, 'in', c.in);
    else if (c.notIn) query = query.where((eb: Query) => eb.or([eb(c.field, 'is', null), eb(c.field, 'not in', c.notIn)]));
    else query = c.equals === null || c.equals === undefined ? query.where(c.field, 'is', null) : query.where(c.field, '=', c.equals);
  }
  return query;
}

async function holds(q: AnyDB, resource: ResourceDef, rule: ResourceRule, values: Row, id: number | null, clash: Row[]): Promise<boolean> {
  switch (rule.rule) {
    case 'compare': {
      const a = values[rule.field];
      const b = values[rule.other];
      return empty(a) || empty(b) || COMPARE[rule.op]!(a as never, b as never);
    }
    case 'exclusive': {
      const [start, end] = rule.range as [string, string];
      if ([start, end, ...rule.per].some((f) => empty(values[f]))) return true;
      // Two bookings of the same room each find no other: writers of the same `per` values check one after the other.
      await serializeOn(q, `exclusive:${resource.name}:${JSON.stringify(rule.per.map((f) => values[f]))}`);
      // Half-open ranges: one booking may end when the next begins.
      let others = q.selectFrom(resource.name).selectAll().where(start, '<', values[end] as never).where(end, '>', values[start] as never);
      for (const f of rule.per) others = others.where(f, '=', values[f] as never);
      if (id !== null) others = others.where('id', '!=', id);
      const other = (await where(others, rule.where).orderBy(start).executeTakeFirst()) as Row | undefined;
      if (other) clash.push(other);
      return !other;
    }
    case 'notExists': {
      const pairs = Object.entries(rule.match);
      if (pairs.some(([, own]) => empty(values[own]))) return true;
      let found = q.selectFrom(rule.resource).select('id');
      for (const [theirs, own] of pairs) found = found.where(theirs, '=', values[own] as never);
      return !(await where(found, rule.where).executeTakeFirst());
    }
  }
}

/** Checks the resource's declared rules against the record as it would be stored; `q` is the write's transaction. */
export async function checkRules(q: AnyDB, resource: ResourceDef, values: Row, id: number | null): Promise<void> {
  for (const rule of resource.rules ?? []) {
    const clash: Row[] = [];
    if (await holds(q, resource, rule, values, id, clash)) continue;
    // A clash with another record is a conflict; a record at odds with itself is a bad request.
    throw rule.rule === 'compare' ? badRequest(rule.message) : conflict(clash[0] ? naming(resource, rule.message, clash[0]) : rule.message);
  }
}

/** An exclusive rule's message naming the record it clashes with: `{field}` is that record's value, a time as 2026-12-01 09:30. */
function naming(resource: ResourceDef, message: string, other: Row): string {
  return message.replace(/\{([a-z][a-z0-9_]*)\}/g, (_, name: string) => {
    const value = other[name];
    if (resource.fields[name]?.type === 'datetime') return formatTime(value as number, 'YYYY-MM-DD HH:mm');
    return value === null || value === undefined ? '' : String(value);
  });
}
