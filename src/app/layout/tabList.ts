/**
 * The page tabs as data: which full paths (path and query) are open, in the bar's order, and
 * which was visited least recently, so that past MAX_TABS the oldest goes first. The home tab
 * is always first and never closes. Pure functions; PageTabs.tsx renders them.
 */
export interface TabList {
  /** Open tabs in the bar's order, the home tab first. */
  keys: string[];
  /** The same keys, least recently visited first. */
  recent: string[];
}

export const MAX_TABS = 20;

export function initialTabs(home: string, stored: unknown): TabList {
  const keys = Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string' && k.startsWith('/') && !k.startsWith('//')) : [];
  const unique = [home, ...new Set(keys.filter((k) => k !== home))].slice(0, MAX_TABS);
  return { keys: unique, recent: [...unique] };
}

/** The tab of `key` opened (at the end of the bar) or brought forward; past the limit the least recently visited others close. */
export function visitTab(list: TabList, key: string): TabList {
  if (list.keys.includes(key) && list.recent.at(-1) === key) return list;
  const keys = list.keys.includes(key) ? list.keys : [...list.keys, key];
  let recent = [...list.recent.filter((k) => k !== key), key];
  const home = keys[0];
  const dropped = new Set<string>();
  for (const k of recent) {
    if (keys.length - dropped.size <= MAX_TABS) break;
    if (k !== home && k !== key) dropped.add(k);
  }
  recent = recent.filter((k) => !dropped.has(k));
  return { keys: keys.filter((k) => !dropped.has(k)), recent };
}

/** Closes `closing` (never the home tab). */
export function closeTabs(list: TabList, closing: Iterable<string>): TabList {
  const gone = new Set(closing);
  gone.delete(list.keys[0]!);
  if (![...gone].some((k) => list.keys.includes(k))) return list;
  return { keys: list.keys.filter((k) => !gone.has(k)), recent: list.recent.filter((k) => !gone.has(k)) };
}

/** Every tab but `key` and home: 关闭其他. */
export const othersOf = (list: TabList, key: string) => list.keys.slice(1).filter((k) => k !== key);

/** The tabs right of `key`: 关闭右侧. */
export const rightOf = (list: TabList, key: string) => list.keys.slice(list.keys.indexOf(key) + 1);

/** Where the user goes when the current tab `current` closes with `closing`: the nearest open tab to its right, else to its left. */
export function nextAfterClosing(list: TabList, current: string, closing: Iterable<string>): string {
  const gone = new Set(closing);
  gone.delete(list.keys[0]!);
  const at = list.keys.indexOf(current);
  const right = list.keys.slice(at + 1).find((k) => !gone.has(k));
  const left = list.keys.slice(0, Math.max(at, 0)).reverse().find((k) => !gone.has(k));
  return right ?? left ?? list.keys[0]!;
}
