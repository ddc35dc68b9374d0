import { sql, type RawBuilder } from 'kysely';
import { dateBucket, roundTo } from '../platform/db/dialect.ts';
import { roundDecimal } from '../platform/db/rounding.ts';
import type { ReportCondition, ReportDimension, ReportMeasure } from '../../src/shared/schemaTypes.ts';
import { throughValue } from './related.ts';
import { bucketSpan } from './localDays.ts';

// The only place a report declaration becomes SQL: a closed set of expressions over the
// source's columns (named by JSON the lint checked, quoted by sql.ref), never text from a caller.

const col = (field: string) => sql.ref(`s.${field}`);

/** The value of `via.field` in the `via.table` row whose id this row's `field` holds (the resources' related columns read the same way). */
const through = (field: string, via: { table: string; field: string }) => sql`${throughValue(via.table, via.field, `s.${field}`)}`;

/** A row condition, or a list of them (a measure's all-of): every test each declares must hold. */
export function conditionSql(where: ReportCondition | ReportCondition[]): RawBuilder<unknown> {
  if (Array.isArray(where)) return where.length ? sql`(${sql.join(where.map(conditionSql), sql` and `)})` : sql`1 = 1`;
  const c = where.via ? through(where.field, where.via) : col(where.field);
  const parts: RawBuilder<unknown>[] = [];
  if (where.in) parts.push(sql`${c} in (${sql.join(where.in)})`);
  if (where.notIn) parts.push(sql`(${c} is null or ${c} not in (${sql.join(where.notIn)}))`);
  if (where.equals !== undefined) parts.push(where.equals === null ? sql`${c} is null` : sql`${c} = ${where.equals}`);
  if (where.isNull !== undefined) parts.push(where.isNull ? sql`${c} is null` : sql`${c} is not null`);
  if (where.notAfter) parts.push(sql`(${c} is not null and ${col(where.notAfter)} is not null and ${c} <= ${col(where.notAfter)})`);
  if (where.after) parts.push(sql`(${c} is not null and ${col(where.after)} is not null and ${c} > ${col(where.after)})`);
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`1 = 1`;
}

/** The value a measure aggregates: a column, or the minutes between two datetime columns. */
function valueSql(m: ReportMeasure): RawBuilder<unknown> {
  if (m.duration) {
    const from = col(m.duration.from);
    const to = col(m.duration.to);
    return sql`case when ${from} is not null and ${to} is not null then (${to} - ${from}) / 60000.0 end`;
  }
  return m.field ? col(m.field) : sql`null`;
}

/** The SQL of one measure over the grouped rows; a ratio is computed from two others afterwards (ratioOf). */
export function measureSql(m: ReportMeasure): RawBuilder<unknown> {
  const hit = m.where ? sql`case when ${conditionSql(m.where)} then 1 else 0 end` : sql`1`;
  const value = m.where ? sql`case when ${conditionSql(m.where)} then ${valueSql(m)} end` : valueSql(m);
  switch (m.agg) {
    case 'count':
      return sql`coalesce(sum(${hit}), 0)`;
    case 'rate':
      return sql`coalesce(${roundTo(sql`100.0 * sum(${hit}) / nullif(count(*), 0)`, 1)}, 0)`;
    case 'distinct':
      return sql`count(distinct ${value})`;
    case 'sum':
      return sql`coalesce(${roundTo(sql`sum(${value})`, 2)}, 0)`;
    case 'avg':
      return sql`coalesce(${roundTo(sql`avg(${value})`, 2)}, 0)`;
    case 'max':
      return sql`coalesce(max(${value}), 0)`;
    case 'min':
      return sql`coalesce(min(${value}), 0)`;
    case 'ratio':
      return sql`0`;
  }
}

/** A part of a measure that adds up across groups: a group's figure from its finer groups' parts. */
export interface MeasurePart {
  alias: string;
  sql: RawBuilder<unknown>;
  merge: 'sum' | 'max' | 'min';
}

/**
 * A measure as parts that add up across groups (a count, a sum, an average's sum and count, a
 * rate's hits and rows), so one grouped scan answers a report's groups, pivot columns and totals;
 * null for a measure that does not (a distinct count: its groups' counts overlap).
 */
export function measureParts(m: ReportMeasure): MeasurePart[] | null {
  const hit = m.where ? sql`case when ${conditionSql(m.where)} then 1 else 0 end` : sql`1`;
  const value = m.where ? sql`case when ${conditionSql(m.where)} then ${valueSql(m)} end` : valueSql(m);
  switch (m.agg) {
    case 'count':
      return [{ alias: m.name, sql: sql`sum(${hit})`, merge: 'sum' }];
    case 'rate':
      return [
        { alias: `${m.name}__hits`, sql: sql`sum(${hit})`, merge: 'sum' },
        { alias: `${m.name}__rows`, sql: sql`count(*)`, merge: 'sum' },
      ];
    case 'sum':
      return [{ alias: m.name, sql: sql`sum(${value})`, merge: 'sum' }];
    case 'avg':
      return [
        { alias: `${m.name}__sum`, sql: sql`sum(${value})`, merge: 'sum' },
        { alias: `${m.name}__count`, sql: sql`count(${value})`, merge: 'sum' },
      ];
    case 'max':
      return [{ alias: m.name, sql: sql`max(${value})`, merge: 'max' }];
    case 'min':
      return [{ alias: m.name, sql: sql`min(${value})`, merge: 'min' }];
    case 'distinct':
    case 'ratio':
      return null;
  }
}

/** A measure's figure from its added-up parts, rounded as measureSql rounds it. */
export function measureFromParts(m: ReportMeasure, parts: Record<string, number | null>): number {
  const round = roundDecimal;
  switch (m.agg) {
    case 'rate': {
      const rows = parts[`${m.name}__rows`] ?? 0;
      return rows ? round((100 * (parts[`${m.name}__hits`] ?? 0)) / rows, 1) : 0;
    }
    case 'avg': {
      const count = parts[`${m.name}__count`] ?? 0;
      return count ? round((parts[`${m.name}__sum`] ?? 0) / count, 2) : 0;
    }
    case 'sum':
      return round(parts[m.name] ?? 0, 2);
    default:
      return parts[m.name] ?? 0;
  }
}

/** 100 × numerator ÷ denominator, one decimal; 0 when the denominator is 0. */
export function ratioOf(numerator: number, denominator: number): number {
  return denominator ? roundDecimal((100 * numerator) / denominator, 1) : 0;
}

/** The grouping key: a column's value (or the value reached through a reference), or the local day or month of a millisecond timestamp. */
export function dimensionSql(d: ReportDimension): RawBuilder<unknown> {
  if (d.via) return through(d.field, d.via);
  if (!d.bucket) return col(d.field);
  return dateBucket(col(d.field), d.bucket);
}

/** The rows of one group of a dimension (null: those with no value); a day or month as its span of time, which an index can find. */
export function groupSql(d: ReportDimension, key: string | number | null): RawBuilder<unknown> {
  const span = d.bucket && !d.via && typeof key === 'string' ? bucketSpan(key, d.bucket) : null;
  if (span) return sql`(${col(d.field)} >= ${span[0]} and ${col(d.field)} < ${span[1]})`;
  return key === null ? sql`${dimensionSql(d)} is null` : sql`${dimensionSql(d)} = ${key}`;
}
