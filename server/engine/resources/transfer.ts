import type { CompiledQuery } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { ResourceField } from '../../../src/shared/schemaTypes.ts';
import { ApiError, badRequest, ok } from '../../platform/http/envelope.ts';
import { sendExcel } from '../../platform/http/excel.ts';
import { readUploadedRows } from '../../platform/http/excelImport.ts';
import { exportDateTimeFormatter } from '../../platform/http/exportDateTime.ts';
import { htmlToText } from '../../platform/http/sanitize.ts';
import type { AnySelect, Row } from '../hooks.ts';
import { bodySchema, describeIssue } from '../validation.ts';
import type { ResourceContext } from './context.ts';
import { joinLabels } from './links.ts';
import { filteredRows } from './query.ts';
import { checkValues, defaults, dictItems, maskValue, toColumns } from './values.ts';
import { checkAudiences } from '../audience.ts';
import { childColumns, childValue, groupNested, placeIssue, type NestedRecord } from './nestedImport.ts';
import { compileInputValidator } from '../../platform/http/validators.ts';

const EXPORT_LIMIT = 100_000;
/**
 * Export rows read per query. Small enough that a batch is garbage before V8's young generation
 * is swept twice: a thousand rows lived long enough to be promoted, and the old generation then
 * grew by some 100 MB over an export before a full collection gave it back.
 */
const EXPORT_BATCH = 200;
const IMPORT_ROWS = 5000;

class ImportRejected extends Error {}

/** Export to Excel (the list's filters), and import from Excel with its template. */
export function registerTransfer(ctx: ResourceContext): void {
  const { app, db, resource, table, fields, p } = ctx;
  const exportFields = fields.filter(([, f]) => !f.noExport);
  /** The table's columns an export reads: the id, its own fields' (link fields are read apart) and the enabled flag. */
  const computedNames = Object.keys(resource.computed ?? {});
  const relatedNames = Object.keys(resource.related ?? {});
  const exportColumns = ['id', ...exportFields.filter(([, f]) => !f.through).map(([name]) => name), ...(resource.enable ? ['enabled'] : [])].map((c) => `${table}.${c}`);

  /**
   * The exported columns' texts of a row read as a list (by column position, see exportRows):
   * enum and dictionary names, referenced records' labels, masked values, dates as text.
   */
  async function exportCells(at: (column: string) => number): Promise<((row: unknown[]) => unknown)[]> {
    const links = await ctx.linksOf(null);
    const id = at('id');
    const datetime = exportDateTimeFormatter();
    const cells: ((row: unknown[]) => unknown)[] = [];
    if (resource.scope === 'project') {
      const project = at('project_name');
      cells.push((row) => row[project] ?? '');
    }
    for (const [name, f] of exportFields) {
      if (f.through) {
        const byOwner = links.get(name)!;
        cells.push((row) => joinLabels(byOwner.get(row[id]) ?? []));
        continue;
      }
      const dict = f.dict ? new Map((await dictItems(db, f.dict)).map((i) => [i.value, i.label])) : null;
      // Referenced records' labels come joined in (withRefLabels): a big referenced table is never loaded whole.
      const label = f.ref ? at(`${name}_label`) : -1;
      // The workflow's state field names its states in the workflow, not in an enum.
      const states = name === resource.workflow?.field ? resource.workflow.states : null;
      const i = at(name);
      const named = (value: unknown) => (f.enum ? f.enum[String(value)] : dict?.get(String(value))) ?? value;
      const text = (value: unknown, row: unknown[]): unknown => {
        if (states) return states[String(value)]?.text ?? value;
        // A multi-select's values, each by its name.
        if (f.type === 'json' && (f.enum || dict)) return (JSON.parse(String(value)) as unknown[]).map(named).join('、');
        if (f.enum || dict) return named(value);
        if (f.ref) return row[label] ?? value;
        if (f.type === 'boolean') return value ? '是' : '否';
        if (f.type === 'html') return htmlToText(String(value));
        if (f.type === 'datetime') return datetime(Number(value));
        return value;
      };
      cells.push((row) => {
        const value = f.mask && typeof row[i] === 'string' ? maskValue(f.mask, row[i] as string) : row[i];
        return value === null || value === undefined ? '' : text(value, row);
      });
    }
    if (resource.enable) {
      const enabled = at('enabled');
      cells.push((row) => (row[enabled] ? '启用' : '停用'));
    }
    // Computed then related columns come last, as the list answers them.
    for (const name of [...computedNames, ...relatedNames]) {
      const i = at(name);
      cells.push((row) => row[i] ?? '');
    }
    return cells;
  }

  /**
   * Up to EXPORT_LIMIT rows of a query in id order, EXPORT_BATCH at a time after the last id
   * read: an open cursor would hold SQLite's one connection for the whole download and stall
   * every other request. Rows come as lists (better-sqlite3's raw mode) with the position of
   * each column: as objects of some fifty keys V8 keeps them as slow dictionaries, and reading
   * them took a third of a large export. Each batch runs while Kysely lends out the connection,
   * so it never reads inside another request's open transaction.
   */
  async function exportRows(query: AnySelect): Promise<{ at: (column: string) => number; rows: AsyncIterable<unknown[]> }> {
    const batchAfter = (last: number) => query.where(`${table}.id`, '>', last).orderBy(`${table}.id`).limit(EXPORT_BATCH).compile();
    if (!app.sqlite) return exportRowsShared(batchAfter);
    const statement = app.sqlite.prepare(batchAfter(0).sql).raw(true);
    const positions = new Map(statement.columns().map((c, i) => [c.name, i]));
    const at = (column: string) => {
      const i = positions.get(column);
      if (i === undefined) throw new Error(`export query has no column ${column}`);
      return i;
    };
    const id = at('id');
    async function* rows() {
      let last = 0;
      for (let left = EXPORT_LIMIT; left > 0; ) {
        const { sql, parameters } = batchAfter(last);
        if (sql !== statement.source) throw new Error('export batch query changed between batches');
        const batch = (await db.connection().execute(async () => statement.all(...parameters))) as unknown[][];
        yield* batch.slice(0, left);
        if (batch.length < EXPORT_BATCH) return;
        left -= batch.length;
        last = batch[batch.length - 1]![id] as number;
      }
    }
    return { at, rows: rows() };
  }

  /** The same batches on PostgreSQL, through the pool: rows come as objects, turned into lists in the first batch's column order. */
  async function exportRowsShared(batchAfter: (last: number) => CompiledQuery): Promise<{ at: (column: string) => number; rows: AsyncIterable<unknown[]> }> {
    let batch = (await db.executeQuery<Record<string, unknown>>(batchAfter(0))).rows;
    const names = batch[0] ? Object.keys(batch[0]) : [];
    const positions = new Map(names.map((n, i) => [n, i]));
    // An empty export reads no column: any position will do.
    const at = (column: string) => positions.get(column) ?? (names.length ? fail(column) : 0);
    const fail = (column: string): never => {
      throw new Error(`export query has no column ${column}`);
    };
    async function* rows() {
      for (let left = EXPORT_LIMIT; batch.length && left > 0; ) {
        yield* batch.slice(0, left).map((row) => names.map((n) => row[n]));
        if (batch.length < EXPORT_BATCH) return;
        left -= batch.length;
        batch = (await db.executeQuery<Record<string, unknown>>(batchAfter(batch[batch.length - 1]!.id as number))).rows;
      }
    }
    return { at, rows: rows() };
  }

  if (p.export) {
    app.get(
      '/export',
      { config: { btnCode: p.export }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { filters: { type: 'string', maxLength: 4000 } } } } },
      async (request, reply) => {
        const { filters } = request.query as { filters?: string };
        const { validateFilters } = ctx;
        let parsed: Record<string, unknown> = {};
        try {
          parsed = filters ? JSON.parse(filters) : {};
        } catch {
          throw badRequest('筛选条件格式不正确');
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('筛选条件格式不正确');
        if (!validateFilters(parsed)) throw badRequest(describeIssue(resource, { ...validateFilters.errors![0]!, instancePath: `/filters${validateFilters.errors![0]!.instancePath}` }));
        // Only the columns the file shows (exportCells): a row of all ~60 cost a third more to read.
        const related = await ctx.related(request.staff!);
        const query = related.select(ctx.withRefLabels(ctx.withProjectName(await filteredRows(ctx, db.selectFrom(table).select(exportColumns), request.staff!, parsed))));
        const { at, rows } = await exportRows(query);
        const cells = await exportCells(at);
        // A project-scoped export spans every project the caller sees: each row says which.
        const header = [
          ...(resource.scope === 'project' ? [{ header: '所属项目', key: 'project_name' }] : []),
          ...exportFields.map(([name, f]) => ({ header: f.title, key: name })),
          ...(resource.enable ? [{ header: '状态', key: 'enabled' }] : []),
          ...computedNames.map((name) => ({ header: resource.computed![name]!.title, key: name })),
          ...relatedNames.map((name) => ({ header: resource.related![name]!.title, key: name })),
        ];
        async function* texts() {
          for await (const row of rows) yield cells.map((cell) => cell(row));
        }
        return sendExcel(reply, `${resource.title}_${new Date().toISOString().slice(0, 10)}.xlsx`, header, texts());
      },
    );
  }

  if (!p.import) return;
  const validateAdd = compileInputValidator(bodySchema(resource, 'add'));
  /** Columns of the import template: the fields a person fills in, by title. */
  const nested = resource.nestedImport;
  // A nested import's child list is filled by its child columns, not by a column of its own; what the server sets (`auto`) is no column to fill.
  const importColumns = fields.filter(([name, f]) => !f.through && !f.auto && name !== nested?.field).map(([name, f]) => ({ name, title: f.title + (f.required ? '（必填）' : ''), field: f }));
  const children = nested ? childColumns(resource, nested) : [];

  /**
   * A reference written as its record's name (题库「消防安全知识题库」): the id of the one record
   * so named, else the text, which the import then refuses as not found.
   */
  const refIds = new Map<string, Map<string, unknown>>();
  async function refByLabel(ref: string, text: string): Promise<unknown> {
    const target = app.catalogue.resources.get(ref);
    if (target?.refLabel) return text;
    const cache = refIds.get(ref) ?? new Map<string, unknown>();
    refIds.set(ref, cache);
    if (!cache.has(text)) {
      const rows = await db.selectFrom(ref).select('id').where(target?.labelField ?? 'name', '=', text).limit(2).execute();
      cache.set(text, rows.length === 1 ? rows[0]!.id : text);
    }
    return cache.get(text);
  }

  async function readImport(request: FastifyRequest): Promise<{ records: NestedRecord<Row>[]; orphans: number[] }> {
    const sheet = await readUploadedRows(request, IMPORT_ROWS);
    const header = sheet.header.slice(1).map((v) => String(v ?? '').trim());
    const index = new Map(header.map((h, i) => [h.replace(/（必填）$/, ''), i + 1]));
    const missing = importColumns.filter((c) => !index.has(c.field.title)).map((c) => c.field.title);
    if (missing.length) throw badRequest(`模板列不完整，缺少：${missing.join('、')}；请下载最新模板`);
    const dictLookups = new Map<string, Map<string, string>>();
    for (const c of importColumns) if (c.field.dict) dictLookups.set(c.field.dict, new Map((await dictItems(db, c.field.dict)).map((i) => [i.label, i.value])));
    const missingChildren = children.filter((c) => !index.has(c.title)).map((c) => c.title);
    if (missingChildren.length) throw badRequest(`模板列不完整，缺少：${missingChildren.join('、')}；请下载最新模板`);
    const cellText = (cell: unknown) => (cell === null || cell === undefined ? '' : typeof cell === 'object' && 'text' in cell ? String(cell.text) : String(cell).trim());
    const out: { row: number; own: Row | null; child: Row | null }[] = [];
    for (const excelRow of sheet.rows) {
      const values: Row = {};
      let empty = true;
      for (const c of importColumns) {
        const text = cellText(excelRow.values[index.get(c.field.title)!]);
        if (text === '') continue;
        empty = false;
        values[c.name] = c.field.ref && !/^\d+$/.test(text) ? await refByLabel(c.field.ref, text) : fromCell(c.field, text, dictLookups);
      }
      const child: Row = {};
      for (const c of children) {
        const text = cellText(excelRow.values[index.get(c.title)!]);
        if (text !== '') child[c.key] = childValue(c.shape, text);
      }
      const hasChild = Object.keys(child).length > 0;
      if (!empty || hasChild) out.push({ row: excelRow.number, own: empty ? null : values, child: hasChild ? child : null });
    }
    if (!out.length) throw badRequest('Excel 中没有数据行');
    if (nested) return groupNested(out, nested.field);
    return { records: out.map((r) => ({ row: r.row, values: r.own!, childRows: [] })), orphans: [] };
  }

  app.get('/template', { config: { btnCode: p.import } }, async (_request, reply) =>
    sendExcel(reply, `${resource.title}导入模板.xlsx`, [...importColumns.map((c) => ({ header: c.title, key: c.name, width: 20 })), ...children.map((c) => ({ header: c.title, key: `child_${c.key}`, width: 20 }))], []),
  );

  app.post('/import', { config: { btnCode: p.import } }, async (request) => {
    const { records, orphans } = await readImport(request);
    const now = Date.now();
    const errors: { row: number; message: string }[] = orphans.map((row) => ({ row, message: `该行只填了${nested ? resource.fields[nested.field]?.title : ''}，上方没有所属的${resource.title}` }));
    const prepared: { row: number; values: Row }[] = [];
    for (const record of records) {
      const { row, values } = record;
      const body = { ...defaults(resource), ...values };
      const unknownRef = importColumns.find((c) => c.field.ref && typeof values[c.name] === 'string');
      if (unknownRef) {
        errors.push({ row, message: `${unknownRef.field.title}「${values[unknownRef.name]}」不存在` });
        continue;
      }
      if (!validateAdd(body)) {
        errors.push(nested ? placeIssue(resource, nested, record, validateAdd.errors![0] as never) : { row, message: describeIssue(resource, validateAdd.errors![0] as never) });
        continue;
      }
      prepared.push({ row, values: toColumns(resource, body) });
    }
    // All or nothing: every row is checked inside one transaction that rolls back on any error.
    try {
      await db.transaction().execute(async (trx) => {
        for (const { row, values } of prepared) {
          try {
            await checkValues(trx, resource, values, null);
            await checkAudiences(trx, resource, values, request.staff!);
            // A nested record is checked and completed by its hooks as an add is (a question's options against its type).
            if (nested) await ctx.hooks.beforeSave?.({ trx, staff: request.staff!, app, id: null, values, current: null });
            const inserted = await trx
              .insertInto(table)
              .values({ ...values, ...(resource.enable ? { enabled: 1 } : {}), created_by: request.staff!.id, created_at: now, updated_at: now })
              .returning('id')
              .executeTakeFirstOrThrow();
            if (nested) await ctx.hooks.afterSave?.({ trx, staff: request.staff!, app, id: Number(inserted.id), values, created: true });
          } catch (error) {
            if (error instanceof ApiError) errors.push({ row, message: error.message });
            else throw error;
          }
        }
        if (errors.length) throw new ImportRejected();
      });
    } catch (error) {
      if (!(error instanceof ImportRejected)) throw error;
    }
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      const text = errors.slice(0, 5).map((e) => `第 ${e.row} 行：${e.message}`).join('；');
      throw new ApiError(400, `导入失败，未导入任何数据。${text}${errors.length > 5 ? `；等 ${errors.length} 处错误` : ''}`);
    }
    return ok({ count: prepared.length }, `成功导入 ${prepared.length} 条${resource.title}`);
  });
}

/** A cell's text as the field's value; enum and dictionary names are accepted for their values. */
function fromCell(field: ResourceField, text: string, dicts: Map<string, Map<string, string>>): unknown {
  if (field.enum) return Object.entries(field.enum).find(([, name]) => name === text)?.[0] ?? text;
  if (field.dict) return dicts.get(field.dict)?.get(text) ?? text;
  if (field.type === 'integer' || field.type === 'datetime') return /^-?\d+$/.test(text) ? Number(text) : text;
  if (field.type === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (field.type === 'boolean') return ['是', '1', 'true'].includes(text) ? 1 : ['否', '0', 'false'].includes(text) ? 0 : text;
  return text;
}
