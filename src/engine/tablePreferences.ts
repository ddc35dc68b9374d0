import { useCallback, useSyncExternalStore } from 'react';
import { call } from './data.ts';
import { cachedPreferences, cachePreferences } from './preferenceCache.ts';
import type { ColumnPreference, TablePreference } from '../shared/tablePreferences.ts';

let mine = cachedPreferences();
let loaded: Promise<void> | undefined;
const listeners = new Set<() => void>();

function publish(next: Record<string, TablePreference>) {
  mine = next;
  cachePreferences(next);
  listeners.forEach((l) => l());
}

/** The server's copy, once a session (the first list page asks). */
function loadOnce() {
  loaded ??= call<Record<string, TablePreference>>('table_preference.mine').then((r) => {
    if (r.status === '200' && r.data) publish(r.data);
    else loaded = undefined;
  });
}

/**
 * The signed-in user's saved settings of one list screen, with saving (merged into what is
 * saved) and resetting; the answer's message is for the toast.
 */
export function useTablePreference(route: string) {
  const all = useSyncExternalStore(
    (l) => (loadOnce(), listeners.add(l), () => listeners.delete(l)),
    () => mine,
  );
  const save = useCallback(
    async (change: TablePreference) => {
      const value = { ...mine[route], ...change };
      const res = await call<TablePreference>('table_preference.save', { route, ...value });
      if (res.status === '200') publish({ ...mine, [route]: value });
      return res;
    },
    [route],
  );
  const reset = useCallback(async () => {
    const res = await call('table_preference.reset', { route });
    if (res.status === '200') {
      const rest = { ...mine };
      delete rest[route];
      publish(rest);
    }
    return res;
  }, [route]);
  return { preference: all[route], save, reset };
}

/**
 * The columns a list shows: in the user's saved order, without those they hid, at their widths;
 * without settings, the page's columns but those it declares `hidden`. Columns added to the page
 * since the user saved come after theirs, as the page declares them.
 */
export function arrangeColumns<C extends { field: string; hidden?: boolean; width?: number }>(columns: C[], saved: ColumnPreference[] | undefined): C[] {
  const byKey = new Map((saved ?? []).map((s) => [s.key, s]));
  const known = (saved ?? []).flatMap((s) => columns.filter((c) => c.field === s.key));
  const ordered = [...known, ...columns.filter((c) => !byKey.has(c.field))];
  return ordered
    .filter((c) => !(byKey.get(c.field)?.hidden ?? c.hidden))
    .map((c) => {
      const width = byKey.get(c.field)?.width;
      return width ? { ...c, width } : c;
    });
}
