import { getStaffId } from '../core/session.ts';
import type { TablePreference } from '../shared/tablePreferences.ts';

// The signed-in user's saved list settings as last answered by the server, kept in this browser
// so that a list's first call already asks for the user's page size. The server's copy wins:
// tablePreferences.ts reloads it once a session and writes it here.
const key = () => `pms:tablePrefs:${getStaffId()}`;

export function cachedPreferences(): Record<string, TablePreference> {
  try {
    const stored = JSON.parse(localStorage.getItem(key()) ?? '{}');
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  } catch {
    return {};
  }
}

export function cachePreferences(all: Record<string, TablePreference>): void {
  localStorage.setItem(key(), JSON.stringify(all));
}
