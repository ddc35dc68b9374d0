import type { DB } from '../../platform/db/index.ts';
import { classifyWithDescendants } from './classify.ts';
import { NONE, projectFilter, type PatrolScope } from './common.ts';

/** Points (p) joined with their project (org) and category (c), deleted ones included. */
export const pointsWithNames = (db: DB) => db.selectFrom('tbp_point as p').innerJoin('org', 'org.id', 'p.project_id').innerJoin('tbp_classify as c', 'c.id', 'p.classify_id');

/** The caller's live points, of one project and of a category with its sub-categories when asked. */
export async function visiblePoints(db: DB, scope: PatrolScope, f: { projectId?: number; classifyId?: number }) {
  const projects = projectFilter(scope, f.projectId);
  let q = pointsWithNames(db).where('p.deleted_at', 'is', null);
  if (projects) q = q.where((eb) => (projects.length ? eb('p.project_id', 'in', projects) : NONE));
  if (f.classifyId) q = q.where('p.classify_id', 'in', await classifyWithDescendants(db, f.classifyId));
  return q;
}
