import type { Kysely } from 'kysely';
import type { ReportDef, ReportDimension, ReportMeasure } from '../../src/shared/schemaTypes.ts';
import type { StaffContext } from '../platform/types.ts';
import type { ResourceHooks } from './hooks.ts';
import { dayRange } from './resources/query.ts';
import { dimensionSql, measureSql } from './reportSql.ts';
import { scopeRows } from './scope.ts';

// Measures over a second source (issue 31, capability 1: "registered households / houses"): each
// source is counted on its own, under the same scope and filters, grouped by the column that holds
// the report's dimension there, and the figures meet by group key, so a ratio can divide them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>;
type Row = Record<string, unknown>;
type Key = string | number | null;
type Hooks = Pick<ResourceHooks, 'ownRows' | 'visibleRows' | 'mineRows'>;

export interface ReportFilterInput {
  dateRange?: (string | number | null)[];
  project_id?: number;
  filters?: Record<string, string | number | boolean>;
}

/** One key for a group of one or more dimensions, whatever type the database answered its values in. */
export const groupKey = (keys: unknown[]): string => JSON.stringify(keys.map((k) => (k === null || k === undefined ? null : String(k))));

/**
 * A source's rows the caller may see, narrowed to the chosen project and date range, as `s`: the
 * report's own source and a measure's other source alike. Scoped as a subquery: own-record
 * conditions name the source table, the figures read it as s.
 */
export async function scopedSourceRows(ctx: { db: AnyDB; staff: StaffContext; hooks?: Hooks }, source: { name: string; projectField?: string; dateField?: string }, input: ReportFilterInput) {
  const pf = source.projectField;
  const visible = await scopeRows({ db: ctx.db, staff: ctx.staff, hooks: ctx.hooks }, { name: source.name, scope: pf ? 'project' : undefined, projectField: pf }, ctx.db.selectFrom(source.name).selectAll(source.name));
  let base = ctx.db.selectFrom(visible.as('s'));
  if (pf && input.project_id) base = base.where(`s.${pf}`, '=', input.project_id);
  if (source.dateField && input.dateRange?.length) {
    const [start, end] = dayRange(input.dateRange);
    if (start !== null) base = base.where(`s.${source.dateField}`, '>=', start);
    if (end !== null) base = base.where(`s.${source.dateField}`, '<=', end);
  }
  return base;
}

/**
 * The figures of the report's measures declared `from` another source, per group of `dims` (none:
 * one group, the totals), keyed by groupKey; null when the report has no such measure.
 */
export async function otherSourceFigures(ctx: { db: AnyDB; staff: StaffContext; hooks: Record<string, Hooks> }, report: ReportDef, input: ReportFilterInput, dims: ReportDimension[]): Promise<Map<string, { keys: Key[]; figures: Row }> | null> {
  const bySource = new Map<string, ReportMeasure[]>();
  for (const m of report.measures) if (m.from) bySource.set(JSON.stringify(m.from), [...(bySource.get(JSON.stringify(m.from)) ?? []), m]);
  if (!bySource.size) return null;
  const out = new Map<string, { keys: Key[]; figures: Row }>();
  for (const measures of bySource.values()) {
    const from = measures[0]!.from!;
    let base = await scopedSourceRows({ db: ctx.db, staff: ctx.staff, hooks: ctx.hooks[from.source] }, { name: from.source, projectField: from.projectField, dateField: from.dateField }, input);
    for (const [field, value] of Object.entries(input.filters ?? {})) {
      if (value !== '' && value !== null && from.filters?.[field]) base = base.where(`s.${from.filters[field]}`, '=', value);
    }
    // The same dimension over this source's column: a month bucket buckets it alike; a reference is followed from the key itself.
    const keys = dims.map((d, i) => dimensionSql({ ...d, field: from.keys[d.name]!, via: undefined }).as(`k${i}`));
    const figures = measures.map((m) => measureSql({ ...m, from: undefined }).as(m.name));
    let query = base.select([...keys, ...figures]);
    if (keys.length) query = query.groupBy(dims.map((d) => dimensionSql({ ...d, field: from.keys[d.name]!, via: undefined })));
    for (const r of (await query.execute()) as Row[]) {
      const k = dims.map((_, i) => r[`k${i}`] as Key);
      const entry = out.get(groupKey(k)) ?? { keys: k, figures: {} };
      for (const m of measures) entry.figures[m.name] = Number(r[m.name] ?? 0);
      out.set(groupKey(k), entry);
    }
  }
  return out;
}
