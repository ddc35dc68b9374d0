import type { Catalogue } from '../../engine/catalogue.ts';

/**
 * The grant tree's note of a page's borrowed buttons (`borrows`): under the borrowing screen, one
 * leaf per borrowed code saying where it is granted, so an administrator sees why this screen
 * needs another's button. Keys "r:<menuId>:<code>" are not checkable and never granted: the code
 * is granted under its own screen only.
 */
export function borrowedLeaves(catalogue: Catalogue, menuId: number, route: string): { key: string; title: string; checkable: false; isLeaf: true }[] {
  const page = catalogue.pages.find((p) => p.route === route);
  return (page?.borrows ?? []).map((code) => {
    const button = catalogue.buttons.get(code);
    const owner = catalogue.pages.find((p) => p.route === button?.route)?.title ?? button?.route ?? '';
    return { key: `r:${menuId}:${code}`, title: `借用「${button?.name ?? code}」（在「${owner}」下授予）`, checkable: false, isLeaf: true };
  });
}
