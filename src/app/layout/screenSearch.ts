import type { MenuGroup } from '../../engine/permissions.tsx';

/** A screen the user may open from the menu, as the search finds it. */
export interface Screen {
  path: string;
  title: string;
  /** The menu group it is under: its menu path is group › title. */
  group: string;
  initials: string;
  groupInitials: string;
}

/** The entries of the user's menu (shown, and for their access cookie), in menu order. */
export function screensOf(menus: MenuGroup[], access: string): Screen[] {
  return menus.flatMap((g) =>
    g.items
      .filter((i) => i.show && (!i.access || i.access === access))
      .map((i) => ({ path: i.menuRouter, title: i.menuName, group: g.groupName, initials: i.menuInitials ?? '', groupInitials: g.groupInitials ?? '' })),
  );
}

/** Spaces and case do not count. */
const normal = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** The query is the start of the group's initials followed by the start of the title's. */
function groupThenTitle(screen: Screen, query: string): boolean {
  for (let i = 1; i < query.length; i++) if (screen.groupInitials.startsWith(query.slice(0, i)) && screen.initials.startsWith(query.slice(i))) return true;
  return false;
}

/**
 * How well a screen answers the query, lower is better, null for not at all: its title first
 * (whole, start, anywhere), then its pinyin initials (「gd」 for 工单管理), then its menu group
 * (「服务工单」 lists the group's screens), then its address.
 */
function rank(screen: Screen, query: string): number | null {
  const title = normal(screen.title);
  if (title === query) return 0;
  if (title.startsWith(query)) return 1;
  if (title.includes(query)) return 2;
  if (screen.initials.startsWith(query)) return 3;
  if (screen.initials.includes(query)) return 4;
  if (normal(screen.group).includes(query) || screen.groupInitials.startsWith(query)) return 5;
  // Group then title: 「fwqb」 (服务工单 › 全部工单) or 「服务工单全部」.
  if (groupThenTitle(screen, query) || normal(screen.group + screen.title).includes(query)) return 6;
  if (screen.path.toLowerCase().includes(query)) return 7;
  return null;
}

/** The screens matching `query` (spaces ignored, any case), best first, menu order among equals. */
export function findScreens(screens: Screen[], query: string, limit = 50): Screen[] {
  const q = normal(query);
  if (!q) return screens.slice(0, limit);
  return screens
    .map((screen, order) => ({ screen, order, rank: rank(screen, q) }))
    .filter((m): m is typeof m & { rank: number } => m.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map((m) => m.screen);
}
