import { Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { memo, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { appHistory } from '../history.ts';
import { ROUTES, type RouteDef } from '../routes.ts';
import { MENU_GROUPS } from '../../engine/pageIndex.ts';
import { ROUTER_LIST_KEY, storedMenus, useMenusVersion } from '../../engine/permissions.tsx';
import { menuTrail } from './menuTrail.ts';

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
  // The entry of the screen, or of the menu screen a detail or form belongs to.
  const entry = menuTrail(pathname, storedMenus()).entry ?? pathname;
  const selected = paths.has(entry) ? entry : undefined;
  const group = MENU_GROUPS.find((g) => entry.startsWith(`${g.prefix}/`))?.prefix;
  // The current screen's group is opened whenever the user arrives (tab, search, link), the others stay as the user left them.
  const [openKeys, setOpenKeys] = useState<string[]>(() => (group ? [group] : []));
  const [openedFor, setOpenedFor] = useState(group);
  if (openedFor !== group) {
    setOpenedFor(group);
    if (group && !openKeys.includes(group)) setOpenKeys([...openKeys, group]);
  }
  return <MenuTree items={items} selected={selected} openKeys={openKeys} onOpenChange={setOpenKeys} />;
}

/** Brings the selected entry into the side bar's view: at once, and again once its group has unfolded. */
function useSelectedInView(selected: string | undefined) {
  useEffect(() => {
    if (!selected) return undefined;
    const show = () => document.querySelector('.ant-layout-sider .ant-menu-item-selected')?.scrollIntoView({ block: 'nearest' });
    show();
    // antd unfolds a group in 0.3 s.
    const timer = setTimeout(show, 350);
    return () => clearTimeout(timer);
  }, [selected]);
}

/**
 * The menu itself, rendered again only when its items, its selected entry or its open groups
 * change: antd's menu re-renders every entry, so a navigation to a screen outside the menu (a
 * detail, an edit form) leaves it as it is.
 */
const MenuTree = memo(function MenuTree({ items, selected, openKeys, onOpenChange }: { items: ItemType[]; selected: string | undefined; openKeys: string[]; onOpenChange: (keys: string[]) => void }) {
  useSelectedInView(selected);
  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={selected ? [selected] : []}
      openKeys={openKeys}
      onOpenChange={onOpenChange}
      // Through the app's history: react-router's useNavigate would re-render the menu at every navigation.
      onClick={({ key }) => appHistory.push(key)}
    />
  );
});
