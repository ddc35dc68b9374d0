import type { DB } from '../../platform/db/index.ts';
import { orgSubtree, visibleProjectIds } from '../../engine/scope.ts';
import type { StaffContext } from '../../platform/types.ts';

export interface OrgScope {
  /** Organisations whose data the caller may see (their roles' data scopes). */
  data: Set<number>;
  /** `data` plus the caller's own organisation and every ancestor, so the tree stays connected. */
  tree: Set<number>;
}

/**
 * The organisations a caller sees (spec 7.3 getUserCrmOrg): all of them with the "all" scope;
 * their organisation and everything below with "org"; their projects with "project". The
 * ancestors of those are shown for context only, never as data.
 */
export async function orgScope(db: DB, staff: StaffContext): Promise<OrgScope> {
  const all = await db.selectFrom('org').select(['id', 'parent_id']).execute();
  if (staff.dataScopes.includes('all')) {
    const ids = new Set(all.map((o) => o.id));
    return { data: ids, tree: ids };
  }
  const data = new Set<number>(await visibleProjectIds(db, staff));
  if (staff.dataScopes.includes('org')) for (const id of await orgSubtree(db, staff.orgId)) data.add(id);
  const tree = new Set([...data, staff.orgId]);
  const parentOf = new Map(all.map((o) => [o.id, o.parent_id]));
  for (const id of [...tree]) {
    for (let p = parentOf.get(id) ?? null; p !== null && !tree.has(p); p = parentOf.get(p) ?? null) tree.add(p);
  }
  return { data, tree };
}

export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/**
 * Nests records by their parent: a record whose parent is not among them hangs under its
 * nearest listed ancestor (`ancestorOf`), or at the root.
 */
export function nest<T extends { id: number }>(rows: T[], parentOf: (row: T) => number | null, ancestorOf: (id: number) => number | null = () => null): TreeNode<T>[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r } as TreeNode<T>]));
  const roots: TreeNode<T>[] = [];
  for (const row of rows) {
    let parent = parentOf(row);
    while (parent !== null && !byId.has(parent)) parent = ancestorOf(parent);
    const node = byId.get(row.id)!;
    if (parent === null) roots.push(node);
    else (byId.get(parent)!.children ??= []).push(node);
  }
  return roots;
}
