import { useCallback, useSyncExternalStore } from 'react';
import { call } from './data.ts';
import { cachedPreferences, cachePreferences } from './preferenceCache.ts';
import type { TablePreference } from '../shared/tablePreferences.ts';

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
