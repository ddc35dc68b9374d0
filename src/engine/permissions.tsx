import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { request } from '../core/request.ts';
import { getStaffId } from '../core/session.ts';
import { guardCodes } from '../shared/endpoints.ts';
import type { BtnGuard } from '../shared/schemaTypes.ts';
import { engineHost } from './host.ts';

/** Storage keys of spec 3: the stored menu list, the router list, and the button list (session storage). */
export const MENU_LIST_KEY = 'menuList';
export const ROUTER_LIST_KEY = 'routerList';
export const BUTTONS_KEY = 'pms:buttons';

export interface MenuItem {
  menuId: number;
  menuRouter: string;
  menuName: string;
  show: number;
  access: string | null;
  /** Pinyin initials of the name (工单管理 → gdgl), for the screen search; the server computes them. */
  menuInitials?: string;
}

export interface MenuGroup {
  groupPrefix: string;
  groupName: string;
  groupInitials?: string;
  items: MenuItem[];
}

interface ButtonItem {
  btnCode: string;
  btnName: string;
}

const sameCodes = (a: ButtonItem[], b: ButtonItem[]) => a.length === b.length && a.every((x, i) => x.btnCode === b[i]!.btnCode);

let buttons: ButtonItem[] = JSON.parse(sessionStorage.getItem(BUTTONS_KEY) ?? '[]');
const listeners = new Set<() => void>();
function setButtons(next: ButtonItem[]) {
  // Every navigation fetches the buttons again, mostly the same ones: re-rendering every open
  // screen (kept-alive lists of a hundred rows included) for an unchanged list is wasted.
  if (sameCodes(buttons, next)) return;
  buttons = next;
  sessionStorage.setItem(BUTTONS_KEY, JSON.stringify(next));
  listeners.forEach((l) => l());
}

let parsedMenus: { raw: string | null; menus: MenuGroup[] } = { raw: null, menus: [] };

/**
 * The stored menu list. Each navigation reads it twice (may the screen open, which menu's buttons),
 * so the parsed list is kept while the stored text is unchanged; callers only read it.
 */
export function storedMenus(): MenuGroup[] {
  const raw = localStorage.getItem(MENU_LIST_KEY);
  if (raw !== parsedMenus.raw) {
    let menus: MenuGroup[] = [];
    try {
      menus = JSON.parse(raw ?? '[]');
    } catch {
      /* a corrupt stored list grants nothing */
    }
    parsedMenus = { raw, menus: Array.isArray(menus) ? menus : [] };
  }
  return parsedMenus.menus;
}

let menusVersion = 0;
const menuListeners = new Set<() => void>();

/** Changes whenever the stored menu list is loaded again, so the left menu rebuilds from it. */
export function useMenusVersion(): number {
  return useSyncExternalStore(
    (l) => (menuListeners.add(l), () => menuListeners.delete(l)),
    () => menusVersion,
  );
}

/** After login: the user's menus (spec 7.4 menu-list call, type 2) become the stored menu and router lists. */
export async function loadMenus(): Promise<MenuGroup[]> {
  const res = await request<MenuGroup[]>('auth', '/login/menuList', { method: 'POST', params: { userId: getStaffId(), type: 2 } });
  if (res.code !== '200' || !res.data) return storedMenus();
  localStorage.setItem(MENU_LIST_KEY, JSON.stringify(res.data));
  const routers = res.data.flatMap((g) => g.items.map((i) => ({ path: i.menuRouter, title: i.menuName, show: Boolean(i.show), access: i.access ?? undefined })));
  localStorage.setItem(ROUTER_LIST_KEY, JSON.stringify(routers));
  menusVersion += 1;
  menuListeners.forEach((l) => l());
  return res.data;
}

let early: Promise<MenuGroup[]> | undefined;

/** Starts the start-up menu call as soon as requests can be signed (main.tsx), while the screen's code loads. */
export function loadMenusEarly(): void {
  early ??= loadMenus();
}

/** The menus the signed-in shell starts with: the early call's answer once, a new call afterwards (another sign-in). */
export function startupMenus(): Promise<MenuGroup[]> {
  const menus = early ?? loadMenus();
  early = undefined;
  return menus;
}

/** A screen from schemas/ that belongs to a menu entry opens only when the user's menus hold that entry. */
export function mayOpenPath(pathname: string): boolean {
  const page = engineHost().findPage(pathname);
  if (!page) return true;
  const menuRoute = page.permissionsOf ?? (page.menu || page.hasButtons ? page.route : null);
  if (!menuRoute) return true;
  return storedMenus().some((g) => g.items.some((i) => i.menuRouter === menuRoute));
}

export function menuItemFor(pathname: string): MenuItem | undefined {
  return storedMenus()
    .flatMap((g) => g.items)
    .find((i) => i.menuRouter === pathname);
}

/**
 * Spec 6: after each navigation, when the path is a menu item of the stored menu list, the
 * user's buttons on it are fetched and kept (also in session storage); otherwise emptied.
 */
export function useButtonPermissions(menusLoaded: boolean): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const page = engineHost().findPage(pathname);
    const item = menuItemFor(page?.permissionsOf ?? page?.route ?? pathname);
    if (!item) {
      setButtons([]);
      return;
    }
    let current = true;
    request<ButtonItem[]>('auth', '/login/buttonPermissions', { method: 'POST', params: { userId: getStaffId(), menuId: item.menuId } }).then((res) => {
      if (current) setButtons(res.status === '200' && res.data ? res.data : []);
    });
    return () => {
      current = false;
    };
  }, [pathname, menusLoaded]);
}

/** True when the stored button list holds the code, or any one of several (spec 6). */
export function hasPermission(guard: BtnGuard | undefined): boolean {
  const codes = guardCodes(guard);
  return codes.length === 0 || codes.some((c) => buttons.some((b) => b.btnCode === c));
}

/** Re-renders when the stored button list changes; the function is a new one then, so memos that use it update. */
export function usePermission(): (guard: BtnGuard | undefined) => boolean {
  const list = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => buttons,
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function for each list
  return useMemo(() => (guard: BtnGuard | undefined) => hasPermission(guard), [list]);
}

/** Shows its children only with the permission. */
export function Permission({ code, children }: { code?: BtnGuard; children: ReactNode }) {
  const can = usePermission();
  return can(code) ? <>{children}</> : null;
}
