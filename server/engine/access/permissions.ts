import { sql } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import type { Catalogue } from '../catalogue.ts';

/** Where pages without a declared order go: after those with one. */
const LAST = Number.MAX_SAFE_INTEGER;

/**
 * Writes the permission catalogue of schemas/ into the menu and menu_button tables (spec 6):
 * new pages and buttons are added, renamed ones updated, removed ones retired (grants kept,
 * never shown). The administrator role is granted everything that exists.
 */
export async function syncPermissionCatalogue(db: DB, catalogue: Catalogue): Promise<void> {
  const groupOf = (route: string) => catalogue.menuGroups.find((g) => route === g.prefix || route.startsWith(`${g.prefix}/`));
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const liveMenus = new Set<string>();
    const liveButtons = new Set<string>();
    // A declared order first (stable: ties and the rest keep their file-name order).
    const ordered = [...catalogue.pages].sort((a, b) => (a.order ?? LAST) - (b.order ?? LAST));
    for (const [sort, page] of ordered.entries()) {
      const group = groupOf(page.route);
      if (!page.menu && !(page.buttons ?? []).length) continue;
      liveMenus.add(page.route);
      const values = {
        router: page.route,
        name: page.title,
        group_prefix: group?.prefix ?? '',
        group_name: group?.title ?? '',
        sort,
        show: page.menu ? 1 : 0,
        access: page.access ?? null,
        retired: 0,
      };
      await trx.insertInto('menu').values({ ...values, created_at: now, updated_at: now }).onConflict((oc) => oc.column('router').doUpdateSet(values)).execute();
      const menu = await trx.selectFrom('menu').select('id').where('router', '=', page.route).executeTakeFirstOrThrow();
      for (const b of page.buttons ?? []) {
        liveButtons.add(b.code);
        const button = { menu_id: menu.id, code: b.code, name: b.name, retired: 0 };
        await trx.insertInto('menu_button').values(button).onConflict((oc) => oc.column('code').doUpdateSet(button)).execute();
      }
    }
    const menus = await trx.selectFrom('menu').select(['id', 'router']).execute();
    for (const m of menus) if (!liveMenus.has(m.router)) await trx.updateTable('menu').set({ retired: 1 }).where('id', '=', m.id).execute();
    const buttons = await trx.selectFrom('menu_button').select(['id', 'code']).execute();
    for (const b of buttons) if (!liveButtons.has(b.code)) await trx.updateTable('menu_button').set({ retired: 1 }).where('id', '=', b.id).execute();

    const admin = await trx.selectFrom('role').select('id').where('code', '=', 'admin').executeTakeFirst();
    if (admin) {
      // One statement each (INSERT … SELECT): a row at a time was ~1,700 round trips, seconds of every start on PostgreSQL.
      await trx
        .insertInto('role_menu')
        .columns(['role_id', 'menu_id'])
        .expression(trx.selectFrom('menu').select([sql.lit(admin.id).as('role_id'), 'id']).where('retired', '=', 0))
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .insertInto('role_button')
        .columns(['role_id', 'button_id'])
        .expression(trx.selectFrom('menu_button').select([sql.lit(admin.id).as('role_id'), 'id']).where('retired', '=', 0))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}

/** Enabled roles of a staff member: held directly, and through the posts they hold (spec 6). */
export async function roleIdsOf(db: DB, staffId: number): Promise<number[]> {
  const direct = db.selectFrom('staff_role').select('role_id').where('staff_id', '=', staffId);
  const viaPosts = db
    .selectFrom('staff_post')
    .innerJoin('post_role', 'post_role.post_id', 'staff_post.post_id')
    .innerJoin('post', 'post.id', 'staff_post.post_id')
    .select('post_role.role_id')
    .where('staff_post.staff_id', '=', staffId)
    .where('post.enabled', '=', 1);
  const rows = await db
    .selectFrom('role')
    .select('id')
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('id', 'in', direct), eb('id', 'in', viaPosts)]))
    .execute();
  return rows.map((r) => r.id);
}

export async function buttonCodesOf(db: DB, roleIds: number[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .selectFrom('role_button')
    .innerJoin('menu_button', 'menu_button.id', 'role_button.button_id')
    .select('menu_button.code')
    .distinct()
    .where('role_button.role_id', 'in', roleIds)
    .where('menu_button.retired', '=', 0)
    .execute();
  return rows.map((r) => r.code);
}

export interface MenuGrant {
  menuId: number;
  menuRouter: string;
  menuName: string;
  groupPrefix: string;
  groupName: string;
  show: number;
  access: string | null;
}

export async function menusOf(db: DB, roleIds: number[]): Promise<MenuGrant[]> {
  if (!roleIds.length) return [];
  // An administrator's title, order and hiding (menu-manage) take the place of the declared ones.
  return db
    .selectFrom('role_menu')
    .innerJoin('menu', 'menu.id', 'role_menu.menu_id')
    .select([
      'menu.id as menuId',
      'menu.router as menuRouter',
      sql<string>`coalesce(menu.display_name, menu.name)`.as('menuName'),
      'menu.group_prefix as groupPrefix',
      'menu.group_name as groupName',
      sql<number>`case when menu.enabled = 1 then menu.show else 0 end`.as('show'),
      'menu.access',
      sql<number>`coalesce(menu.display_sort, menu.sort)`.as('menuSort'),
      'menu.sort',
    ])
    .distinct()
    .where('role_menu.role_id', 'in', roleIds)
    .where('menu.retired', '=', 0)
    .orderBy('menuSort')
    .orderBy('menu.sort')
    .execute();
}
