import { sql, type RawBuilder } from 'kysely';
import type { Condition, Lateness } from '../../../src/shared/schemaTypes.ts';

/** The two columns a resource's `lateness` adds to its reads: minutes late (0 when on time), and which deadline. */
export const LATENESS = 'lateness';
export const LATENESS_OF = 'lateness_of';

function holds(table: string, c: Condition): RawBuilder<unknown> {
  const column = sql.ref(`${table}.${c.field}`);
  if (c.in) return c.in.length ? sql`${column} in (${sql.join(c.in.map((v) => sql.val(v)))})` : sql`0 = 1`;
  if (c.notIn) return c.notIn.length ? sql`(${column} is null or ${column} not in (${sql.join(c.notIn.map((v) => sql.val(v)))}))` : sql`1 = 1`;
  return c.equals === null || c.equals === undefined ? sql`${column} is null` : sql`${column} = ${sql.val(c.equals)}`;
}

/**
 * Minutes by which one deadline was or is missed: met late (done after due), or still open past
 * due (now); 0 when on time, not due yet, or the record is in a state the deadline does not bind.
 */
function minutesLate(table: string, lateness: Lateness, d: Lateness['deadlines'][number], now: number): RawBuilder<number> {
  const due = sql.ref(`${table}.${d.due}`);
  const done = sql.ref(`${table}.${d.done}`);
  const exempt = lateness.unless ? holds(table, lateness.unless) : sql`0 = 1`;
  return sql<number>`case when ${exempt} then 0 when ${due} is null then 0
    when ${done} is not null then (case when ${done} > ${due} then (${done} - ${due}) / 60000 else 0 end)
    when ${due} < ${sql.val(now)} then (${sql.val(now)} - ${due}) / 60000 else 0 end`;
}

/**
 * The worst lateness of a record's deadlines and its label, as correlated subqueries (portable
 * SQL: a union of one row per deadline), so lists sort by severity on the server.
 */
export function latenessSql(table: string, lateness: Lateness, now = Date.now()): { minutes: RawBuilder<number>; of: RawBuilder<string | null> } {
  const rows = sql.join(
    lateness.deadlines.map((d) => sql`select ${minutesLate(table, lateness, d, now)} as v, ${sql.val(d.label)} as l`),
    sql` union all `,
  );
  return {
    minutes: sql<number>`(select max(late_t.v) from (${rows}) as late_t)`,
    of: sql<string | null>`(select late_t.l from (${rows}) as late_t where late_t.v > 0 order by late_t.v desc limit 1)`,
  };
}
