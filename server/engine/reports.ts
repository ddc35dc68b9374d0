import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { compileInputValidator } from '../platform/http/validators.ts';
import type { ReportDef, ReportDimension, ReportDrillColumn, ReportMeasure } from '../../src/shared/schemaTypes.ts';
import { badRequest, ok } from '../platform/http/envelope.ts';
import { sendExcel, type ExcelColumn, type ExcelRow } from '../platform/http/excel.ts';
import { exportDateTimeFormatter } from '../platform/http/exportDateTime.ts';
import { maskPersonalText } from '../platform/http/personalData.ts';
import type { ResourceHooks } from './hooks.ts';
import type { StaffContext } from '../platform/types.ts';
import { dictItems } from './resources/values.ts';
import { conditionSql, dimensionSql, groupSql, measureSql, ratioOf } from './reportSql.ts';
import { queueExport, registerExportSource, type ExportWork } from './exportJobs.ts';
import { groupKey, otherSourceFigures, scopedSourceRows } from './reportSources.ts';
import { scanLevels, type ReportLevels } from './reportScan.ts';

// Report sources are named by JSON at run time, so their queries are untyped by design.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>;
type Row = Record<string, unknown>;
type Key = string | number | null;

const MAX_GROUPS = 500;
/** Columns of a pivot (the second dimension's groups). */
const MAX_PIVOT_COLUMNS = 60;
/** Records read at a time by a background export of the records behind a figure. */
const DRILL_BATCH = 1000;

export interface ReportInput {
  dateRange?: (string | number | null)[];
  project_id?: number;
  groupBy?: string;
  /** A second dimension across: each row's figures per group of it. */
  pivotBy?: string;
  filters?: Record<string, string | number | boolean>;
}

/** Which records a drill-down lists: one row's group (and one pivot column's), and the rows a measure counts. */
export interface DrillInput extends ReportInput {
  key?: Key;
  pivotKey?: Key;
  measure?: string;
  page?: number;
  pageSize?: number;
}

type Figures = Record<string, number>;

export interface ReportAnswer {
  dimension: { name: string; title: string };
  measures: { name: string; title: string; cell: string }[];
  totals: Figures;
  rows: ({ key: Key; label: string; cells?: Record<string, Figures> } & Figures)[];
  /** With pivotBy: the second dimension and its groups, the columns of each row's `cells`. */
  pivot?: { dimension: { name: string; title: string }; columns: { key: Key; label: string; totals: Figures }[] };
}

async function labeller(db: AnyDB, app: FastifyInstance, d: Pick<ReportDimension, 'enum' | 'dict' | 'labelTable'>, keys: unknown[]): Promise<(key: unknown) => string> {
  if (d.enum) return (k) => d.enum![String(k)] ?? String(k ?? '未填写');
  if (d.dict) {
    const items = new Map((await dictItems(db, d.dict)).map((i) => [i.value, i.label]));
    return (k) => items.get(String(k)) ?? String(k ?? '未填写');
  }
  if (d.labelTable) {
    const label = app.catalogue.resources.get(d.labelTable)?.labelField ?? 'name';
    const ids = [...new Set(keys.filter((k) => k !== null && k !== undefined))];
    const rows = ids.length ? ((await db.selectFrom(d.labelTable).select(['id', label]).where('id', 'in', ids).execute()) as Row[]) : [];
    const names = new Map(rows.map((r) => [r.id, String(r[label])]));
    return (k) => names.get(k) ?? (k === null || k === undefined ? '未填写' : `#${String(k)}`);
  }
  return (k) => (k === null || k === undefined || k === '' ? '未填写' : String(k));
}

const filterValue = { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'boolean' }] };
const keyValue = { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'null' }] };

/** Input schema of a report: nothing beyond what the definition allows through (`extra`: a drill-down's or export's own fields). */
function inputSchema(report: ReportDef, extra: Record<string, unknown> = {}) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      dateRange: { type: 'array', maxItems: 2, items: { anyOf: [{ type: 'string', maxLength: 30 }, { type: 'integer' }, { type: 'null' }] } },
      project_id: { type: 'integer', minimum: 1 },
      groupBy: { type: 'string', enum: report.dimensions.map((d) => d.name) },
      pivotBy: { type: 'string', enum: report.dimensions.map((d) => d.name) },
      filters: { type: 'object', additionalProperties: false, properties: Object.fromEntries((report.filters ?? []).map((f) => [f, filterValue])) },
      ...extra,
    },
  };
}

const drillFields = (report: ReportDef) => ({
  key: keyValue,
  pivotKey: keyValue,
  // The records behind a figure are the source's: a ratio or another source's count has none to list.
  measure: { type: 'string', enum: report.measures.filter((m) => m.agg !== 'ratio' && !m.from).map((m) => m.name) },
});

/** Figures of a group: the SQL measures as numbers, then each ratio of two of them. */
function figuresOf(measures: ReportMeasure[], row: Row): Figures {
  const out: Figures = {};
  for (const m of measures) if (m.agg !== 'ratio') out[m.name] = Number(row[m.name] ?? 0);
  for (const m of measures) if (m.agg === 'ratio') out[m.name] = ratioOf(out[m.numerator!] ?? 0, out[m.denominator!] ?? 0);
  return out;
}

/** A value of a drill-down column as it is shown: named through its reference, dictionary or enum, or as a date-time. */
async function drillLabels(db: AnyDB, app: FastifyInstance, columns: ReportDrillColumn[], records: Row[]): Promise<Row[]> {
  const named = await Promise.all(columns.map((c) => (c.labelTable || c.dict || c.enum ? labeller(db, app, c, records.map((r) => r[c.field])) : null)));
  return records.map((r) => {
    const out: Row = { id: r.id };
    columns.forEach((c, i) => {
      const v = r[c.field];
      out[c.field] = named[i] && v !== null && v !== undefined ? named[i]!(v) : v;
    });
    return out;
  });
}

/**
 * A report definition's endpoints: `/query` answers the figures of each group (and of each pivot
 * cell) and in total, `/export` the same as Excel, `/drill` the records behind one figure,
 * `/exportAsync` either of them as a background export of the download center. Rows follow the
 * caller's data scope through the project column, by the same rule as the source resource's list
 * (scopeRows, with the source's `hooks.ownRows`).
 */
export function reportRoutes(report: ReportDef, hooks: Pick<ResourceHooks, 'ownRows' | 'visibleRows' | 'mineRows'> = {}, allHooks: Record<string, Pick<ResourceHooks, 'ownRows' | 'visibleRows' | 'mineRows'>> = {}) {
  return async function plugin(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    const measures = report.measures.map((m) => ({ name: m.name, title: m.title, cell: m.cell ?? (m.agg === 'rate' || m.agg === 'ratio' ? 'percent' : m.duration ? 'duration' : 'number') }));
    const sqlMeasures = report.measures.filter((m) => m.agg !== 'ratio' && !m.from);
    /** Adds the measures of other sources (`from`) to the raw rows, by the same group keys. */
    const withOtherSources = async (staff: StaffContext, input: ReportInput, dims: ReportDimension[], rows: Row[], names: string[]) => {
      const other = await otherSourceFigures({ db, staff, hooks: allHooks }, report, input, dims);
      if (!other) return rows;
      const seen = new Set<string>();
      for (const r of rows) {
        const k = groupKey(names.map((n) => r[n]));
        seen.add(k);
        Object.assign(r, other.get(k)?.figures);
      }
      // Groups only the other source has (houses of a project with no household yet) show too.
      for (const [k, o] of other) if (!seen.has(k)) rows.push({ ...Object.fromEntries(names.map((n, i) => [n, o.keys[i]])), ...o.figures });
      return rows;
    };
    const dimensionOf = (name: string | undefined) => report.dimensions.find((d) => d.name === name) ?? report.dimensions[0]!;

    /** The caller's rows of the source that the report and the filters keep, as `s`. */
    async function rowsOf(staff: StaffContext, input: ReportInput) {
      let base = await scopedSourceRows({ db, staff, hooks }, { name: report.source, projectField: report.projectField, dateField: report.dateField }, input);
      for (const w of report.where ?? []) base = base.where(conditionSql(w) as never);
      for (const [field, value] of Object.entries(input.filters ?? {})) {
        if (value !== '' && value !== null) base = base.where(`s.${field}`, '=', value);
      }
      return base;
    }

    /** The figures by level, by the report's own queries: one per level (a distinct count needs them). */
    async function queriedLevels(base: Awaited<ReturnType<typeof rowsOf>>, dimension: ReportDimension, across: ReportDimension | null): Promise<ReportLevels> {
      const figures = sqlMeasures.map((m) => measureSql(m).as(m.name));
      const key = dimensionSql(dimension);
      const levels: ReportLevels = {
        totals: ((await base.select(figures).executeTakeFirst()) ?? {}) as Row,
        groups: (await base
          .select([key.as('key'), ...figures])
          .groupBy(key)
          .orderBy(dimension.bucket ? key : sql.ref(sqlMeasures[0]!.name), dimension.bucket ? 'asc' : 'desc')
          .limit(MAX_GROUPS)
          .execute()) as Row[],
      };
      if (across) {
        const colKey = dimensionSql(across);
        levels.cells = (await base
          .select([key.as('key'), colKey.as('pivot'), ...figures])
          .groupBy([key, colKey])
          .limit(MAX_GROUPS * MAX_PIVOT_COLUMNS)
          .execute()) as Row[];
        levels.columns = (await base.select([colKey.as('pivot'), ...figures]).groupBy(colKey).execute()) as Row[];
      }
      return levels;
    }

    /** The groups a report shows first: by time for a time dimension, else the largest first figure first (as queriedLevels orders them). */
    function shownFirst(dimension: ReportDimension, groups: Row[]): Row[] {
      const first = sqlMeasures[0]!.name;
      const byKey = (a: Row, b: Row) => (a.key === null ? -1 : b.key === null ? 1 : String(a.key) < String(b.key) ? -1 : String(a.key) > String(b.key) ? 1 : 0);
      return [...groups].sort(dimension.bucket ? byKey : (a, b) => Number(b[first]) - Number(a[first])).slice(0, MAX_GROUPS);
    }

    async function run(staff: StaffContext, input: ReportInput): Promise<ReportAnswer> {
      const dimension = dimensionOf(input.groupBy);
      const across = input.pivotBy && input.pivotBy !== dimension.name ? dimensionOf(input.pivotBy) : null;
      const base = await rowsOf(staff, input);
      const scanned = await scanLevels(base, report.measures, across ? [dimension, across] : [dimension]);
      const own = scanned ? { ...scanned, groups: shownFirst(dimension, scanned.groups) } : await queriedLevels(base, dimension, across);
      const [totalsRow = {}] = await withOtherSources(staff, input, [], [own.totals], []);
      const grouped = (await withOtherSources(staff, input, [dimension], own.groups, ['key'])).slice(0, MAX_GROUPS);
      const label = await labeller(db, app, dimension, grouped.map((g) => g.key));
      const answer: ReportAnswer = {
        dimension: { name: dimension.name, title: dimension.title },
        measures,
        totals: figuresOf(report.measures, totalsRow),
        rows: grouped.map((g) => ({ key: g.key as Key, label: label(g.key), ...figuresOf(report.measures, g) })) as ReportAnswer['rows'],
      };
      if (across) await addPivot(staff, input, answer, dimension, across, own);
      return answer;
    }

    /** Each row's figures per group of the second dimension. */
    async function addPivot(staff: StaffContext, input: ReportInput, answer: ReportAnswer, rowsBy: ReportDimension, across: ReportDimension, own: ReportLevels) {
      const cells = await withOtherSources(staff, input, [rowsBy, across], own.cells ?? [], ['key', 'pivot']);
      const keys = [...new Set(cells.map((c) => c.pivot as Key))].sort((a, b) => String(a ?? '').localeCompare(String(b ?? ''), 'zh-CN')).slice(0, MAX_PIVOT_COLUMNS);
      const label = await labeller(db, app, across, keys);
      const columnTotals = await withOtherSources(staff, input, [across], own.columns ?? [], ['pivot']);
      const totalOf = new Map(columnTotals.map((t) => [String(t.pivot ?? ''), figuresOf(report.measures, t)]));
      answer.pivot = { dimension: { name: across.name, title: across.title }, columns: keys.map((k) => ({ key: k, label: label(k), totals: totalOf.get(String(k ?? '')) ?? {} })) };
      const byRow = new Map(answer.rows.map((r) => [String(r.key), r]));
      for (const c of cells) {
        const row = byRow.get(String(c.key));
        if (!row || !keys.includes(c.pivot as Key)) continue;
        (row.cells ??= {})[String(c.pivot ?? '')] = figuresOf(report.measures, c);
      }
    }

    /** The records behind one figure: its row's group, its pivot column's group, the rows its measure counts. */
    async function drillRows(staff: StaffContext, input: DrillInput) {
      let base = await rowsOf(staff, input);
      if (input.key !== undefined) base = base.where(groupSql(dimensionOf(input.groupBy), input.key) as never);
      if (input.pivotBy && input.pivotKey !== undefined) base = base.where(groupSql(dimensionOf(input.pivotBy), input.pivotKey) as never);
      const m = report.measures.find((x) => x.name === input.measure);
      if (m?.where) base = base.where(conditionSql(m.where) as never);
      if (m?.duration) base = base.where(`s.${m.duration.from}`, 'is not', null).where(`s.${m.duration.to}`, 'is not', null);
      else if (m?.field && m.agg !== 'count' && m.agg !== 'rate') base = base.where(`s.${m.field}`, 'is not', null);
      return base;
    }

    const drillColumns = report.drill?.columns ?? [];
    const selectDrill = (q: Awaited<ReturnType<typeof rowsOf>>) => q.select(['s.id', ...drillColumns.map((c) => `s.${c.field}`)]).orderBy('s.id', 'desc');

    /** The Excel export of the table (with its summary row), or of the records behind a figure. */
    function exportWork(staff: StaffContext, params: DrillInput & { what?: 'table' | 'records' }): ExportWork {
      if (params.what === 'records') {
        const when = exportDateTimeFormatter();
        const cell = (c: ReportDrillColumn, v: unknown) => (v === null || v === undefined ? '' : c.datetime && typeof v === 'number' ? when(v) : typeof v === 'string' ? maskPersonalText(v) : v);
        return {
          title: `${report.title}明细`,
          source: report.name,
          params,
          columns: drillColumns.map((c) => ({ header: c.title, key: c.field, width: c.datetime ? 20 : 18 })),
          total: async () => Number(((await (await drillRows(staff, params)).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as Row)?.n ?? 0),
          async *rows(): AsyncIterable<ExcelRow> {
            // Keyset pages by id: each read is short, so other requests get the one connection between them.
            let before = Number.MAX_SAFE_INTEGER;
            for (;;) {
              const batch = (await selectDrill(await drillRows(staff, params)).where('s.id', '<', before).limit(DRILL_BATCH).execute()) as Row[];
              if (!batch.length) return;
              for (const r of await drillLabels(db, app, drillColumns, batch)) yield Object.fromEntries(drillColumns.map((c) => [c.field, cell(c, r[c.field])]));
              before = Number(batch[batch.length - 1]!.id);
            }
          },
        };
      }
      let answer: ReportAnswer | null = null;
      const percent = (c: string, v: number) => (c === 'percent' ? `${v}%` : v);
      return {
        title: report.title,
        source: report.name,
        params,
        total: async () => {
          answer = await run(staff, params);
          return answer.rows.length + 1;
        },
        async *rows() {
          const a = answer ?? (await run(staff, params));
          for (const r of a.rows) yield { label: r.label, ...Object.fromEntries(measures.map((m) => [m.name, percent(m.cell, r[m.name]!)])) };
          yield { label: '合计', ...Object.fromEntries(measures.map((m) => [m.name, percent(m.cell, a.totals[m.name]!)])) };
        },
        get columns(): ExcelColumn[] {
          return [{ header: answer?.dimension.title ?? dimensionOf(params.groupBy).title, key: 'label', width: 24 }, ...measures.map((m) => ({ header: m.title, key: m.name }))];
        },
      } as ExportWork;
    }

    app.post('/query', { config: { btnCode: report.permissions.view }, schema: { body: inputSchema(report) } }, async (request) =>
      ok(await run(request.staff!, (request.body ?? {}) as ReportInput)),
    );

    if (report.drill) {
      const schema = inputSchema(report, { ...drillFields(report), page: { type: 'integer', minimum: 1, maximum: 10000 }, pageSize: { type: 'integer', minimum: 1, maximum: 100 } });
      app.post('/drill', { config: { btnCode: report.permissions.view }, schema: { body: schema } }, async (request) => {
        const input = (request.body ?? {}) as DrillInput;
        const base = await drillRows(request.staff!, input);
        const total = Number(((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as Row)?.n ?? 0);
        const size = input.pageSize ?? 10;
        const records = (await selectDrill(base).limit(size).offset(((input.page ?? 1) - 1) * size).execute()) as Row[];
        return ok({ columns: drillColumns.map((c) => ({ field: c.field, title: c.title, datetime: Boolean(c.datetime) })), records: await drillLabels(db, app, drillColumns, records), total });
      });
    }

    if (report.permissions.export) {
      const validate = compileInputValidator(inputSchema(report));
      const asyncSchema = inputSchema(report, { ...drillFields(report), what: { type: 'string', enum: report.drill ? ['table', 'records'] : ['table'] } });
      const validateAsync = compileInputValidator(asyncSchema);
      registerExportSource(app, report.name, (staff, params) => {
        if (!validateAsync(params)) throw badRequest('筛选条件格式不正确');
        return exportWork(staff, params as DrillInput);
      });
      app.get(
        '/export',
        { config: { btnCode: report.permissions.export }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { query: { type: 'string', maxLength: 4000 } } } } },
        async (request, reply) => {
          let input: ReportInput = {};
          try {
            const text = (request.query as { query?: string }).query;
            input = text ? JSON.parse(text) : {};
          } catch {
            throw badRequest('筛选条件格式不正确');
          }
          if (!validate(input)) throw badRequest('筛选条件格式不正确');
          const work = exportWork(request.staff!, input);
          await work.total();
          return sendExcel(reply, `${report.title}_${new Date().toISOString().slice(0, 10)}.xlsx`, work.columns, work.rows());
        },
      );
      app.post('/exportAsync', { config: { btnCode: report.permissions.export }, schema: { body: asyncSchema } }, async (request) => {
        const id = await queueExport(app, request.staff!, exportWork(request.staff!, (request.body ?? {}) as DrillInput));
        return ok({ id }, '已加入导出队列，可在下载中心查看进度并下载');
      });
    }
  };
}
