import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import Ajv from 'ajv';
import type { Condition, ReportDef, ReportDimension, ReportMeasure } from '../../src/shared/schemaTypes.ts';
import { badRequest, ok } from '../platform/http/envelope.ts';
import { sendExcel } from '../platform/http/excel.ts';
import { scopeRows } from './scope.ts';
import type { ResourceHooks } from './hooks.ts';
import type { StaffContext } from '../platform/types.ts';
import { dayRange } from './resources/query.ts';
import { dictItems } from './resources/values.ts';

// Report sources are named by JSON at run time, so their queries are untyped by design.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>;
type Row = Record<string, unknown>;

const MAX_GROUPS = 500;

export interface ReportInput {
  dateRange?: (string | number | null)[];
  project_id?: number;
  groupBy?: string;
  filters?: Record<string, string | number | boolean>;
}

export interface ReportAnswer {
  dimension: { name: string; title: string };
  measures: { name: string; title: string; cell: string }[];
  totals: Record<string, number>;
  rows: ({ key: string | number | null; label: string } & Record<string, number>)[];
}

const col = (field: string) => sql.ref(`s.${field}`);

function matches(where: Condition): RawBuilder<unknown> {
  const c = col(where.field);
  if (where.in) return sql`${c} in (${sql.join(where.in)})`;
  if (where.notIn) return sql`(${c} is null or ${c} not in (${sql.join(where.notIn)}))`;
  return where.equals === null ? sql`${c} is null` : sql`${c} = ${where.equals}`;
}

/** The SQL of one measure over the grouped rows (the only place a report becomes SQL). */
function measureSql(m: ReportMeasure): RawBuilder<unknown> {
  const hit = m.where ? sql`case when ${matches(m.where)} then 1 else 0 end` : sql`1`;
  const value = m.field ? (m.where ? sql`case when ${matches(m.where)} then ${col(m.field)} end` : col(m.field)) : sql`null`;
  switch (m.agg) {
    case 'count':
      return sql`coalesce(sum(${hit}), 0)`;
    case 'rate':
      return sql`coalesce(round(100.0 * sum(${hit}) / nullif(count(*), 0), 1), 0)`;
    case 'sum':
      return sql`coalesce(sum(${value}), 0)`;
    case 'avg':
      return sql`coalesce(round(avg(${value}), 2), 0)`;
    case 'max':
      return sql`coalesce(max(${value}), 0)`;
    case 'min':
      return sql`coalesce(min(${value}), 0)`;
  }
}

/** The grouping key: a column's value, or (SQLite) the local day or month of a millisecond timestamp. */
function dimensionSql(d: ReportDimension): RawBuilder<unknown> {
  if (!d.bucket) return col(d.field);
  const format = d.bucket === 'day' ? '%Y-%m-%d' : '%Y-%m';
  return sql`strftime(${format}, ${col(d.field)} / 1000, 'unixepoch', 'localtime')`;
}

async function labeller(db: AnyDB, app: FastifyInstance, d: ReportDimension, keys: unknown[]): Promise<(key: unknown) => string> {
  if (d.enum) return (k) => d.enum![String(k)] ?? String(k ?? '未填写');
  if (d.dict) {
    const items = new Map((await dictItems(db, d.dict)).map((i) => [i.value, i.label]));
    return (k) => items.get(String(k)) ?? String(k ?? '未填写');
  }
  if (d.labelTable) {
    const label = app.catalogue.resources.get(d.labelTable)?.labelField ?? 'name';
    const ids = keys.filter((k) => k !== null && k !== undefined);
    const rows = ids.length ? ((await db.selectFrom(d.labelTable).select(['id', label]).where('id', 'in', ids).execute()) as Row[]) : [];
    const names = new Map(rows.map((r) => [r.id, String(r[label])]));
    return (k) => names.get(k) ?? (k === null || k === undefined ? '未填写' : `#${String(k)}`);
  }
  return (k) => (k === null || k === undefined || k === '' ? '未填写' : String(k));
}

/** Input schema of a report: nothing beyond what the definition allows through. */
function inputSchema(report: ReportDef) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      dateRange: { type: 'array', maxItems: 2, items: { anyOf: [{ type: 'string', maxLength: 30 }, { type: 'integer' }, { type: 'null' }] } },
      project_id: { type: 'integer', minimum: 1 },
      groupBy: { type: 'string', enum: report.dimensions.map((d) => d.name) },
      filters: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries((report.filters ?? []).map((f) => [f, { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'boolean' }] }])),
      },
    },
  };
}

/**
 * A report definition's endpoints: `/query` answers the figures of each group and in total,
 * `/export` the same as Excel. Rows follow the caller's data scope through the project column,
 * by the same rule as the source resource's list (scopeRows, with the source's `hooks.ownRows`).
 */
export function reportRoutes(report: ReportDef, hooks: Pick<ResourceHooks, 'ownRows'> = {}) {
  return async function plugin(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    const measures = report.measures.map((m) => ({ name: m.name, title: m.title, cell: m.cell ?? (m.agg === 'rate' ? 'percent' : 'number') }));

    async function run(staff: StaffContext, input: ReportInput): Promise<ReportAnswer> {
      const dimension = report.dimensions.find((d) => d.name === input.groupBy) ?? report.dimensions[0]!;
      const pf = report.projectField;
      // Scoped as a subquery: own-record conditions name the source table, the figures read it as s.
      const visible = await scopeRows({ db, staff, hooks }, { name: report.source, scope: pf ? 'project' : undefined, projectField: pf }, db.selectFrom(report.source).selectAll(report.source));
      let base = db.selectFrom(visible.as('s'));
      if (pf && input.project_id) base = base.where(`s.${pf}`, '=', input.project_id);
      if (report.dateField && input.dateRange?.length) {
        const [from, to] = dayRange(input.dateRange);
        if (from !== null) base = base.where(`s.${report.dateField}`, '>=', from);
        if (to !== null) base = base.where(`s.${report.dateField}`, '<=', to);
      }
      for (const [field, value] of Object.entries(input.filters ?? {})) {
        if (value !== '' && value !== null) base = base.where(`s.${field}`, '=', value);
      }
      const figures = report.measures.map((m) => measureSql(m).as(m.name));
      const totalsRow = ((await base.select(figures).executeTakeFirst()) ?? {}) as Row;
      const key = dimensionSql(dimension);
      const grouped = (await base
        .select([key.as('key'), ...figures])
        .groupBy(key)
        .orderBy(dimension.bucket ? key : sql.ref(report.measures[0]!.name), dimension.bucket ? 'asc' : 'desc')
        .limit(MAX_GROUPS)
        .execute()) as Row[];
      const label = await labeller(db, app, dimension, grouped.map((g) => g.key));
      const number = (v: unknown) => Number(v ?? 0);
      return {
        dimension: { name: dimension.name, title: dimension.title },
        measures,
        totals: Object.fromEntries(report.measures.map((m) => [m.name, number(totalsRow[m.name])])),
        rows: grouped.map((g) => ({
          key: g.key as string | number | null,
          label: label(g.key),
          ...Object.fromEntries(report.measures.map((m) => [m.name, number(g[m.name])])),
        })) as ReportAnswer['rows'],
      };
    }

    app.post('/query', { config: { btnCode: report.permissions.view }, schema: { body: inputSchema(report) } }, async (request) =>
      ok(await run(request.staff!, (request.body ?? {}) as ReportInput)),
    );

    if (report.permissions.export) {
      const validate = new Ajv({ strict: false }).compile(inputSchema(report));
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
          const answer = await run(request.staff!, input);
          const percent = (cell: string, v: number) => (cell === 'percent' ? `${v}%` : v);
          const rows = [
            ...answer.rows.map((r) => ({ label: r.label, ...Object.fromEntries(measures.map((m) => [m.name, percent(m.cell, r[m.name]!)])) })),
            { label: '合计', ...Object.fromEntries(measures.map((m) => [m.name, percent(m.cell, answer.totals[m.name]!)])) },
          ];
          const columns = [{ header: answer.dimension.title, key: 'label', width: 24 }, ...measures.map((m) => ({ header: m.title, key: m.name }))];
          return sendExcel(reply, `${report.title}_${new Date().toISOString().slice(0, 10)}.xlsx`, columns, rows);
        },
      );
    }
  };
}
