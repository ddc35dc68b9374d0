import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict } from '../../platform/http/envelope.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';

/**
 * Rules shared by the trees of records linked by parent_id (organisations, departments):
 * moves that keep the tree a tree, disabling from the leaves up, and deletes refused while
 * anything still hangs on a record.
 */

/** Ids of every record below `id` (not itself); `union` stops even on a corrupt cycle. */
export async function descendantIds(trx: AnyDB, table: string, id: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    with recursive below(id) as (
      select id from ${sql.table(table)} where parent_id = ${id}
      union
      select t.id from ${sql.table(table)} t join below on t.parent_id = below.id
    )
    select id from below`.execute(trx);
  return rows.rows.map((r) => r.id);
}

/** Refuses making a record its own ancestor. */
export async function refuseCycle(trx: AnyDB, table: string, id: number, parentId: number | null, message: string): Promise<void> {
  if (parentId === null) return;
  if (parentId === id || (await descendantIds(trx, table, id)).includes(parentId)) throw badRequest(message);
}

export async function findRow(trx: AnyDB, table: string, id: unknown): Promise<Row | undefined> {
  if (id === null || id === undefined) return undefined;
  return (await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

/** Rows of `table` whose `column` is one of `ids`, and that match the extra conditions. */
export async function countWhere(trx: AnyDB, table: string, column: string, ids: number[], extra: [string, '=' | 'not in', unknown][] = []): Promise<number> {
  let q = trx.selectFrom(table).where(column, 'in', ids);
  for (const [c, op, v] of extra) q = q.where(c, op, v);
  const row = (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as { n: number };
  return Number(row.n);
}

/**
 * Disabling goes from the leaves up and enabling from the root down, so an enabled record
 * never hangs under a disabled one. Called after the switch, inside its transaction.
 */
export async function checkEnableOrder(trx: AnyDB, table: string, noun: string, id: number, enabled: 0 | 1): Promise<void> {
  if (enabled === 0) {
    const active = await countWhere(trx, table, 'parent_id', [id], [['enabled', '=', 1]]);
    if (active) throw conflict(`该${noun}下还有 ${active} 个启用的下级${noun}，请先停用下级${noun}`);
    return;
  }
  const self = (await findRow(trx, table, id))!;
  const parent = await findRow(trx, table, self.parent_id);
  if (parent && !parent.enabled) throw conflict(`上级${noun}「${String(parent.name)}」已停用，请先启用上级${noun}`);
}

/** Refuses deleting records that still have children, other than those deleted with them. */
export async function refuseChildren(trx: AnyDB, table: string, noun: string, ids: number[]): Promise<void> {
  const children = await countWhere(trx, table, 'parent_id', ids, [['id', 'not in', ids]]);
  if (children) throw conflict(`该${noun}下还有 ${children} 个下级${noun}，请先删除或移走下级${noun}`);
}

/**
 * Refuses deleting records that other resources still point at (a `ref` field, or the project
 * of project-scoped records): whatever other screens add later is covered too.
 */
export async function refuseReferences(app: FastifyInstance, trx: AnyDB, target: string, noun: string, ids: number[]): Promise<void> {
  for (const resource of app.catalogue.resources.values()) {
    // A `through` field's references live in its join table (the projects a staff member works in).
    const columns = Object.entries(resource.fields)
      .filter(([name, f]) => f.ref === target && !(resource.name === target && name === 'parent_id'))
      .map(([name, f]): [string, string] => (f.through ? [f.through.table, f.through.to] : [resource.name, name]));
    if (target === 'org' && resource.scope === 'project') columns.push([resource.name, 'project_id']);
    for (const [table, column] of columns) {
      const n = await countWhere(trx, table, column, ids);
      if (n) throw conflict(`该${noun}仍被 ${n} 条${resource.title}使用，不能删除；不再使用时请停用`);
    }
  }
}
