// The data-scope rule (spec 6), as pure functions (issue 43: the rules the mutation run holds,
// testable without a database). scope.ts reads the facts (the org tree, the caller's posts and
// assigned projects) and turns the conditions below into SQL.

/** An organisation of the tree: a company, region, area, department or project. */
export interface OrgNode {
  id: number;
  parent_id: number | null;
  type: string;
}

/** Who asks: their id, their own organisation and the union of their roles' data scopes. */
export interface ScopeCaller {
  id: number;
  orgId: number;
  dataScopes: readonly string[];
}

/** What the scope "project" reads besides the tree: the organisations of the caller's enabled posts, the projects they work in. */
export interface CallerPosts {
  postOrgs: readonly number[];
  worksIn: readonly number[];
}

/** Ids of an organisation and everything below it (none when it does not exist); a cycle ends the walk. */
export function subtreeOf(orgs: readonly OrgNode[], orgId: number): number[] {
  if (!orgs.some((o) => o.id === orgId)) return [];
  // Roots are listed under null, which no walk asks for.
  const children = new Map<number | null, number[]>();
  for (const o of orgs) children.set(o.parent_id, [...(children.get(o.parent_id) ?? []), o.id]);
  const seen = new Set<number>([orgId]);
  const queue = [orgId];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of children.get(next) ?? []) {
      if (!seen.has(child)) {
        seen.add(child);
        queue.push(child);
      }
    }
  }
  return [...seen];
}

/** Whether the rule needs the caller's posts and assigned projects (only the scope "project" reads them). */
export const needsPosts = (caller: ScopeCaller): boolean => caller.dataScopes.includes('project');

/**
 * Projects whose data the caller may see, the union over their roles' data scopes: all → every
 * project; org → projects under the caller's organisation at any depth; project → the caller's
 * own organisation when it is a project, the projects of their enabled posts and those they work
 * in (staff_project); self → none (their own records are a condition of the rows, rowConditions).
 */
export function projectsReached(caller: ScopeCaller, orgs: readonly OrgNode[], posts: CallerPosts): number[] {
  const projects = orgs.filter((o) => o.type === 'project').map((o) => o.id);
  if (caller.dataScopes.includes('all')) return projects;
  const reached = new Set<number>();
  if (caller.dataScopes.includes('org')) for (const id of subtreeOf(orgs, caller.orgId)) reached.add(id);
  if (needsPosts(caller)) for (const id of [caller.orgId, ...posts.postOrgs, ...posts.worksIn]) reached.add(id);
  return projects.filter((id) => reached.has(id));
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

/** Which of a resource's hooks name rows (server/engine/hooks.ts): the rule needs only whether each is declared. */
export interface RowHooks {
  visibleRows?: boolean;
  ownRows?: boolean;
  mineRows?: boolean;
}

/**
 * How far a caller's reads of a table reach: 'every' row (the scope "all", or a table not kept
 * by project), the table's own 'declared' condition (`hooks.visibleRows`, given the projects the
 * scope reaches; issue 40: no read scoped only in its list), or the 'conditions' of rowConditions.
 */
export function rowReach(caller: ScopeCaller, table: ScopedTable, hooks: RowHooks): 'every' | 'declared' | 'conditions' {
  if (caller.dataScopes.includes('all')) return 'every';
  if (hooks.visibleRows) return 'declared';
  return table.scope === 'project' ? 'conditions' : 'every';
}

/** One condition a row may meet to be seen; a row meeting none of them is not. */
export type RowCondition =
  | { kind: 'in'; column: string; values: number[] }
  | { kind: 'equals'; column: string; value: number }
  | { kind: 'ownRows' }
  | { kind: 'mineRows' };

/**
 * The conditions of a table kept by project, any of which lets a row be seen: its project is one
 * the scope reaches; with the scope "own records", the rows `hooks.ownRows` names or else those
 * the caller created (compared in SQL, where a null column equals nothing, so a row without a
 * creator is never anyone's own); and whatever `hooks.mineRows` names whatever the scope (an
 * approver's tasks in another project). None: the caller sees nothing.
 */
export function rowConditions(caller: ScopeCaller, table: ScopedTable, projects: readonly number[], hooks: RowHooks): RowCondition[] {
  const conditions: RowCondition[] = [];
  if (projects.length) conditions.push({ kind: 'in', column: `${table.name}.${table.projectField ?? 'project_id'}`, values: [...projects] });
  if (caller.dataScopes.includes('self')) conditions.push(hooks.ownRows ? { kind: 'ownRows' } : { kind: 'equals', column: `${table.name}.created_by`, value: caller.id });
  if (hooks.mineRows) conditions.push({ kind: 'mineRows' });
  return conditions;
}
