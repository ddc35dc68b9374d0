import { Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES, type RouteDef } from '../app/routes.ts';
import { MENU_GROUPS } from '../engine/pageIndex.ts';
import { ROUTER_LIST_KEY, useMenusVersion } from '../engine/permissions.tsx';

/** The access cookie value that entries with an `access` flag are compared with (spec 2.1). */
function accessCookie(): string {
  const match = document.cookie.match(/(?:^|;\s*)access=([^;]*)/);
  return match ? decodeURIComponent(match[1]!) : '';
}

/** The stored router list when one exists (spec 2.1), else the route table. */
function menuRoutes(): Pick<RouteDef, 'path' | 'title' | 'show' | 'access'>[] {
  try {
    const stored = JSON.parse(localStorage.getItem(ROUTER_LIST_KEY) ?? 'null');
    if (Array.isArray(stored) && stored.length) return stored;
  } catch {
    /* a corrupt stored list falls back to the route table */
  }
  return ROUTES;
}

export function buildMenuItems(routes: Pick<RouteDef, 'path' | 'title' | 'show' | 'access'>[], access: string): ItemType[] {
  const visible = routes.filter((r) => r.show && (!r.access || r.access === access));
  return MENU_GROUPS.flatMap((group) => {
    const children = visible.filter((r) => r.path.startsWith(`${group.prefix}/`));
    if (children.length === 0) return [];
    if (group.prefix === '/index') return children.map((r) => ({ key: r.path, label: r.title }));
    return [{ key: group.prefix, label: group.title, children: children.map((r) => ({ key: r.path, label: r.title })) }];
  });
}

export function SideMenu() {
  const location = useLocation();
  const navigate = useNavigate();
  // Rebuilt when the stored list is loaded again: at start, and after an administrator renames, reorders or hides entries.
  useMenusVersion();
  const items = buildMenuItems(menuRoutes(), accessCookie());
  const group = MENU_GROUPS.find((g) => location.pathname.startsWith(`${g.prefix}/`));
  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[location.pathname]}
      defaultOpenKeys={group ? [group.prefix] : []}
      onClick={({ key }) => navigate(key)}
    />
  );
}
