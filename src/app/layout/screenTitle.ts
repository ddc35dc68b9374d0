import { findRoute } from '../routes.ts';
import { menuItemFor } from '../../engine/permissions.tsx';

/** A screen's name for the tab bar: the user's menu entry as an administrator named it, else the page's own title. */
export function screenTitle(key: string): string {
  const pathname = key.split('?')[0]!;
  return menuItemFor(pathname)?.menuName ?? findRoute(pathname)?.title ?? pathname;
}
