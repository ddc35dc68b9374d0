import type { DB } from '../platform/db/index.ts';
import type { StaffContext } from '../platform/types.ts';
import type { AnyDB, AnySelect, ResourceHooks } from './hooks.ts';

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

/** What the scoping of reads needs of a resource, or of a report's source table. */
export interface ScopedTable {
  /** The table, as the query names it. */
  name: string;
  /** 'project': rows belong to a project and follow the caller's data scope; otherwise every row is seen. */
  scope?: 'project';
  /** The column naming a row's project (project_id unless a report says otherwise). */
  projectField?: string;
}

/**
 * The one rule for which rows of a resource a caller may see, applied by every read (list,
 * detail, options, export, reports, the work order's own calls) and by the lookups before a
 * write: rows of the projects their data scope reaches (organisation, posts, assigned projects,
 * see visibleProjectIds) and, with the scope "own records", the rows `hooks.ownRows` names
 * (default: those they created), and whatever `hooks.mineRows` names whatever the scope (an
 * approver's tasks in another project). Own records are compared in SQL, where a null column equals
 * nothing, so a row without a creator or processor is never anyone's own. Inside a transaction
 * pass it as `db`: SQLite has one connection. A table whose rows name their project otherwise
 * declares `hooks.visibleRows`, applied here the same way (issue 40: no read scoped only in its list).
 */
export async function scopeRows(ctx: { db: AnyDB; staff: StaffContext; hooks?: Pick<ResourceHooks, 'ownRows' | 'visibleRows' | 'mineRows'> }, table: ScopedTable, query: AnySelect): Promise<AnySelect> {
  const { db, staff, hooks } = ctx;
  if (staff.dataScopes.includes('all')) return query;
  if (hooks?.visibleRows) {
    const condition = await hooks.visibleRows({ db, staff, projects: await visibleProjectIds(db as unknown as DB, staff) });
    return query.where(condition);
  }
  if (table.scope !== 'project') return query;
  const projects = await visibleProjectIds(db as unknown as DB, staff);
  const own = staff.dataScopes.includes('self');
  const ownRows = own && hooks?.ownRows ? await hooks.ownRows({ db, staff }) : null;
  const mineRows = hooks?.mineRows ? await hooks.mineRows({ db, staff }) : null;
  const column = `${table.name}.${table.projectField ?? 'project_id'}`;
  return query.where((eb) => {
    const parts = [];
    if (projects.length) parts.push(eb(column, 'in', projects));
    if (own) parts.push(ownRows ? ownRows(eb) : eb(`${table.name}.created_by`, '=', staff.id));
    if (mineRows) parts.push(mineRows(eb));
    // A literal, not a bound value: SQLite binds no booleans (a caller reaching nothing got a 500).
    return parts.length ? eb.or(parts) : eb.lit(false);
  });
}
