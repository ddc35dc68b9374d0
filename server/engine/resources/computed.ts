import { sql, type RawBuilder } from 'kysely';
import { roundTo } from '../../platform/db/dialect.ts';
import type { ComputedColumn, Condition, ResourceDef } from '../../../src/shared/schemaTypes.ts';
import type { AnySelect } from '../hooks.ts';
import { LATENESS, LATENESS_OF, latenessSql } from './lateness.ts';

/** One condition on the child alias, as SQL. */
function childCondition(alias: string, c: Condition): RawBuilder<unknown> {
  const column = sql.ref(`${alias}.${c.field}`);
  if (c.in) return c.in.length ? sql`${column} in (${sql.join(c.in.map((v) => sql.val(v)))})` : sql`0`;
  if (c.notIn) return c.notIn.length ? sql`(${column} is null or ${column} not in (${sql.join(c.notIn.map((v) => sql.val(v)))}))` : sql`1`;
  return c.equals === null || c.equals === undefined ? sql`${column} is null` : sql`${column} = ${sql.val(c.equals)}`;
}

/**
 * The correlated subquery of one computed column: the children of `table`'s row (by `by`),
 * aggregated in SQL so lists page, sort and count without loading children into the server.
 */
export function computedSql(table: string, def: ComputedColumn): RawBuilder<unknown> {
  const alias = `child_${def.resource}`;
  const value = def.field ? (def.times ? sql`${sql.ref(`${alias}.${def.field}`)} * ${sql.ref(`${alias}.${def.times}`)}` : sql.ref(`${alias}.${def.field}`)) : sql`1`;
  const aggregate = def.op === 'count' ? sql`count(*)` : sql`${sql.raw(def.op)}(${value})`;
  const conditions = [sql`${sql.ref(`${alias}.${def.by}`)} = ${sql.ref(`${table}.id`)}`, ...(def.where ?? []).map((c) => childCondition(alias, c))];
  const scaled = def.scale === undefined ? aggregate : sql`${aggregate} * ${sql.val(def.scale)}`;
  // Count answers 0 for no children; the other aggregates answer null (nothing to sum is no total).
  return sql`(select ${roundTo(scaled, def.round ?? 2)} from ${sql.table(def.resource)} as ${sql.raw(`"${alias}"`)} where ${sql.join(conditions, sql` and `)})`;
}

/** A resource's computed columns: added to its reads, sortable where declared. */
export function computedColumns(resource: ResourceDef) {
  const defs = Object.entries(resource.computed ?? {});
  const late = resource.lateness;
  const names = new Set([...defs.map(([name]) => name), ...(late ? [LATENESS, LATENESS_OF] : [])]);
  /** The query with every computed column selected under its name. */
  function withComputed(query: AnySelect): AnySelect {
    let q = query;
    for (const [name, def] of defs) q = q.select(computedSql(resource.name, def).as(name));
    if (late) {
      // Measured at the time of the read: an open order grows later by the minute.
      const { minutes, of } = latenessSql(resource.name, late);
      q = q.select([minutes.as(LATENESS), of.as(LATENESS_OF)]);
    }
    return q;
  }
  return { names, sortable: [...defs.filter(([, d]) => d.sortable).map(([n]) => n), ...(late ? [LATENESS] : [])], withComputed };
}
