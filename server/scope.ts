import type { DB } from './db/index.ts';
import type { StaffContext } from './types.ts';

/** Ids of an organisation and everything below it, by a recursive query over the org tree. */
export async function orgSubtree(db: DB, orgId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('tree(id)', (qb) =>
      qb
        .selectFrom('org')
        .select('id')
        .where('id', '=', orgId)
        .unionAll((u) => u.selectFrom('org').innerJoin('tree', 'tree.id', 'org.parent_id').select('org.id')),
    )
    .selectFrom('tree')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Projects whose data the caller may see: all for an all-data role, else those under the caller's organisation. */
export async function visibleProjectIds(db: DB, staff: StaffContext): Promise<number[]> {
  let query = db.selectFrom('org').select('id').where('type', '=', 'project');
  if (!staff.dataScopes.includes('all')) query = query.where('id', 'in', await orgSubtree(db, staff.orgId));
  return (await query.execute()).map((r) => r.id);
}
