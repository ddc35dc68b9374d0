import { expressionBuilder } from 'kysely';
import type { Condition, RelatedColumn, ResourceDef } from '../../src/shared/schemaTypes.ts';
import type { StaffContext } from '../platform/types.ts';
import type { AnyDB, AnySelect, ResourceHooks } from './hooks.ts';
import { scopeRows } from './scope.ts';
import { contains } from '../platform/db/textSearch.ts';

// The one way a query reaches another table's rows: a correlated subquery built by Kysely's
// builder (names from JSON the lint checked, never from a caller). Reports group by a value
// reached this way (`via`); resources read columns and filter through it, scoped (relatedReads).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const eb = expressionBuilder<any, never>();

/** The rows of `table` whose `match` keys (its columns) equal the outer query's columns named as values (qualified). */
export function matchingRows(table: string, match: Record<string, string>): AnySelect {
  let rows = eb.selectFrom(table) as AnySelect;
  for (const [theirs, outer] of Object.entries(match)) rows = rows.whereRef(`${table}.${theirs}`, '=', outer);
  return rows;
}

/** The `field` of the `table` row whose id the outer query's column `outer` holds. */
export function throughValue(table: string, field: string, outer: string): AnySelect {
  return matchingRows(table, { id: outer }).select(`${table}.${field}`);
}

/** Rows for which every condition holds (qualified by `table`, inside a correlated subquery). */
export function whereAll(query: AnySelect, table: string, conditions: Condition[] | undefined): AnySelect {
  let q = query;
  for (const c of conditions ?? []) {
    const column = `${table}.${c.field}`;
    if (c.in) q = q.where(column, 'in', c.in);
    else if (c.notIn) q = q.where((b) => b.or([b(column, 'is', null), b(column, 'not in', c.notIn!)]));
    else q = c.equals === null || c.equals === undefined ? q.where(column, 'is', null) : q.where(column, '=', c.equals);
  }
  return q;
}

/**
 * A resource's related columns and filters for one caller: each reads only rows of the other
 * resource the caller may see (scopeRows with that resource's hooks), so no join leaks a record
 * its own screen would hide.
 */
export async function relatedReads(db: AnyDB, staff: StaffContext, resource: ResourceDef, resources: Map<string, ResourceDef>, hooks: Record<string, ResourceHooks>) {
  const table = resource.name;
  const scoped = (target: ResourceDef, rows: AnySelect) => scopeRows({ db, staff, hooks: hooks[target.name] }, target, rows);
  const columns: { name: string; def: RelatedColumn; column: string; rows: AnySelect }[] = [];
  for (const [name, def] of Object.entries(resource.related ?? {})) {
    const target = resources.get(resource.fields[def.via]!.ref!)!;
    const rows = await scoped(target, matchingRows(target.name, { id: `${table}.${def.via}` }));
    columns.push({ name, def, column: `${target.name}.${def.field}`, rows });
  }
  const filters = new Map<string, AnySelect>();
  for (const [name, def] of Object.entries(resource.relatedFilters ?? {})) {
    const target = resources.get(def.resource)!;
    const match = Object.fromEntries(Object.entries(def.match).map(([theirs, own]) => [theirs, `${table}.${own}`]));
    filters.set(name, whereAll(await scoped(target, matchingRows(target.name, match).select(`${target.name}.id`)), target.name, def.where));
  }
  return {
    /** The query with each related column selected under its name. */
    select(query: AnySelect): AnySelect {
      return columns.reduce((q, { name, column, rows }) => q.select(rows.select(column).limit(1).as(name)), query);
    },
    /** The query narrowed by the related filters the caller set: 1/true exists, 0/false none; a filtering related column by its (scoped) value. */
    filter(query: AnySelect, values: Record<string, unknown> = {}): AnySelect {
      let q = query;
      for (const { name, def, column, rows } of columns) {
        const v = values[name];
        if (!def.filter || v === undefined || v === null || v === '') continue;
        // Only a referenced record the caller may see can match (rows is scoped).
        const matching = def.filter === 'like' ? rows.where(contains(column, String(v))) : rows.where(column, '=', v as never);
        q = q.where((b) => b.exists(matching.select(column)));
      }
      for (const [name, rows] of filters) {
        const v = values[name];
        if (v === 1 || v === true || v === '1') q = q.where((b) => b.exists(rows));
        else if (v === 0 || v === false || v === '0') q = q.where((b) => b.not(b.exists(rows)));
      }
      return q;
    },
  };
}
