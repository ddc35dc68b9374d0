import type { OpenedDatabase } from '../db/index.ts';

/**
 * The counter that moves on whenever sessions, staff, roles, posts or grants change (triggers
 * of migrations/2026_11_090_auth_version.ts): a cached session or staff context read at the same count is
 * still what the database says. One indexed read per request instead of the queries behind it.
 */
export function authVersionReader(database: OpenedDatabase): () => number {
  if (database.kind === 'sqlite') {
    const read = database.sqlite.prepare('select n from auth_version').pluck();
    return () => read.get() as number;
  }
  // PostgreSQL: another instance may change rights at any moment and a synchronous read is not
  // possible, so this count moves at every call; a request reads the counter with its session
  // instead (sessions.ts, one statement), and staff contexts are kept at that count.
  let n = 0;
  return () => ++n;
}

/** Values computed at one count of the counter, recomputed once it moves. */
export class VersionedCache<K, V> {
  private readonly entries = new Map<K, { version: number; value: V }>();

  constructor(
    private readonly version: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The value kept at count `at` (by default the counter's present count), else nothing. */
  get(key: K, at: number = this.version()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version === at) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Stores a value read at `version` (read before the value, so a change meanwhile is not hidden). */
  set(key: K, version: number, value: V): void {
    // Stale and idle entries go all at once: the cache only has to stay bounded.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { version, value });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
