import type { DB } from '../platform/db/index.ts';
import type { StaffContext } from '../platform/types.ts';

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

/**
 * Projects whose data the caller may see, the union over their roles' data scopes:
 * all → every project; org → projects under the caller's organisation; project → the
 * projects of the caller's posts (and their own organisation when it is a project);
 * self → none (their own records are added by the caller of this function). The projects a
 * staff member works in (staff_project, set on the personnel screen) count as their own.
 */
export async function visibleProjectIds(db: DB, staff: StaffContext): Promise<number[]> {
  const projects = db.selectFrom('org').select('id').where('type', '=', 'project');
  if (staff.dataScopes.includes('all')) return (await projects.execute()).map((r) => r.id);
  const ids = new Set<number>();
  if (staff.dataScopes.includes('org')) {
    for (const r of await projects.where('id', 'in', await orgSubtree(db, staff.orgId)).execute()) ids.add(r.id);
  }
  if (staff.dataScopes.includes('project')) {
    const own = await db
      .selectFrom('staff_post')
      .innerJoin('post', 'post.id', 'staff_post.post_id')
      .select('post.org_id')
      .where('staff_post.staff_id', '=', staff.id)
      .where('post.enabled', '=', 1)
      .execute();
    const worksIn = await db.selectFrom('staff_project').select('project_id').where('staff_id', '=', staff.id).execute();
    const candidates = [staff.orgId, ...own.map((o) => o.org_id), ...worksIn.map((w) => w.project_id)];
    for (const r of await projects.where('id', 'in', candidates).execute()) ids.add(r.id);
  }
  return [...ids];
}
