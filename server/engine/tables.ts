import { sql } from 'kysely';
import { isPostgres, relationKindSql, tableColumnsSql } from '../platform/db/dialect.ts';
import type { ResourceDef, ResourceField } from '../../src/shared/schemaTypes.ts';
import type { DB } from '../platform/db/index.ts';

/** Columns every resource table has besides its fields. */
export const SYSTEM_COLUMNS = ['id', 'created_by', 'created_at', 'updated_at'] as const;

const SQL_TYPE: Record<ResourceField['type'], string> = {
  string: 'text',
  text: 'text',
  html: 'text',
  integer: 'integer',
  number: 'real',
  boolean: 'integer',
  datetime: 'integer',
  json: 'text',
};

function columnSql(name: string, field: ResourceField, resources: Map<string, ResourceDef>): string {
  let text = `"${name}" ${SQL_TYPE[field.type]}`;
  // PostgreSQL checks that a referenced table exists, and resources refer to each other in cycles: its keys come after the tables (foreignKeySql).
  if (field.ref && resources.has(field.ref) && !isPostgres()) text += ` references "${field.ref}"("id")`;
  return text;
}

/** On PostgreSQL, the foreign key of a reference field, added once every table exists. */
function foreignKeySql(table: string, name: string, field: ResourceField, resources: Map<string, ResourceDef>): string | undefined {
  if (!isPostgres() || !field.ref || !resources.has(field.ref)) return undefined;
  return `alter table "${table}" add constraint "${table}_${name}_fk" foreign key ("${name}") references "${field.ref}"("id")`;
}

/** Fields stored in the resource's own table: a `through` field lives in its join table. */
export const columnFields = (resource: ResourceDef): [string, ResourceField][] => Object.entries(resource.fields).filter(([, f]) => !f.through);

/** Every column of a resource's table, in order. */
export function tableColumns(resource: ResourceDef): string[] {
  return [
    'id',
    ...columnFields(resource).map(([name]) => name),
    ...(resource.enable ? ['enabled'] : []),
    ...(resource.scope === 'project' ? ['project_id'] : []),
    'created_by',
    'created_at',
    'updated_at',
    ...(resource.workflow ? ['state_at'] : []),
  ];
}

/** A column of the resource's table (a read-only view has its fields, id and project only). */
export function isColumn(resource: ResourceDef, name: string): boolean {
  if (!resource.readOnly) return tableColumns(resource).includes(name);
  return (name in resource.fields && !resource.fields[name]!.through) || name === 'id' || (name === 'project_id' && resource.scope === 'project');
}

/**
 * Migrations derived from the resource definitions: a new resource creates its table and
 * indexes, a new field adds its column. Each statement runs once, in a transaction, and is
 * recorded in resource_migration. Removing or retyping a field is never done automatically
 * (it would lose data); that stays a hand-written migration.
 */
export async function syncResourceTables(db: DB, resources: Map<string, ResourceDef>, now = Date.now(), options: { partial?: boolean } = {}): Promise<string[]> {
  const applied: string[] = [];
  // Referenced tables first, so foreign keys point at tables that exist.
  const ordered = [...resources.values()].sort((a, b) => depth(a, resources) - depth(b, resources));
  await db.transaction().execute(async (trx) => {
    const keys: [string, string][] = [];
    // What ran before, read once: a query per statement was most of a server's start on PostgreSQL (~1,200 round trips).
    const done = new Set((await trx.selectFrom('resource_migration').select('statement').execute()).map((r) => r.statement as string));
    for (const resource of ordered) {
      const statements: string[] = [];
      // A read-only resource over a view (written by a migration) has nothing to migrate: views take no columns or indexes.
      // Checked before reading its columns, which compiles the view: it may read tables made further down this list.
      if (resource.readOnly && (await relationKindSql(resource.name).execute(trx)).rows[0]?.type === 'view') continue;
      const existing = await tableColumnsSql(resource.name).execute(trx);
      const have = new Set(existing.rows.map((r) => r.name));
      // Partly (migrations still to run, dialect-aware migrateToLatest): a view a later migration makes is not there yet.
      if (have.size === 0 && resource.readOnly && options.partial) continue;
      // Partly, an existing table is left as it is: a later migration may add the columns it lacks
      // (adding them here first would fail that migration with "column already exists").
      if (have.size > 0 && options.partial) continue;
      if (have.size === 0 && resource.readOnly) {
        throw new Error(`resource "${resource.name}" is read-only but its table does not exist`);
      }
      if (have.size === 0) {
        const columns = [
          '"id" integer primary key autoincrement',
          ...columnFields(resource).map(([name, field]) => columnSql(name, field, resources)),
          ...(resource.enable ? ['"enabled" integer not null default 1'] : []),
          ...(resource.scope === 'project' ? ['"project_id" integer not null references "org"("id")'] : []),
          '"created_by" integer references "staff"("id")',
          '"created_at" integer not null',
          '"updated_at" integer not null',
          // When the record entered its current state: workflow timers count from it.
          ...(resource.workflow ? ['"state_at" integer'] : []),
        ];
        statements.push(`create table "${resource.name}" (${columns.join(', ')})`);
      } else {
        if (resource.workflow && !have.has('state_at')) statements.push(`alter table "${resource.name}" add column "state_at" integer`);
        for (const [name, field] of columnFields(resource)) {
          if (!have.has(name)) statements.push(`alter table "${resource.name}" add column ${columnSql(name, field, resources)}`);
        }
      }
      for (const [name, field] of columnFields(resource)) {
        if (field.unique) {
          const cols = [...(Array.isArray(field.unique) ? field.unique : []), name];
          statements.push(indexSql(resource.name, cols, true));
        }
        // A sortable column is read in its order a page at a time: an index saves sorting the table.
        if (field.ref || field.filter === 'eq' || field.sortable) statements.push(indexSql(resource.name, [name]));
      }
      for (const cols of resource.indexes ?? []) {
        statements.push(indexSql(resource.name, cols));
      }
      if (resource.scope === 'project') statements.push(indexSql(resource.name, ['project_id']));
      statements.push(...(await linkTables(trx, resource)));
      // Only the columns made here get a key, as on SQLite, where `references` comes with the column:
      // a migration's column (approval_instance.flow_id) stays without one on both databases.
      for (const [name, field] of columnFields(resource)) {
        const key = have.has(name) ? undefined : foreignKeySql(resource.name, name, field, resources);
        if (key) keys.push([resource.name, key]);
      }
      for (const statement of statements) await apply(resource.name, statement);
    }
    for (const [resource, statement] of keys) await apply(resource, statement);

    async function apply(resource: string, statement: string) {
      // An index made under its former name (legacyIndexSql) is the same index: it is not made twice.
      if ([statement, ...legacyIndexSql(statement)].some((s) => done.has(s))) return;
      await sql.raw(statement).execute(trx);
      done.add(statement);
      await trx.insertInto('resource_migration').values({ resource, statement, applied_at: now }).execute();
      applied.push(statement);
    }
  });
  return applied;
}

/**
 * The statement making an index of `table` on `cols`, named `<table>(<cols>)`: a name no table
 * can have (table names are letters, digits and underscores), so an index of booking's room never
 * takes the name of a table booking_room, nor of another table's index (issue 41). Indexes made
 * before under `<table>_<cols>` are recognised by legacyIndexSql and kept.
 */
export function indexSql(table: string, cols: string[], unique = false): string {
  const name = `${table}(${cols.join(',')})${unique ? ' unique' : ''}`;
  return `create ${unique ? 'unique ' : ''}index if not exists "${name}" on "${table}" (${cols.map((c) => `"${c}"`).join(', ')})`;
}

/** The statements that made the same index before indexes had unambiguous names (none when `statement` makes no named index). */
export function legacyIndexSql(statement: string): string[] {
  const m = /^create (unique )?index if not exists "([a-z0-9_]+)\(([a-z0-9_,]+)\)(?: unique)?" on "[a-z0-9_]+" (\(.*\))$/.exec(statement);
  if (!m) return [];
  const [, unique = '', table, cols, columns] = m;
  const names = [`${table}_${cols!.replaceAll(',', '_')}${unique ? '_unique' : ''}`];
  // A project-scoped resource's project index was "<table>_project".
  if (cols === 'project_id' && !unique) names.push(`${table}_project`);
  return names.map((name) => `create ${unique}index if not exists "${name}" on "${table}" ${columns}`);
}

/**
 * The link table of each `through` field whose table no migration made (a many-to-many reference
 * declared in JSON): one row per pair, removed with either record.
 */
async function linkTables(trx: DB, resource: ResourceDef): Promise<string[]> {
  const statements: string[] = [];
  for (const field of Object.values(resource.fields)) {
    const t = field.through;
    if (!t || (await tableColumnsSql(t.table).execute(trx)).rows.length) continue;
    statements.push(
      `create table "${t.table}" ("${t.from}" integer not null references "${resource.name}"("id") on delete cascade, "${t.to}" integer not null references "${field.ref}"("id") on delete cascade, primary key ("${t.from}", "${t.to}"))`,
      indexSql(t.table, [t.to]),
    );
  }
  return statements;
}

function depth(resource: ResourceDef, resources: Map<string, ResourceDef>, seen = new Set<string>()): number {
  if (seen.has(resource.name)) return 0;
  seen.add(resource.name);
  const refs = Object.values(resource.fields)
    .map((f) => f.ref)
    .filter((r): r is string => Boolean(r) && r !== resource.name && resources.has(r!));
  return refs.length ? 1 + Math.max(...refs.map((r) => depth(resources.get(r)!, resources, seen))) : 0;
}
