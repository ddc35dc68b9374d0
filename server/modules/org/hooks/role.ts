import type { ResourceHooks } from '../../../engine/hooks.ts';
import { checkRoleWithin, checkScopeWithin } from '../authority.ts';

/**
 * Roles (schemas/org/resources/role.json): never beyond the caller's own (issue 40): no data
 * scope wider than theirs, and no change to a role holding more than they hold or to a role they
 * hold themselves (settings, enabling, deleting).
 */
export const roleHooks: ResourceHooks = {
  async beforeSave({ trx, staff, id, values }) {
    if (typeof values.data_scope === 'string') checkScopeWithin(staff, values.data_scope);
    if (id !== null) await checkRoleWithin(trx, staff, id, '设置');
  },
  async afterEnable({ trx, staff, id }) {
    await checkRoleWithin(trx, staff, id, '启用状态');
  },
  async beforeDelete({ trx, staff, ids }) {
    for (const id of ids) await checkRoleWithin(trx, staff, id, '设置');
  },
};
