import type { DB } from '../../platform/db/index.ts';
import type { ResourceHooks } from '../../engine/hooks.ts';
import { orgSubtree } from '../../engine/scope.ts';

/**
 * Which learners' rows a caller sees (learning records name a staff member, not a project):
 * their own, and those of the staff of the organisations their data scope reaches (their
 * organisation and below with the organisation scope, the projects they see and below).
 */
export function learnerRows(table: string, column = 'staff_id'): NonNullable<ResourceHooks['visibleRows']> {
  return async ({ db, staff, projects }) => {
    const orgs = new Set<number>([0]);
    const roots = [...projects, ...(staff.dataScopes.includes('org') ? [staff.orgId] : [])];
    for (const root of roots) for (const o of await orgSubtree(db as unknown as DB, root)) orgs.add(o);
    return (eb) => eb.or([eb(`${table}.${column}`, '=', staff.id), eb(`${table}.${column}`, 'in', eb.selectFrom('staff').select('staff.id').where('staff.org_id', 'in', [...orgs]))]);
  };
}
