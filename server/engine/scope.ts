import type { DB } from '../platform/db/index.ts';
import type { StaffContext } from '../platform/types.ts';
import type { AnyDB, AnySelect, ResourceHooks } from './hooks.ts';
import { needsPosts, projectsReached, rowConditions, rowReach, subtreeOf, type OrgNode, type RowCondition, type ScopedTable } from './access/dataScope.ts';

export type { ScopedTable } from './access/dataScope.ts';

// The reads behind the data-scope rule (access/dataScope.ts holds the rule itself).

/** The organisation tree: a few hundred rows, read whole so that the rule walks it in memory. */
const orgTree = async (db: DB): Promise<OrgNode[]> => db.selectFrom('org').select(['id', 'parent_id', 'type']).execute();

/** Ids of an organisation and everything below it. */
export async function orgSubtree(db: DB, orgId: number): Promise<number[]> {
  return subtreeOf(await orgTree(db), orgId);
}

/** Projects whose data the caller may see, the union over their roles' data scopes (projectsReached). */
export async function visibleProjectIds(db: DB, staff: StaffContext): Promise<number[]> {
  const posts = { postOrgs: [] as number[], worksIn: [] as number[] };
  if (needsPosts(staff)) {
    const own = await db
      .selectFrom('staff_post')
      .innerJoin('post', 'post.id', 'staff_post.post_id')
      .select('post.org_id')
      .where('staff_post.staff_id', '=', staff.id)
      .where('post.enabled', '=', 1)
      .execute();
    const worksIn = await db.selectFrom('staff_project').select('project_id').where('staff_id', '=', staff.id).execute();
    posts.postOrgs = own.map((o) => o.org_id);
    posts.worksIn = worksIn.map((w) => w.project_id);
  }
  return projectsReached(staff, await orgTree(db), posts);
}

/**
 * The one rule for which rows of a resource a caller may see (rowReach, rowConditions), applied
 * by every read (list, detail, options, export, reports, the work order's own calls) and by the
 * lookups before a write. Inside a transaction pass it as `db`: SQLite has one connection.
 */
export async function scopeRows(ctx: { db: AnyDB; staff: StaffContext; hooks?: Pick<ResourceHooks, 'ownRows' | 'visibleRows' | 'mineRows'> }, table: ScopedTable, query: AnySelect): Promise<AnySelect> {
  const { db, staff, hooks } = ctx;
  const declared = { visibleRows: Boolean(hooks?.visibleRows), ownRows: Boolean(hooks?.ownRows), mineRows: Boolean(hooks?.mineRows) };
  const reach = rowReach(staff, table, declared);
  if (reach === 'every') return query;
  const projects = await visibleProjectIds(db as unknown as DB, staff);
  if (reach === 'declared') return query.where(await hooks!.visibleRows!({ db, staff, projects }));
  const conditions = rowConditions(staff, table, projects, declared);
  const ownRows = conditions.some((c) => c.kind === 'ownRows') ? await hooks!.ownRows!({ db, staff }) : null;
  const mineRows = conditions.some((c) => c.kind === 'mineRows') ? await hooks!.mineRows!({ db, staff }) : null;
  return query.where((eb) => {
    const expression = (c: RowCondition) =>
      c.kind === 'in' ? eb(c.column, 'in', c.values) : c.kind === 'equals' ? eb(c.column, '=', c.value) : c.kind === 'ownRows' ? ownRows!(eb) : mineRows!(eb);
    // A literal, not a bound value: SQLite binds no booleans (a caller reaching nothing got a 500).
    return conditions.length ? eb.or(conditions.map(expression)) : eb.lit(false);
  });
}
