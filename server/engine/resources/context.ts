import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { compileInputValidator } from '../../platform/http/validators.ts';
import type { ResourceDef } from '../../../src/shared/schemaTypes.ts';
import { badRequest, notFound } from '../../platform/http/envelope.ts';
import type { StaffContext } from '../../platform/types.ts';
import type { AnyDB, AnySelect, ResourceHooks, Row } from '../hooks.ts';
import { scopeRows } from '../scope.ts';
import { tableColumns } from '../tables.ts';
import { filtersSchema, resourceErrorFormatter } from '../validation.ts';
import { computedColumns } from './computed.ts';
import { referenceHelpers } from './links.ts';
import { maskValue } from './values.ts';
import { relatedReads } from '../related.ts';
import { choiceLabels } from './choiceLabels.ts';

/** What every group of a resource's endpoints shares: its definition, hooks, validators and how its records are read. */
export type ResourceContext = ReturnType<typeof resourceContext>;

export const idQuery = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } };

export function resourceContext(app: FastifyInstance, resource: ResourceDef, hooks: ResourceHooks, hooksByResource: Record<string, ResourceHooks> = {}) {
  const db = app.db as unknown as AnyDB;
  const table = resource.name;
  const fields = Object.entries(resource.fields);
  // A read-only view answers list, detail, options and export, whatever else is declared.
  const p = resource.readOnly ? ({ view: resource.permissions.view, export: resource.permissions.export } as ResourceDef['permissions']) : resource.permissions;
  const references = referenceHelpers(app, resource);
  const computed = computedColumns(resource);
  const withChoiceLabels = choiceLabels(db, resource);

  /** Rows the caller may see (scopeRows); `q` is the open transaction, if any. */
  const scoped = (query: AnySelect, staff: StaffContext, q: AnyDB = db): Promise<AnySelect> => scopeRows({ db: q, staff, hooks }, resource, query);

  /** Columns and filters through a reference, reading only what the caller may see of the other resource (server/engine/related.ts). */
  const related = (staff: StaffContext, q: AnyDB = db) => relatedReads(q, staff, resource, app.catalogue.resources, hooksByResource);

  /** Project-scoped records carry their project's name for lists and details (a subquery, as the references' labels: links.ts). */
  function withProjectName(query: AnySelect): AnySelect {
    if (resource.scope !== 'project') return query;
    return query.select(sql`(select project.name from org as project where project.id = ${sql.ref(`${table}.project_id`)})`.as('project_name'));
  }

  /** What a record answers: its declared columns only (never a core table's secrets such as password hashes). */
  const answered = new Set([...tableColumns(resource), 'project_name', ...fields.flatMap(([n]) => [n, `${n}_label`]), ...computed.names, ...Object.keys(resource.related ?? {})]);
  const answer = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([k]) => answered.has(k)));

  const maskFields = fields.filter(([, f]) => f.mask);
  /** Lists, details, options and exports hide what a `mask` hides; /reveal shows it (logged). */
  function masked(row: Row): Row {
    for (const [name, f] of maskFields) if (typeof row[name] === 'string') row[name] = maskValue(f.mask!, row[name] as string);
    return row;
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

  async function findVisible(id: number, staff: StaffContext, q: AnyDB = db): Promise<Row> {
    const query = (await related(staff, q)).select(computed.withComputed(references.withRefLabels(withProjectName(q.selectFrom(table).selectAll(table))))).where(`${table}.id`, '=', id);
    const row = await (await scoped(query, staff, q)).executeTakeFirst();
    // Another organisation's record answers exactly like a missing one.
    if (!row) throw notFound(`${resource.title}不存在或已被删除`);
    return row as Row;
  }

  /** A record to change: visible to the caller and not locked. */
  async function findChangeable(id: number, staff: StaffContext, q: AnyDB): Promise<Row> {
    const row = await findVisible(id, staff, q);
    const locked = resource.locked;
    if (locked && locked.values.includes(row[locked.field] as never)) throw badRequest(locked.message);
    await app.approvals.assertEditable(q, resource, id);
    return row;
  }

  return {
    app,
    db,
    resource,
    hooks,
    table,
    fields,
    p,
    errorFormatter: resourceErrorFormatter(resource),
    validateFilters: compileInputValidator(filtersSchema(resource)),
    ...references,
    // Link fields and multi-selects answer their names as "<field>_label".
    withLinks: async (rows: Row[], q: AnyDB = db): Promise<Row[]> => withChoiceLabels(await references.withLinks(rows, q)),
    // Every read that names referenced records (list, detail, a move's answer, export) also computes the computed columns.
    withRefLabels: (query: AnySelect): AnySelect => computed.withComputed(references.withRefLabels(query)),
    computed,
    scoped,
    related,
    withProjectName,
    answer,
    masked,
    maskFields,
    readJson,
    findVisible,
    findChangeable,
  };
}
