import type { AnyDB } from '../../engine/hooks.ts';
import { buttonCodesOf, roleIdsOf } from '../../engine/access/permissions.ts';
import { orgSubtree, visibleProjectIds } from '../../engine/scope.ts';
import { forbidden } from '../../platform/http/envelope.ts';
import type { DB } from '../../platform/db/index.ts';
import type { StaffContext } from '../../platform/types.ts';

/**
 * "Never beyond the caller's own" (issue 40, finding 3), one rule for staff, roles, posts and
 * grants: a delegated administrator gives nobody (themselves included) more buttons, a wider data
 * scope, more projects or organisations than they hold; edits no account and no role holding more
 * than they hold; and changes neither their own roles, posts, projects and organisation nor the
 * scope and grants of a role they hold. Every check reads through the caller's transaction.
 */

/** Data scopes from narrowest to widest. */
const SCOPE_RANK: Record<string, number> = { self: 0, project: 1, org: 2, all: 3 };
const SCOPE_TEXT: Record<string, string> = { self: '仅本人', project: '所在项目', org: '本组织及下级', all: '全部数据' };

export const rankOf = (scopes: string[]): number => Math.max(-1, ...scopes.map((s) => SCOPE_RANK[s] ?? -1));

/** What an account holds: buttons, its widest data scope, the projects its scope reaches. */
export interface Holding {
  buttons: Set<string>;
  rank: number;
  projects: Set<number>;
  all: boolean;
}

export async function holdingOfContext(db: AnyDB, staff: StaffContext): Promise<Holding> {
  const all = staff.dataScopes.includes('all');
  return { buttons: staff.buttons, rank: rankOf(staff.dataScopes), projects: new Set(all ? [] : await visibleProjectIds(db as unknown as DB, staff)), all };
}

/** The holding of a stored account, as its next session would have it. */
export async function holdingOfStaff(db: AnyDB, staffId: number): Promise<Holding> {
  const d = db as unknown as DB;
  const staff = await d.selectFrom('staff').select(['id', 'account', 'name', 'org_id']).where('id', '=', staffId).executeTakeFirstOrThrow();
  const roleIds = await roleIdsOf(d, staffId);
  const scopes = roleIds.length ? (await d.selectFrom('role').select('data_scope').where('id', 'in', roleIds).execute()).map((r) => r.data_scope) : [];
  const buttons = new Set(await buttonCodesOf(d, roleIds));
  const context: StaffContext = { id: staff.id, account: staff.account, name: staff.name, orgId: staff.org_id, roles: [], roleIds, dataScopes: scopes, buttons, token: '', mustChangePassword: false };
  return holdingOfContext(db, context);
}

/** What `target` holds beyond `mine`, in words; empty when nothing. */
export function beyond(mine: Holding, target: Holding): string[] {
  const out: string[] = [];
  const buttons = [...target.buttons].filter((b) => !mine.buttons.has(b));
  if (buttons.length) out.push(`${buttons.length} 项按钮权限`);
  if (target.rank > mine.rank) out.push('更大的数据范围');
  else if (!mine.all && (target.all || [...target.projects].some((p) => !mine.projects.has(p)))) out.push('更多的项目');
  return out;
}

/** Refuses changing an account that holds more than the caller. */
export async function checkStaffWithin(db: AnyDB, caller: StaffContext, targetId: number): Promise<void> {
  if (targetId === caller.id) return;
  const more = beyond(await holdingOfContext(db, caller), await holdingOfStaff(db, targetId));
  if (more.length) throw forbidden(`该员工拥有超出您的权限（${more.join('、')}），您不能修改其账号`);
}

/** Refuses a data scope wider than the caller's own. */
export function checkScopeWithin(caller: StaffContext, scope: string): void {
  if ((SCOPE_RANK[scope] ?? 99) > rankOf(caller.dataScopes)) throw forbidden(`不能设置超出自身的数据范围（${SCOPE_TEXT[scope] ?? scope}）`);
}

/** Refuses projects the caller's own data scope does not reach. */
export async function checkProjectsWithin(db: AnyDB, caller: StaffContext, projects: number[]): Promise<void> {
  if (!projects.length || caller.dataScopes.includes('all')) return;
  const mine = new Set(await visibleProjectIds(db as unknown as DB, caller));
  if (projects.some((p) => !mine.has(p))) throw forbidden('不能分配超出自身数据范围的项目');
}

/** Refuses an organisation outside what the caller's own scope reaches (their organisation and below, or their projects). */
export async function checkOrgWithin(db: AnyDB, caller: StaffContext, orgId: number): Promise<void> {
  if (caller.dataScopes.includes('all')) return;
  const reach = new Set<number>(await visibleProjectIds(db as unknown as DB, caller));
  if (caller.dataScopes.includes('org')) for (const id of await orgSubtree(db as unknown as DB, caller.orgId)) reach.add(id);
  if (!reach.has(orgId)) throw forbidden('不能选择超出自身数据范围的组织');
}

/** Refuses changing a role that grants more than the caller holds, or a role the caller holds. */
export async function checkRoleWithin(db: AnyDB, caller: StaffContext, roleId: number, what: string): Promise<void> {
  if (caller.roleIds.includes(roleId)) throw forbidden(`不能修改自己所持角色的${what}`);
  const role = await (db as unknown as DB).selectFrom('role').select(['data_scope']).where('id', '=', roleId).executeTakeFirst();
  if (!role) return;
  if ((SCOPE_RANK[role.data_scope] ?? 99) > rankOf(caller.dataScopes)) throw forbidden(`该角色的数据范围超出您的权限，您不能修改其${what}`);
  const buttons = await buttonCodesOf(db as unknown as DB, [roleId]);
  if (buttons.some((b) => !caller.buttons.has(b))) throw forbidden(`该角色拥有超出您的权限，您不能修改其${what}`);
}
