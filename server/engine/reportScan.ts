import type { RawBuilder, SelectQueryBuilder } from 'kysely';
import type { ReportDimension, ReportMeasure } from '../../src/shared/schemaTypes.ts';
import { localDayKey } from '../platform/db/dialect.ts';
import { dayNumberLabel, steadyOffset } from './localDays.ts';
import { dimensionSql, measureFromParts, measureParts, type MeasurePart } from './reportSql.ts';
import { groupKey } from './reportSources.ts';

// One grouped scan of a report's source answers all it shows (issue 31: a million work orders by
// project and month in under a second): the finest groups (each row's group, and its pivot
// column's) with each measure as parts that add up, then the rows, the pivot's columns and the
// totals added up here. Four scans became one, and a month is grouped by its days' numbers.

type Row = Record<string, unknown>;
type Key = string | number | null;
type Parts = Record<string, number | null>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SourceQuery = SelectQueryBuilder<any, any, any>;

/** Finest groups read at most: beyond them (a pivot of thousands by thousands) the report's own queries answer instead. */
export const MAX_SCANNED_GROUPS = 50_000;

/** What the report shows, by level: in the shape of rows the database answers (`key`, `pivot`, each measure's figure). */
export interface ReportLevels {
  totals: Row;
  /** By the row dimension, unordered. */
  groups: Row[];
  /** By the row and the pivot dimension; with a pivot only. */
  cells?: Row[];
  /** By the pivot dimension; with a pivot only. */
  columns?: Row[];
}

/** A dimension's key in the scan, and how the answered key becomes the group's key. */
function scanKey(d: ReportDimension): { sql: RawBuilder<unknown>; name: (raw: unknown) => Key } {
  if (!d.bucket || d.via) return { sql: dimensionSql(d), name: (raw) => (raw ?? null) as Key };
  const bucket = d.bucket;
  return {
    sql: localDayKey(dimensionSql({ ...d, bucket: undefined }), bucket, steadyOffset()),
    // A day number (PostgreSQL: as text) or, outside the zone's steady span, the label itself.
    name: (raw) => (raw === null || raw === undefined ? null : /^\d+(\.\d+)?$/.test(String(raw)) ? dayNumberLabel(Math.floor(Number(raw)), bucket) : String(raw)),
  };
}

function addParts(into: Parts, from: Parts, parts: MeasurePart[]): void {
  for (const p of parts) {
    const a = into[p.alias] ?? null;
    const b = from[p.alias] ?? null;
    into[p.alias] = a === null ? b : b === null ? a : p.merge === 'sum' ? a + b : p.merge === 'max' ? Math.max(a, b) : Math.min(a, b);
  }
}

/**
 * The report's levels from one scan of `base` grouped by `dims` (the row dimension, then the pivot's
 * if any); null when a measure does not add up across groups or the finest groups are too many.
 */
export async function scanLevels(base: SourceQuery, measures: ReportMeasure[], dims: ReportDimension[]): Promise<ReportLevels | null> {
  const own = measures.filter((m) => m.agg !== 'ratio' && !m.from);
  const split = own.map(measureParts);
  if (split.some((p) => p === null)) return null;
  const parts = (split as MeasurePart[][]).flat();
  const keys = dims.map(scanKey);
  const rows = (await base
    .select([...keys.map((k, i) => k.sql.as(`k${i}`)), ...parts.map((p) => p.sql.as(p.alias))] as never)
    .groupBy(keys.map((k) => k.sql) as never)
    .limit(MAX_SCANNED_GROUPS + 1)
    .execute()) as Row[];
  if (rows.length > MAX_SCANNED_GROUPS) return null;

  // Each finest group read once: its named keys and its parts as numbers (PostgreSQL answers sums as text).
  const finest = rows.map((r) => ({
    keys: keys.map((k, i) => k.name(r[`k${i}`])),
    parts: Object.fromEntries(parts.map((p) => [p.alias, r[p.alias] === null || r[p.alias] === undefined ? null : Number(r[p.alias])])) as Parts,
  }));
  /** Adds up the finest groups by the dimensions at `at` (indexes into dims). */
  const level = (at: number[]): { keys: Key[]; parts: Parts }[] => {
    const out = new Map<string, { keys: Key[]; parts: Parts }>();
    for (const f of finest) {
      const k = at.map((i) => f.keys[i]!);
      const id = groupKey(k);
      const group = out.get(id);
      if (group) addParts(group.parts, f.parts, parts);
      else out.set(id, { keys: k, parts: { ...f.parts } });
    }
    return [...out.values()];
  };
  const figures = (p: Parts): Row => Object.fromEntries(own.map((m) => [m.name, measureFromParts(m, p)]));
  const [totals] = level([]);
  const answer: ReportLevels = {
    totals: figures(totals?.parts ?? {}),
    groups: level([0]).map((g) => ({ key: g.keys[0], ...figures(g.parts) })),
  };
  if (dims.length > 1) {
    answer.cells = level([0, 1]).map((g) => ({ key: g.keys[0], pivot: g.keys[1], ...figures(g.parts) }));
    answer.columns = level([1]).map((g) => ({ pivot: g.keys[0], ...figures(g.parts) }));
  }
  return answer;
}
