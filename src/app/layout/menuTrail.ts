import { findRoute } from '../routes.ts';
import type { MenuGroup } from '../../engine/permissions.tsx';

/**
 * Where a screen sits in the user's menu: the menu entry it is (or belongs to, for a detail or form
 * reached from one: its permissionsOf), its group, and the breadcrumb trail group › entry › screen,
 * in the names the user's menu gives them.
 */
export function menuTrail(pathname: string, menus: MenuGroup[]): { entry: string | null; trail: string[] } {
  const route = findRoute(pathname);
  const own = route?.title ?? pathname;
  const candidates = [pathname, route?.page?.permissionsOf].filter((r): r is string => Boolean(r));
  for (const menuRoute of candidates) {
    for (const group of menus) {
      const item = group.items.find((i) => i.menuRouter === menuRoute);
      if (!item) continue;
      const trail = group.groupPrefix === '/index' || group.groupName === item.menuName ? [item.menuName] : [group.groupName, item.menuName];
      if (menuRoute !== pathname) trail.push(own);
      return { entry: menuRoute, trail };
    }
  }
  return { entry: null, trail: [own] };
}
