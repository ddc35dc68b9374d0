import { Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { memo, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { appHistory } from '../history.ts';
import { ROUTES, type RouteDef } from '../routes.ts';
import { MENU_GROUPS } from '../../engine/pageIndex.ts';
import { ROUTER_LIST_KEY, useMenusVersion } from '../../engine/permissions.tsx';

/** The access cookie value that entries with an `access` flag are compared with (spec 2.1). */
export function accessCookie(): string {
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

/** The menu's items, grouped as MENU_GROUPS orders them, and every path they lead to. */
export function buildMenu(routes: Pick<RouteDef, 'path' | 'title' | 'show' | 'access'>[], access: string): { items: ItemType[]; paths: Set<string> } {
  const visible = routes.filter((r) => r.show && (!r.access || r.access === access));
  const paths = new Set<string>();
  const entry = (r: (typeof visible)[number]) => {
    paths.add(r.path);
    return { key: r.path, label: r.title };
  };
  const items = MENU_GROUPS.flatMap((group): ItemType[] => {
    const children = visible.filter((r) => r.path.startsWith(`${group.prefix}/`));
    if (children.length === 0) return [];
    if (group.prefix === '/index') return children.map(entry);
    return [{ key: group.prefix, label: group.title, children: children.map(entry) }];
  });
  return { items, paths };
}

export function SideMenu() {
  const { pathname } = useLocation();
  // Rebuilt when the stored list is loaded again: at start, and after an administrator renames, reorders or hides entries.
  const menusVersion = useMenusVersion();
  const access = accessCookie();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the version stands for the stored list menuRoutes() reads
  const { items, paths } = useMemo(() => buildMenu(menuRoutes(), access), [menusVersion, access]);
  const [openAtStart] = useState(() => MENU_GROUPS.find((g) => pathname.startsWith(`${g.prefix}/`))?.prefix);
  return <MenuTree items={items} selected={paths.has(pathname) ? pathname : undefined} openAtStart={openAtStart} />;
}

/**
 * The menu itself, rendered again only when its items or its selected entry change: antd's menu
 * re-renders every entry, so a navigation to a screen outside the menu (a detail, an edit form)
 * leaves it as it is.
 */
const MenuTree = memo(function MenuTree({ items, selected, openAtStart }: { items: ItemType[]; selected: string | undefined; openAtStart: string | undefined }) {
  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={openAtStart ? [openAtStart] : []}
      // Through the app's history: react-router's useNavigate would re-render the menu at every navigation.
      onClick={({ key }) => appHistory.push(key)}
    />
  );
});
