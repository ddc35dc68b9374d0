import { ApiError } from '../../../platform/http/envelope.ts';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import type { StaffContext } from '../../../platform/types.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';

/** The projects an application is online in (its application_online rows). */
async function onlineProjects(trx: AnyDB, ids: number[]): Promise<number[]> {
  const rows = (await trx.selectFrom('application_online').select('project_id').where('application_id', 'in', ids).execute()) as { project_id: number }[];
  return rows.map((r) => r.project_id);
}

/** Refuses when any project is outside the caller's data scope. */
async function assertWithinScope(trx: AnyDB, staff: StaffContext, projects: number[], message: string): Promise<void> {
  if (!projects.length) return;
  const visible = new Set(await visibleProjectIds(trx as never, staff));
  if (projects.some((p) => !visible.has(p))) throw new ApiError(403, message);
}

/**
 * Applications are one company catalogue, put online per project. Staff of a region may put an
 * application online only in their own projects, and may not change or delete one that is
 * online in a project outside their scope (another region's owners use it).
 */
export const applicationHooks: ResourceHooks = {
  async beforeSave({ trx, staff, id, values }) {
    if (id !== null) await assertWithinScope(trx, staff, await onlineProjects(trx, [id]), '该应用已在您权限范围以外的项目上线，不能修改');
    if (Array.isArray(values.project_ids)) await assertWithinScope(trx, staff, values.project_ids as number[], '不能在权限范围以外的项目上线应用');
  },
  async beforeDelete({ trx, staff, ids }) {
    await assertWithinScope(trx, staff, await onlineProjects(trx, ids), '该应用已在您权限范围以外的项目上线，不能删除');
  },
};
