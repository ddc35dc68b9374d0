import { maxPageSize } from '../../../src/shared/endpoints.ts';
import { forbidden, ok } from '../../platform/http/envelope.ts';
import type { StaffContext } from '../../platform/types.ts';
import type { AnySelect, Row } from '../hooks.ts';
import { filtersSchema } from '../validation.ts';
import { guardCodes } from '../catalogue.ts';
import { lookupCodes } from '../lookups.ts';
import { idQuery, type ResourceContext } from './context.ts';
import { parseDateTime } from './dateTimes.ts';
import { contains } from '../../platform/db/textSearch.ts';
import { UNCACHED_LIST_TABLES } from '../../platform/db/statements.ts';

export interface ListQuery {
  pageNum?: number;
  pageSize?: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
  filters?: Record<string, unknown>;
}


/** A date range picked as ["2026-11-01", "2026-11-22"] covers both whole days, in epoch ms. */
export function dayRange(value: unknown[]): [number | null, number | null] {
  const at = (v: unknown, end: boolean): number | null => {
    if (typeof v === 'number') return v;
    if (typeof v !== 'string' || !v) return null;
    const ms = parseDateTime(v) ?? new Date(v).getTime();
    if (Number.isNaN(ms)) return null;
    // A day alone ends at its last millisecond (the next midnight, less one: days of 23 or 25 hours too).
    if (!end || !/^\d{4}[-/]\d{1,2}[-/]\d{1,2}$/.test(v)) return ms;
    const next = new Date(ms);
    next.setDate(next.getDate() + 1);
    return next.getTime() - 1;
  };
  return [at(value[0], false), at(value[1], true)];
}

/** The declared filters (`filter` of each field, the enabled flag, the project). */
function applyFilters(ctx: ResourceContext, query: AnySelect, filters: Record<string, unknown> = {}): AnySelect {
  const { db, resource, table } = ctx;
  let q = query;
  for (const [name, field] of ctx.fields) {
    const value = filters[name];
    if (!field.filter || value === undefined || value === null || value === '') continue;
    const column = `${table}.${name}`;
    if (field.through) {
      const wanted = Array.isArray(value) ? value : [value];
      const t = field.through;
      if (wanted.length) q = q.where(`${table}.id`, 'in', db.selectFrom(t.table).select(t.from).where(t.to, 'in', wanted as never[]));
      continue;
    }
    if (field.filter === 'like') q = q.where(contains(column, String(value)));
    else if (field.filter === 'in') {
      // One value alone narrows like a list of one: ignoring it would answer every row.
      const wanted = Array.isArray(value) ? value : [value];
      if (wanted.length) q = q.where(column, 'in', wanted as never[]);
    }
    else if (field.filter === 'range' && Array.isArray(value)) {
      const [from, to] = field.type === 'datetime' ? dayRange(value) : value;
      if (from !== null && from !== undefined && from !== '') q = q.where(column, '>=', from as never);
      if (to !== null && to !== undefined && to !== '') q = q.where(column, '<=', to as never);
    } else if (field.filter === 'eq') q = q.where(column, '=', value as never);
  }
  if (resource.enable && (filters.enabled === 0 || filters.enabled === 1)) q = q.where(`${table}.enabled`, '=', filters.enabled);
  if (resource.scope === 'project' && typeof filters.project_id === 'number') q = q.where(`${table}.project_id`, '=', filters.project_id);
  return q;
}

/**
 * The rows a list or an export reads: those the caller may see (scopeRows), narrowed by the
 * declared filters, then by the resource's own (hooks.listFilter).
 */
export async function filteredRows(ctx: ResourceContext, query: AnySelect, staff: StaffContext, filters: Record<string, unknown> = {}): Promise<AnySelect> {
  const declared = (await ctx.related(staff)).filter(applyFilters(ctx, await ctx.scoped(query, staff), filters), filters);
  return ctx.hooks.listFilter ? ctx.hooks.listFilter({ db: ctx.db, staff, query: declared, filters }) : declared;
}

/** List (paged, filtered, sorted), detail and select options. */
export function registerReads(ctx: ResourceContext): void {
  const { app, db, resource, table, p } = ctx;
  const labelField = resource.labelField ?? 'name';
  const relatedSortable = Object.entries(resource.related ?? {}).filter(([, d]) => d.sortable).map(([n]) => n);
  const sortable = ['id', ...(resource.readOnly ? [] : ['created_at', 'updated_at']), ...ctx.fields.filter(([, f]) => f.sortable).map(([n]) => n), ...ctx.computed.sortable, ...relatedSortable];
  const listSchema = {
    type: 'object',
    additionalProperties: false,
    properties: {
      pageNum: { type: 'integer', minimum: 1, default: 1 },
      // The resource's own limit: large pages are a choice of its definition, never of the caller.
      pageSize: { type: 'integer', minimum: 1, maximum: maxPageSize(resource), default: 10 },
      sortField: { type: 'string', enum: sortable },
      sortOrder: { type: 'string', enum: ['ascend', 'descend'] },
      filters: filtersSchema(resource),
    },
  };

  app.post('/list', { config: { btnCode: p.view, listCache: !UNCACHED_LIST_TABLES.has(resource.name) }, schema: { body: listSchema }, schemaErrorFormatter: ctx.errorFormatter }, async (request) => {
    const q = (request.body ?? {}) as ListQuery;
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const base = await filteredRows(ctx, db.selectFrom(table), request.staff!, q.filters);
    const sortField = q.sortField ?? resource.defaultSort?.field ?? 'id';
    const direction = q.sortField ? (q.sortOrder === 'ascend' ? 'asc' : 'desc') : (resource.defaultSort?.order ?? 'desc');
    const related = await ctx.related(request.staff!);
    // The count and the page together: on PostgreSQL two connections, one wait instead of two.
    const [counted, records] = await Promise.all([
      app.counts.of(db, base),
      related
        .select(ctx.withRefLabels(ctx.withProjectName(base.selectAll(table))))
        // A computed or related column sorts by its alias (its subquery), a field by its column.
        .orderBy(ctx.computed.names.has(sortField) || relatedSortable.includes(sortField) ? sortField : `${table}.${sortField}`, direction)
        .orderBy(`${table}.id`, 'desc')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    const answers = await ctx.withLinks(records.map((r) => ctx.masked(ctx.readJson(ctx.answer(r as Row)))));
    return ok({ records: answers, ...counted, pageNum, pageSize });
  });

  app.get('/detail', { config: { btnCode: p.view }, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query as { id: number };
    // Masked like the list (issue 40): the full values come only from /reveal, which is logged.
    const [record] = await ctx.withLinks([ctx.masked(ctx.readJson(ctx.answer(await ctx.findVisible(id, request.staff!))))]);
    return ok(record);
  });

  if (ctx.maskFields.length && p.reveal) {
    /** The masked fields of one visible record in full, for a caller holding the reveal code and the view code (logged). */
    app.post(
      '/reveal',
      { config: { btnCode: p.reveal, personal: { reveal: guardCodes(p.reveal) } }, schema: { body: idQuery } },
      async (request) => {
        if (p.view && !guardCodes(p.view).some((code) => request.staff!.buttons.has(code))) throw forbidden(`没有权限查看${resource.title}`);
        const { id } = request.body as { id: number };
        const row = await ctx.findVisible(id, request.staff!);
        return ok(Object.fromEntries([['id', id], ...ctx.maskFields.map(([name]) => [name, row[name] ?? null])]), '已显示完整信息，本次查看已记录');
      },
    );
  }

  app.get(
    '/options',
    {
      // Labels only: its viewers, and whoever holds a button of a screen that picks its records (lookups.ts).
      config: { btnCode: lookupCodes(app.catalogue, resource) },
      schema: { querystring: { type: 'object', additionalProperties: false, properties: { keyword: { type: 'string', maxLength: 64 }, all: { type: 'boolean' } } } },
    },
    async (request) => {
      const { keyword, all } = request.query as { keyword?: string; all?: boolean };
      let q = await ctx.scoped(db.selectFrom(table).select(['id', labelField]), request.staff!);
      if (resource.enable && !all) q = q.where('enabled', '=', 1);
      if (keyword) q = q.where(contains(labelField, keyword));
      const rows = (await q.orderBy(labelField).limit(500).execute()) as Row[];
      return ok(rows.map((r) => ({ label: ctx.masked({ [labelField]: r[labelField] })[labelField], value: r.id })));
    },
  );
}
