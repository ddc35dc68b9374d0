import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import Ajv from 'ajv';
import type { ResourceDef, ResourceField, WorkflowTransition } from '../../src/shared/schemaTypes.ts';
import { ApiError, badRequest, conflict, notFound, ok } from '../platform/http/envelope.ts';
import { readUploadedSheet, sendExcel } from '../platform/http/excel.ts';
import { visibleProjectIds } from './scope.ts';
import type { StaffContext } from '../platform/types.ts';
import { bodySchema, describeIssue, fieldSchema, filtersSchema, resourceErrorFormatter } from './validation.ts';
import { SYSTEM_ACTOR, type ResourceHooks } from './hooks.ts';
import { tableColumns } from './tables.ts';
import { htmlToText, sanitizeHtml } from '../platform/http/sanitize.ts';
import { exportDateTimeFormatter } from '../platform/http/exportDateTime.ts';
import { maxPageSize } from '../../src/shared/endpoints.ts';

// Resource tables are defined at run time by JSON, so their queries are untyped by design.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>;
type Row = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

const EXPORT_LIMIT = 100_000;
/**
 * Export rows read per query. Small enough that a batch is garbage before V8's young generation
 * is swept twice: a thousand rows lived long enough to be promoted, and the old generation then
 * grew by some 100 MB over an export before a full collection gave it back.
 */
const EXPORT_BATCH = 200;

export interface ListQuery {
  pageNum?: number;
  pageSize?: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
  filters?: Record<string, unknown>;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The generic endpoints of one resource (list, detail, options, add, update, delete, enable,
 * export, import, template), each with its input schema, permission and data scope.
 */
export function resourceRoutes(resource: ResourceDef, hooks: ResourceHooks = {}) {
  return async function plugin(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    if (hooks.routes) await hooks.routes(app);
    const table = resource.name;
    // A read-only view answers list, detail, options and export, whatever else is declared.
    const p = resource.readOnly ? { view: resource.permissions.view, export: resource.permissions.export } as ResourceDef['permissions'] : resource.permissions;
    const fields = Object.entries(resource.fields);
    const labelField = resource.labelField ?? 'name';
    const filterable = fields.filter(([, f]) => f.filter);
    const sortable = ['id', ...(resource.readOnly ? [] : ['created_at', 'updated_at']), ...fields.filter(([, f]) => f.sortable).map(([n]) => n)];
    const errorFormatter = resourceErrorFormatter(resource);
    const ajv = new Ajv({ allErrors: false, coerceTypes: false, strict: false });
    const validateAdd = ajv.compile(bodySchema(resource, 'add'));
    const validateFilters = ajv.compile(filtersSchema(resource));

    /** Rows the caller may see: a project-scoped resource follows the data scope of their roles. */
    async function scoped(query: AnySelect, staff: StaffContext, q: AnyDB = db): Promise<AnySelect> {
      if (resource.scope !== 'project' || staff.dataScopes.includes('all')) return query;
      // Inside a transaction every query must use it: SQLite has one connection.
      const projects = await visibleProjectIds(q as unknown as typeof app.db, staff);
      const own = staff.dataScopes.includes('self');
      const ownRows = own && hooks.ownRows ? await hooks.ownRows({ db: q, staff }) : null;
      return query.where((eb) => {
        const parts = [];
        if (projects.length) parts.push(eb(`${table}.project_id`, 'in', projects));
        if (own) parts.push(ownRows ? ownRows(eb) : eb(`${table}.created_by`, '=', staff.id));
        return parts.length ? eb.or(parts) : eb.val(false);
      });
    }

    /** Project-scoped records carry their project's name for lists and details. */
    function withProjectName(query: AnySelect): AnySelect {
      if (resource.scope !== 'project') return query;
      return query.leftJoin('org as project', 'project.id', `${table}.project_id`).select('project.name as project_name');
    }

    const refFields = fields.filter(([, f]) => f.ref && !f.through);
    /** Referenced records' labels as "<field>_label", so lists, details and exports show names rather than ids. */
    function withRefLabels(query: AnySelect): AnySelect {
      let q = query;
      for (const [name, f] of refFields) {
        const alias = `ref_${name}`;
        q = q.leftJoin(`${f.ref} as ${alias}`, `${alias}.id`, `${table}.${name}`).select(refLabel(f.ref!, alias).as(`${name}_label`));
      }
      return q;
    }

    /** How a record of `ref` (joined as alias) is named elsewhere: its resource's refLabel, else its labelField. */
    function refLabel(ref: string, alias: string): RawBuilder<unknown> {
      const target = app.catalogue.resources.get(ref);
      if (!target?.refLabel) return sql.ref(`${alias}.${target?.labelField ?? 'name'}`);
      const parts = target.refLabel.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? sql`coalesce(${sql.ref(`${alias}.${part}`)}, '')` : sql.lit(part)));
      return sql`case when ${sql.ref(`${alias}.id`)} is null then null else ${sql.join(parts, sql` || `)} end`;
    }

    /** Fields kept in a join table (staff_post...) rather than a column: lists of ids. */
    const linkFields = fields.filter(([, f]) => f.through);
    const linkNames = new Set(linkFields.map(([n]) => n));
    /** What a write puts in the table's own columns: link fields go to their join tables. */
    const columnsOf = (values: Row): Row => Object.fromEntries(Object.entries(values).filter(([k]) => !linkNames.has(k)));

    /** Each record's linked ids per link field, with their labels. */
    async function linksOf(ids: unknown[] | null, q: AnyDB = db): Promise<Map<string, Map<unknown, { id: unknown; label: unknown }[]>>> {
      const out = new Map<string, Map<unknown, { id: unknown; label: unknown }[]>>();
      for (const [name, f] of linkFields) {
        const t = f.through!;
        let query = q
          .selectFrom(`${t.table} as link`)
          .innerJoin(`${f.ref} as target`, 'target.id', `link.${t.to}`)
          .select([`link.${t.from} as owner`, 'target.id as id', refLabel(f.ref!, 'target').as('label')]);
        if (ids) query = query.where(`link.${t.from}`, 'in', ids);
        const byOwner = new Map<unknown, { id: unknown; label: unknown }[]>();
        for (const l of (await query.orderBy('target.id').execute()) as Row[]) byOwner.set(l.owner, [...(byOwner.get(l.owner) ?? []), { id: l.id, label: l.label }]);
        out.set(name, byOwner);
      }
      return out;
    }

    /** Link fields answered as ids and "<field>_label". */
    async function withLinks(rows: Row[], q: AnyDB = db): Promise<Row[]> {
      if (!linkFields.length || !rows.length) return rows;
      const links = await linksOf(rows.map((r) => r.id), q);
      for (const r of rows) {
        for (const [name] of linkFields) {
          const own = links.get(name)!.get(r.id) ?? [];
          r[name] = own.map((l) => l.id);
          r[`${name}_label`] = joinLabels(own);
        }
      }
      return rows;
    }

    async function writeLinks(trx: AnyDB, id: number, values: Row): Promise<void> {
      for (const [name, f] of linkFields) {
        if (!(name in values) || f.auto) continue;
        const t = f.through!;
        await trx.deleteFrom(t.table).where(t.from, '=', id).execute();
        for (const target of (values[name] as number[] | null) ?? []) await trx.insertInto(t.table).values({ [t.from]: id, [t.to]: target }).execute();
      }
    }

    /** What a record answers: its declared columns only (never a core table's secrets such as password hashes). */
    const answered = new Set([...tableColumns(resource), 'project_name', ...fields.flatMap(([n]) => [n, `${n}_label`])]);
    const answer = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([k]) => answered.has(k)));
    const maskFields = fields.filter(([, f]) => f.mask);
    /** Lists and exports hide what a `mask` hides; the detail (the edit form) keeps the value. */
    function masked(row: Row): Row {
      for (const [name, f] of maskFields) if (typeof row[name] === 'string') row[name] = maskValue(f.mask!, row[name] as string);
      return row;
    }

    async function findVisible(id: number, staff: StaffContext, q: AnyDB = db): Promise<Row> {
      const row = await (await scoped(withRefLabels(withProjectName(q.selectFrom(table).selectAll(table))).where(`${table}.id`, '=', id), staff, q)).executeTakeFirst();
      // Another organisation's record answers exactly like a missing one.
      if (!row) throw notFound(`${resource.title}不存在或已被删除`);
      return row as Row;
    }

    /** A record to change: visible to the caller and not locked. */
    async function findChangeable(id: number, staff: StaffContext, q: AnyDB): Promise<Row> {
      const row = await findVisible(id, staff, q);
      const locked = resource.locked;
      if (locked && locked.values.includes(row[locked.field] as never)) throw badRequest(locked.message);
      return row;
    }

    function applyFilters(query: AnySelect, filters: Record<string, unknown> = {}): AnySelect {
      let q = query;
      for (const [name, field] of filterable) {
        const value = filters[name];
        if (value === undefined || value === null || value === '') continue;
        const column = `${table}.${name}`;
        if (field.through) {
          const wanted = Array.isArray(value) ? value : [value];
          const t = field.through;
          if (wanted.length) q = q.where(`${table}.id`, 'in', db.selectFrom(t.table).select(t.from).where(t.to, 'in', wanted as never[]));
          continue;
        }
        if (field.filter === 'like') q = q.where(column, 'like', `%${escapeLike(String(value))}%`);
        else if (field.filter === 'in' && Array.isArray(value) && value.length) q = q.where(column, 'in', value as never[]);
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

    /** The resource's own list filters (hooks.listFilter), after the declared ones. */
    async function ownFilters(query: AnySelect, staff: StaffContext, filters: Record<string, unknown> = {}): Promise<AnySelect> {
      return hooks.listFilter ? hooks.listFilter({ db, staff, query, filters }) : query;
    }

    /** Checks what a schema cannot: uniqueness, references, dictionary values. */
    async function checkValues(values: Row, id: number | null, q: AnyDB = db): Promise<void> {
      for (const [name, field] of fields) {
        const value = values[name];
        if (value === undefined || value === null || value === '') continue;
        if (field.through) {
          const ids = value as number[];
          const found = ids.length ? await q.selectFrom(field.ref!).select('id').where('id', 'in', ids).execute() : [];
          if (found.length !== ids.length) throw badRequest(`${field.title}不存在或已被删除`);
          continue;
        }
        if (field.unique) {
          const scope = Array.isArray(field.unique) ? field.unique : [];
          let same = q.selectFrom(table).select('id').where(name, '=', value);
          for (const s of scope) same = same.where(s, '=', (values[s] ?? null) as never);
          if (id !== null) same = same.where('id', '!=', id);
          if (await same.executeTakeFirst()) throw conflict(`${field.title}「${String(value)}」已存在`);
        }
        if (field.ref) {
          const found = await q.selectFrom(field.ref).select('id').where('id', '=', value).executeTakeFirst();
          if (!found) throw badRequest(`${field.title}不存在或已被删除`);
        }
        if (field.dict) {
          const items = await dictItems(q, field.dict);
          if (!items.some((i) => i.value === String(value))) throw badRequest(`${field.title}取值不正确`);
        }
      }
    }

    function toColumns(body: Row): Row {
      const out: Row = {};
      for (const [name, field] of fields) {
        if (!(name in body)) continue;
        out[name] = normalise(field, body[name]);
      }
      return out;
    }

    const jsonFields = fields.filter(([, f]) => f.type === 'json').map(([n]) => n);
    /** JSON fields are stored as text and answered as values. */
    function readJson(row: Row): Row {
      if (!jsonFields.length) return row;
      const out = { ...row };
      for (const name of jsonFields) {
        if (typeof out[name] === 'string') {
          try {
            out[name] = JSON.parse(out[name] as string);
          } catch {
            /* a value written by hand stays as text */
          }
        }
      }
      return out;
    }

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

    app.post('/list', { config: { btnCode: p.view, listCache: true }, schema: { body: listSchema }, schemaErrorFormatter: errorFormatter }, async (request) => {
      const q = (request.body ?? {}) as ListQuery;
      const pageNum = q.pageNum ?? 1;
      const pageSize = q.pageSize ?? 10;
      const base = await ownFilters(applyFilters(await scoped(db.selectFrom(table), request.staff!), q.filters), request.staff!, q.filters);
      const counted = await app.counts.of(db, base);
      const sortField = q.sortField ?? resource.defaultSort?.field ?? 'id';
      const direction = q.sortField ? (q.sortOrder === 'ascend' ? 'asc' : 'desc') : (resource.defaultSort?.order ?? 'desc');
      const records = await withRefLabels(withProjectName(base.selectAll(table)))
        .orderBy(`${table}.${sortField}`, direction)
        .orderBy(`${table}.id`, 'desc')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute();
      const answers = await withLinks(records.map((r) => masked(readJson(answer(r as Row)))));
      return ok({ records: answers, ...counted, pageNum, pageSize });
    });

    const idQuery = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } };

    app.get('/detail', { config: { btnCode: p.view }, schema: { querystring: idQuery } }, async (request) => {
      const { id } = request.query as { id: number };
      const [record] = await withLinks([readJson(answer(await findVisible(id, request.staff!)))]);
      return ok(record);
    });

    app.get(
      '/options',
      {
        config: { btnCode: p.view },
        schema: { querystring: { type: 'object', additionalProperties: false, properties: { keyword: { type: 'string', maxLength: 64 }, all: { type: 'boolean' } } } },
      },
      async (request) => {
        const { keyword, all } = request.query as { keyword?: string; all?: boolean };
        let q = await scoped(db.selectFrom(table).select(['id', labelField]), request.staff!);
        if (resource.enable && !all) q = q.where('enabled', '=', 1);
        if (keyword) q = q.where(labelField, 'like', `%${escapeLike(keyword)}%`);
        const rows = (await q.orderBy(labelField).limit(500).execute()) as Row[];
        return ok(rows.map((r) => ({ label: r[labelField], value: r.id })));
      },
    );

    if (p.add) {
      app.post('/add', { config: { btnCode: p.add }, schema: { body: bodySchema(resource, 'add') }, schemaErrorFormatter: errorFormatter }, async (request) => {
        const body = request.body as Row;
        // Defaults are stored like sent values (a boolean default as 0 or 1).
        const values = { ...toColumns(defaults(resource)), ...toColumns(body) };
        if (resource.workflow) Object.assign(values, { [resource.workflow.field]: resource.workflow.initial, state_at: Date.now() });
        if (resource.scope === 'project') {
          const visible = await visibleProjectIds(app.db, request.staff!); // before the transaction below
          if (!visible.includes(body.project_id as number)) throw new ApiError(403, '不能在权限范围以外的项目中新增记录');
          values.project_id = body.project_id;
        }
        const now = Date.now();
        const id = await db.transaction().execute(async (trx) => {
          await checkValues(values, null, trx);
          await hooks.beforeSave?.({ trx, staff: request.staff!, app, id: null, values, current: null });
          const inserted = await trx
            .insertInto(table)
            .values({ ...columnsOf(values), ...(resource.enable ? { enabled: 1 } : {}), created_by: request.staff!.id, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = inserted.id as number;
          await writeLinks(trx, id, values);
          if (resource.workflow) await writeTimeline(trx, id, 'create', null, resource.workflow.initial, null, request.staff!);
          await hooks.afterSave?.({ trx, staff: request.staff!, app, id, values, created: true });
          return id;
        });
        return ok({ id }, '新增成功');
      });
    }

    if (p.update) {
      app.post('/update', { config: { btnCode: p.update }, schema: { body: bodySchema(resource, 'update') }, schemaErrorFormatter: errorFormatter }, async (request) => {
        const body = request.body as Row;
        const id = body.id as number;
        await db.transaction().execute(async (trx) => {
          const current = await findChangeable(id, request.staff!, trx);
          const changes = toColumns(body);
          if (resource.scope === 'project' && body.project_id !== undefined && body.project_id !== current.project_id) throw badRequest('不能修改所属项目；如需调整，请在新项目中重新新增');
          await checkValues({ ...current, ...changes }, id, trx);
          await hooks.beforeSave?.({ trx, staff: request.staff!, app, id, values: changes, current });
          await trx.updateTable(table).set({ ...columnsOf(changes), updated_at: Date.now() }).where('id', '=', id).execute();
          await writeLinks(trx, id, changes);
          await hooks.afterSave?.({ trx, staff: request.staff!, app, id, values: changes, created: false });
        });
        return ok({ id }, '保存成功');
      });
    }

    const idsBody = {
      type: 'object',
      required: ['ids'],
      additionalProperties: false,
      properties: { ids: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: { type: 'integer', minimum: 1 } } },
    };

    if (p.delete) {
      app.post('/delete', { config: { btnCode: p.delete }, schema: { body: idsBody } }, async (request) => {
        const { ids } = request.body as { ids: number[] };
        await db.transaction().execute(async (trx) => {
          for (const id of ids) await findChangeable(id, request.staff!, trx);
          for (const guard of resource.deleteGuards ?? []) {
            const child = await trx.selectFrom(guard.resource).select(guard.field).where(guard.field, 'in', ids).executeTakeFirst();
            if (child) throw conflict(guard.message);
          }
          await hooks.beforeDelete?.({ trx, staff: request.staff!, app, ids });
          for (const [, f] of linkFields) if (!f.auto) await trx.deleteFrom(f.through!.table).where(f.through!.from, 'in', ids).execute();
          await trx.deleteFrom(table).where('id', 'in', ids).execute();
        });
        return ok({ count: ids.length }, '删除成功');
      });
    }

    if (resource.enable && p.enable) {
      app.post(
        '/enable',
        {
          config: { btnCode: p.enable },
          schema: { body: { type: 'object', required: ['id', 'enabled'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 }, enabled: { enum: [0, 1] } } } },
        },
        async (request) => {
          const { id, enabled } = request.body as { id: number; enabled: 0 | 1 };
          await db.transaction().execute(async (trx) => {
            await findChangeable(id, request.staff!, trx);
            await trx.updateTable(table).set({ enabled, updated_at: Date.now() }).where('id', '=', id).execute();
            await hooks.afterEnable?.({ trx, staff: request.staff!, app, id, enabled });
          });
          return ok({ id, enabled }, enabled ? '已启用' : '已停用');
        },
      );
    }

    async function writeTimeline(q: AnyDB, recordId: number, action: string, from: string | null, to: string, note: string | null, staff: StaffContext | null) {
      await q
        .insertInto('resource_timeline')
        .values({ resource: table, record_id: recordId, action, from_state: from, to_state: to, note, staff_id: staff?.id ?? null, staff_name: staff?.name ?? '系统', at: Date.now() })
        .execute();
    }

    const workflow = resource.workflow;
    if (workflow) {
      const codes = [...new Set(workflow.transitions.flatMap((t) => [t.btnCode].flat()))];
      // Each move's inputs are checked by the resource's own field definitions.
      const inputSchemas = Object.fromEntries(
        workflow.transitions.map((t) => {
          const names = Object.keys(t.inputs ?? {});
          const required = names.filter((n) => t.inputs![n]!.required);
          const properties = Object.fromEntries(names.map((n) => [n, fieldSchema(resource.fields[n]!)]));
          return [t.name, ajv.compile({ type: 'object', additionalProperties: false, required, properties })];
        }),
      );

      /**
       * Moves one record through a transition inside the caller's transaction: the state check,
       * the actor check, the inputs, stamps, the timeline and the hook. `staff` null is the system
       * (a timer), which is written to the timeline as 系统.
       */
      async function move(trx: AnyDB, id: number, transition: WorkflowTransition, staff: StaffContext | null, note: string | null, inputs: Row): Promise<string> {
        const current = staff ? await findVisible(id, staff, trx) : ((await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row);
        const from = String(current[workflow!.field]);
        if (!transition.from.includes(from)) {
          const text = workflow!.states[from]?.text ?? from;
          throw conflict(`当前状态为「${text}」，不能${transition.label}`);
        }
        if (staff && transition.actorField && current[transition.actorField] !== staff.id) {
          throw new ApiError(403, `只有${resource.fields[transition.actorField]?.title ?? '指定人员'}本人可以${transition.label}`);
        }
        const written = toColumns(inputs);
        if (Object.keys(written).length) await checkValues({ ...current, ...written }, id, trx);
        const now = Date.now();
        await trx
          .updateTable(table)
          .set({
            ...written,
            [workflow!.field]: transition.to,
            ...(transition.stamp ? { [transition.stamp]: now } : {}),
            ...(staff && transition.assignActor ? { [transition.assignActor]: staff.id } : {}),
            state_at: now,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        await writeTimeline(trx, id, transition.name, from, transition.to, note, staff);
        await hooks.afterTransition?.({ trx, staff: staff ?? SYSTEM_ACTOR, app, id, action: transition.name, from, to: transition.to, note, record: { ...current, ...written } });
        return transition.to;
      }

      app.post(
        '/transition',
        {
          config: { btnCode: codes },
          schema: {
            body: {
              type: 'object',
              required: ['id', 'action'],
              additionalProperties: false,
              properties: {
                id: { type: 'integer', minimum: 1 },
                action: { type: 'string', enum: workflow.transitions.map((t) => t.name) },
                note: { type: 'string', maxLength: 500 },
                values: { type: 'object' },
              },
            },
          },
        },
        async (request) => {
          const { id, action, note, values = {} } = request.body as { id: number; action: string; note?: string; values?: Row };
          const transition = workflow.transitions.find((t) => t.name === action)!;
          const staff = request.staff!;
          if (![transition.btnCode].flat().some((c) => staff.buttons.has(c))) {
            throw new ApiError(403, `没有权限执行该操作（需要「${[transition.btnCode].flat().map((c) => app.catalogue.buttons.get(c)?.name ?? c).join('」或「')}」权限）`);
          }
          if (transition.note === 'required' && !note?.trim()) throw badRequest(`请填写${transition.label}说明`);
          const validate = inputSchemas[transition.name]!;
          // An optional field's real issue hides under anyOf: name the most specific one, as add and update do.
          if (!validate(values)) throw badRequest(describeIssue(resource, (validate.errors!.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'type') ?? validate.errors![0]) as never));
          const to = await db.transaction().execute((trx) => move(trx, id, transition, staff, note?.trim() || null, values));
          return ok({ id, state: to }, `${transition.label}成功`);
        },
      );

      if (workflow.timers?.length) {
        app.workflowTimers.add(async (now) => {
          let moved = 0;
          for (const timer of workflow.timers!) {
            const transition = workflow.transitions.find((t) => t.name === timer.transition)!;
            const due = (await db
              .selectFrom(table)
              .select('id')
              .where(workflow.field, '=', timer.state)
              .where('state_at', '<=', now - timer.afterMinutes * 60_000)
              .limit(500)
              .execute()) as Row[];
            for (const { id } of due) {
              // One record a transaction: a record changed meanwhile is skipped, not the whole pass.
              const done = await db
                .transaction()
                .execute((trx) => move(trx, id as number, transition, null, `超过 ${timer.afterMinutes} 分钟未处理，系统自动${transition.label}`, {}))
                .then(() => true, () => false);
              if (done) moved += 1;
            }
          }
          return moved;
        });
      }

      app.get('/timeline', { config: { btnCode: p.view }, schema: { querystring: idQuery } }, async (request) => {
        const { id } = request.query as { id: number };
        await findVisible(id, request.staff!);
        const rows = await app.db
          .selectFrom('resource_timeline')
          .select(['action', 'from_state', 'to_state', 'note', 'staff_name', 'at'])
          .where('resource', '=', table)
          .where('record_id', '=', id)
          .orderBy('at')
          .orderBy('id')
          .execute();
        const label = (name: string) => (name === 'create' ? '创建' : (workflow.transitions.find((t) => t.name === name)?.label ?? name));
        return ok(rows.map((r) => ({ ...r, actionText: label(r.action), stateText: workflow.states[r.to_state]?.text ?? r.to_state })));
      });
    }

    const exportFields = fields.filter(([, f]) => !f.noExport);
    /** The table's columns an export reads: the id, its own fields' (link fields are read apart) and the enabled flag. */
    const exportColumns = ['id', ...exportFields.filter(([, f]) => !f.through).map(([name]) => name), ...(resource.enable ? ['enabled'] : [])].map((c) => `${table}.${c}`);

    /**
     * The exported columns' texts of a row read as a list (by column position, see exportRows):
     * enum and dictionary names, referenced records' labels, masked values, dates as text.
     */
    async function exportCells(at: (column: string) => number): Promise<((row: unknown[]) => unknown)[]> {
      const links = await linksOf(null);
      const id = at('id');
      const datetime = exportDateTimeFormatter();
      const cells: ((row: unknown[]) => unknown)[] = [];
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
        const text = (value: unknown, row: unknown[]): unknown => {
          if (states) return states[String(value)]?.text ?? value;
          if (f.enum) return f.enum[String(value)] ?? value;
          if (dict) return dict.get(String(value)) ?? value;
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

    if (p.export) {
      app.get(
        '/export',
        { config: { btnCode: p.export }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { filters: { type: 'string', maxLength: 4000 } } } } },
        async (request, reply) => {
          const { filters } = request.query as { filters?: string };
          let parsed: Record<string, unknown> = {};
          try {
            parsed = filters ? JSON.parse(filters) : {};
          } catch {
            throw badRequest('筛选条件格式不正确');
          }
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('筛选条件格式不正确');
          if (!validateFilters(parsed)) throw badRequest(describeIssue(resource, { ...validateFilters.errors![0]!, instancePath: `/filters${validateFilters.errors![0]!.instancePath}` }));
          // Only the columns the file shows (exportCells): a row of all ~60 cost a third more to read.
          const query = withRefLabels(await ownFilters(applyFilters(await scoped(db.selectFrom(table).select(exportColumns), request.staff!), parsed), request.staff!, parsed));
          const { at, rows } = await exportRows(query);
          const cells = await exportCells(at);
          const header = [...exportFields.map(([name, f]) => ({ header: f.title, key: name })), ...(resource.enable ? [{ header: '状态', key: 'enabled' }] : [])];
          async function* texts() {
            for await (const row of rows) yield cells.map((cell) => cell(row));
          }
          return sendExcel(reply, `${resource.title}_${new Date().toISOString().slice(0, 10)}.xlsx`, header, texts());
        },
      );
    }

    if (p.import) {
      app.get('/template', { config: { btnCode: p.import } }, async (_request, reply) =>
        sendExcel(reply, `${resource.title}导入模板.xlsx`, importColumns().map((c) => ({ header: c.title, key: c.name, width: 20 })), []),
      );

      app.post('/import', { config: { btnCode: p.import } }, async (request) => {
        const rows = await readImport(request);
        const now = Date.now();
        const errors: { row: number; message: string }[] = [];
        const prepared: { row: number; values: Row }[] = [];
        for (const { row, values } of rows) {
          const body = { ...defaults(resource), ...values };
          if (!validateAdd(body)) {
            errors.push({ row, message: describeIssue(resource, validateAdd.errors![0] as never) });
            continue;
          }
          prepared.push({ row, values: toColumns(body) });
        }
        // All or nothing: every row is checked inside one transaction that rolls back on any error.
        try {
          await db.transaction().execute(async (trx) => {
            for (const { row, values } of prepared) {
              try {
                await checkValues(values, null, trx);
                await trx
                  .insertInto(table)
                  .values({ ...values, ...(resource.enable ? { enabled: 1 } : {}), created_by: request.staff!.id, created_at: now, updated_at: now })
                  .execute();
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

    /** Columns of the import template: the fields a person fills in, by title. */
    function importColumns() {
      return fields.filter(([, f]) => !f.through).map(([name, f]) => ({ name, title: f.title + (f.required ? '（必填）' : ''), field: f }));
    }

    async function readImport(request: FastifyRequest): Promise<{ row: number; values: Row }[]> {
      const sheet = await readUploadedSheet(request);
      const cols = importColumns();
      const header = (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? '').trim());
      const index = new Map(header.map((h, i) => [h.replace(/（必填）$/, ''), i + 1]));
      const missing = cols.filter((c) => !index.has(c.field.title)).map((c) => c.field.title);
      if (missing.length) throw badRequest(`模板列不完整，缺少：${missing.join('、')}；请下载最新模板`);
      const dictLookups = new Map<string, Map<string, string>>();
      for (const c of cols) if (c.field.dict) dictLookups.set(c.field.dict, new Map((await dictItems(db, c.field.dict)).map((i) => [i.label, i.value])));
      const out: { row: number; values: Row }[] = [];
      const last = Math.min(sheet.rowCount, 5001);
      for (let r = 2; r <= last; r++) {
        const excelRow = sheet.getRow(r);
        const values: Row = {};
        let empty = true;
        for (const c of cols) {
          const cell = excelRow.getCell(index.get(c.field.title)!).value;
          const text = cell === null || cell === undefined ? '' : typeof cell === 'object' && 'text' in cell ? String(cell.text) : String(cell).trim();
          if (text === '') continue;
          empty = false;
          values[c.name] = fromCell(c.field, text, dictLookups);
        }
        if (!empty) out.push({ row: r, values });
      }
      if (sheet.rowCount > 5001) throw badRequest('一次最多导入 5000 行');
      if (!out.length) throw badRequest('Excel 中没有数据行');
      return out;
    }

  };
}

class ImportRejected extends Error {}

/** A date range picked as ["2026-11-01", "2026-11-22"] covers both whole days, in epoch ms. */
export function dayRange(value: unknown[]): [number | null, number | null] {
  const at = (v: unknown, end: boolean): number | null => {
    if (typeof v === 'number') return v;
    if (typeof v !== 'string' || !v) return null;
    const day = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00`) : new Date(v);
    if (Number.isNaN(day.getTime())) return null;
    return /^\d{4}-\d{2}-\d{2}$/.test(v) && end ? day.getTime() + 86_400_000 - 1 : day.getTime();
  };
  return [at(value[0], false), at(value[1], true)];
}

function defaults(resource: ResourceDef): Row {
  return Object.fromEntries(Object.entries(resource.fields).filter(([, f]) => f.default !== undefined).map(([n, f]) => [n, f.default]));
}

function normalise(field: ResourceField, value: unknown): unknown {
  if (field.through) return Array.isArray(value) ? [...new Set(value)] : [];
  if (value === undefined || value === null) return null;
  if (field.type === 'boolean') return value === true || value === 1 ? 1 : 0;
  if (field.type === 'json') return JSON.stringify(value);
  if (field.type === 'html') return sanitizeHtml(String(value));
  if (typeof value === 'string' && (field.type === 'string' || field.type === 'text')) return value.trim();
  return value;
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

/** Enabled items of a dictionary, in order (basis getDictCode). */
export async function dictItems(db: AnyDB | FastifyInstance['db'], code: string): Promise<{ label: string; value: string; color: string | null }[]> {
  return (db as AnyDB)
    .selectFrom('dict_item')
    .innerJoin('dict_type', 'dict_type.id', 'dict_item.type_id')
    .select(['dict_item.label', 'dict_item.value', 'dict_item.color'])
    .where('dict_type.code', '=', code)
    .where('dict_type.enabled', '=', 1)
    .where('dict_item.enabled', '=', 1)
    .orderBy('dict_item.sort')
    .orderBy('dict_item.id')
    .execute() as Promise<{ label: string; value: string; color: string | null }[]>;
}

/** A value as lists and exports show it: an ID card number keeps its first 3 and last 4 characters, a mobile number likewise. */
export function maskValue(kind: 'idCard' | 'mobile', value: string): string {
  if (value.length <= 7) return value;
  return `${value.slice(0, 3)}${'*'.repeat(kind === 'mobile' ? 4 : value.length - 7)}${value.slice(-4)}`;
}

/** Labels of linked records, each once (posts of the same name at several projects read as one). */
const joinLabels = (links: { label: unknown }[]): string => [...new Set(links.map((l) => String(l.label ?? '')))].join('、');
