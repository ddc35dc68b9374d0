import type { FastifyInstance } from 'fastify';
import { ApiError, forbidden, ok } from '../../platform/http/envelope.ts';
import { menusOf } from '../../engine/access/permissions.ts';
import type { StaffContext } from '../../platform/types.ts';
import type { DB } from '../../platform/db/index.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { checkRoleWithin, rankOf } from './authority.ts';
import { borrowedLeaves } from './borrowedGrants.ts';

const ADMIN_ROLE = 'admin';

/** Keys of the permission tree: "m:<menuId>" for a screen, "b:<btnCode>" for a button on it. */
const menuKey = (id: number) => `m:${id}`;
const buttonKey = (code: string) => `b:${code}`;

/**
 * Post authority (spec 6): replaces the roles a post gives to whoever holds it, within the
 * caller's own rights. Shared by this call and the post manager's authority form.
 */
export async function assignPostRoles(db: DB, staff: StaffContext, postId: number, roleIds: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom('post').select('id').where('id', '=', postId).executeTakeFirst();
    if (!post) throw new ApiError(404, '岗位不存在或已被删除');
    // Given or taken away, a role beyond the caller's own is refused; so is changing a post they hold (their own roles).
    const held = (await trx.selectFrom('post_role').select('role_id').where('post_id', '=', postId).execute()).map((r) => r.role_id);
    const changed = [...roleIds.filter((r) => !held.includes(r)), ...held.filter((r) => !roleIds.includes(r))];
    if ((await rolesBeyond(trx, staff, changed)).length) throw forbidden('不能分配或撤销超出自身权限的角色');
    if (changed.length && (await trx.selectFrom('staff_post').select('staff_id').where('post_id', '=', postId).where('staff_id', '=', staff.id).executeTakeFirst())) {
      throw forbidden('不能修改自己所在岗位的角色');
    }
    const found = roleIds.length ? await trx.selectFrom('role').select('id').where('id', 'in', roleIds).execute() : [];
    if (found.length !== roleIds.length) throw new ApiError(400, '角色不存在或已被删除');
    await trx.deleteFrom('post_role').where('post_id', '=', postId).execute();
    for (const roleId of roleIds) await trx.insertInto('post_role').values({ post_id: postId, role_id: roleId }).execute();
  });
}

/**
 * The role calls of spec 6 beyond the generic resource ones (role.json): the menus and buttons
 * a role grants, granting them, and the roles of a post. Nobody grants what they do not hold,
 * so no one can raise themselves or a role they hold above their own rights.
 */
export default async function roleCalls(app: FastifyInstance) {
  const idQuery = (name: string) => ({ type: 'object', required: [name], additionalProperties: false, properties: { [name]: { type: 'integer', minimum: 1 } } });

  async function grantableMenus(staff: StaffContext) {
    return menusOf(app.db, staff.roleIds);
  }

  /** The caller's own menus and buttons as a tree: what they may grant. */
  app.get('/role/grantable', { config: { btnCode: 'role:grant' } }, async (request) => {
    const menus = await grantableMenus(request.staff!);
    const buttons = request.staff!.buttons.size
      ? await app.db.selectFrom('menu_button').select(['code', 'name', 'menu_id']).where('code', 'in', [...request.staff!.buttons]).where('retired', '=', 0).execute()
      : [];
    const groups = new Map<string, { key: string; title: string; checkable: boolean; children: object[] }>();
    for (const m of menus) {
      const group = groups.get(m.groupPrefix) ?? { key: `g:${m.groupPrefix}`, title: m.groupName || '其他', checkable: false, children: [] };
      groups.set(m.groupPrefix, group);
      group.children.push({
        key: menuKey(m.menuId),
        title: m.menuName,
        children: [...buttons.filter((b) => b.menu_id === m.menuId).map((b) => ({ key: buttonKey(b.code), title: b.name })), ...borrowedLeaves(app.catalogue, m.menuId, m.menuRouter)],
      });
    }
    // In the left menu's order: groups as menus.json lists them, screens without a group last.
    const rank = (key: string) => {
      const at = app.catalogue.menuGroups.findIndex((g) => `g:${g.prefix}` === key);
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    return ok([...groups.values()].sort((a, b) => rank(a.key) - rank(b.key)));
  });

  /** A role with the keys of what it grants: the load endpoint of the grant form. */
  app.get('/role/permissions', { config: { btnCode: 'role:view' }, schema: { querystring: idQuery('id') } }, async (request) => {
    const { id } = request.query as { id: number };
    const role = await app.db.selectFrom('role').select(['id', 'name', 'code']).where('id', '=', id).executeTakeFirst();
    if (!role) throw new ApiError(404, '角色不存在或已被删除');
    const menus = await app.db.selectFrom('role_menu').select('menu_id').where('role_id', '=', id).execute();
    const buttons = await app.db
      .selectFrom('role_button')
      .innerJoin('menu_button', 'menu_button.id', 'role_button.button_id')
      .select('menu_button.code')
      .where('role_button.role_id', '=', id)
      .execute();
    return ok({ ...role, grants: [...menus.map((m) => menuKey(m.menu_id)), ...buttons.map((b) => buttonKey(b.code))] });
  });

  /** Spec 6 add-permission: replaces what a role grants, within what the caller holds. */
  app.post(
    '/role/addPermission',
    {
      config: { btnCode: 'role:grant' },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'grants'],
          additionalProperties: true,
          properties: { id: { type: 'integer', minimum: 1 }, grants: { type: 'array', maxItems: 2000, items: { type: 'string', pattern: '^(m:\\d+|b:[a-z][a-zA-Z0-9-]*:[a-zA-Z][a-zA-Z0-9-]*|g:.*)$' } } },
        },
      },
    },
    async (request) => {
      const { id, grants } = request.body as { id: number; grants: string[] };
      const staff = request.staff!;
      const codes = [...new Set(grants.filter((g) => g.startsWith('b:')).map((g) => g.slice(2)))];
      const menuIds = new Set(grants.filter((g) => g.startsWith('m:')).map((g) => Number(g.slice(2))));
      const beyond = codes.filter((c) => !staff.buttons.has(c));
      if (beyond.length) throw forbidden(`不能授予自己没有的权限：${beyond.map((c) => app.catalogue.buttons.get(c)?.name ?? c).join('、')}`);
      const mine = new Set((await grantableMenus(staff)).map((m) => m.menuId));
      const buttons = codes.length ? await app.db.selectFrom('menu_button').select(['id', 'menu_id']).where('code', 'in', codes).execute() : [];
      for (const b of buttons) menuIds.add(b.menu_id); // a button comes with its screen
      if ([...menuIds].some((m) => !mine.has(m))) throw forbidden('不能授予自己没有的菜单');
      await app.db.transaction().execute(async (trx) => {
        const role = await trx.selectFrom('role').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
        if (!role) throw new ApiError(404, '角色不存在或已被删除');
        // Nobody re-grants a role holding more than they hold (taking away is changing it too), nor a role they hold.
        if (role.code !== ADMIN_ROLE) await checkRoleWithin(trx as unknown as AnyDB, staff, id, '授权');
        // The administrator role always holds everything the catalogue has.
        if (role.code === ADMIN_ROLE) throw new ApiError(400, '系统管理员角色拥有全部权限，无需授权');
        await trx.deleteFrom('role_menu').where('role_id', '=', id).execute();
        await trx.deleteFrom('role_button').where('role_id', '=', id).execute();
        for (const menuId of menuIds) await trx.insertInto('role_menu').values({ role_id: id, menu_id: menuId }).execute();
        for (const b of buttons) await trx.insertInto('role_button').values({ role_id: id, button_id: b.id }).execute();
        await trx.updateTable('role').set({ updated_at: Date.now() }).where('id', '=', id).execute();
      });
      return ok({ id, menus: menuIds.size, buttons: buttons.length }, '授权已保存');
    },
  );

  /** Post authority (spec 6): the roles a post gives to whoever holds it. */
  app.get('/post/roles', { config: { btnCode: ['role:view', 'post:view'] }, schema: { querystring: idQuery('postId') } }, async (request) => {
    const { postId } = request.query as { postId: number };
    const rows = await app.db.selectFrom('post_role').select('role_id').where('post_id', '=', postId).execute();
    return ok(rows.map((r) => r.role_id));
  });

  app.post(
    '/post/roles',
    {
      config: { btnCode: ['role:grant', 'post:grant'] },
      schema: {
        body: {
          type: 'object',
          required: ['postId', 'roleIds'],
          additionalProperties: false,
          properties: { postId: { type: 'integer', minimum: 1 }, roleIds: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'integer', minimum: 1 } } },
        },
      },
    },
    async (request) => {
      const { postId, roleIds } = request.body as { postId: number; roleIds: number[] };
      await assignPostRoles(app.db, request.staff!, postId, roleIds);
      return ok({ postId, roleIds }, '岗位角色已保存');
    },
  );
}

/**
 * The roles among these that grant a button the caller does not hold, or a wider data scope: nobody grants or takes
 * away a role beyond their own rights (spec 6), on posts (above) and on the personnel screen.
 */
export async function rolesBeyond(db: DB, staff: StaffContext, roleIds: number[]): Promise<{ id: number; name: string }[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .selectFrom('role_button')
    .innerJoin('menu_button', 'menu_button.id', 'role_button.button_id')
    .innerJoin('role', 'role.id', 'role_button.role_id')
    .select(['role.id', 'role.name', 'menu_button.code'])
    .where('role_button.role_id', 'in', roleIds)
    .where('menu_button.retired', '=', 0)
    .execute();
  const beyond = new Map(rows.filter((r) => !staff.buttons.has(r.code)).map((r) => [r.id, { id: r.id, name: r.name }]));
  // A wider data scope is beyond too (issue 40): handing out such a role widens someone's reach.
  const scoped = await db.selectFrom('role').select(['id', 'name', 'data_scope']).where('id', 'in', roleIds).execute();
  const rank = rankOf(staff.dataScopes);
  for (const r of scoped) if (rankOf([r.data_scope]) > rank) beyond.set(r.id, { id: r.id, name: r.name });
  return [...beyond.values()];
}
