import { sql } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { DB } from '../db/index.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin gives a route's store at run time (its types name only the route's options). */
interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
}

const PURGE_EVERY_MS = 60_000;

/**
 * @fastify/rate-limit's store on a database several instances share (PostgreSQL): a caller's hits
 * on a route are one row, counted by one atomic upsert, so five sign-ins on A and five on B are
 * ten, not five on each. (Its default store is process memory: behind a load balancer every
 * instance would grant the full limit.) On SQLite, one process, the default store stays.
 */
export function sharedRateLimitStore(db: DB, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  let lastPurge = 0;
  const purge = (t: number) => {
    if (t - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = t;
    void db.deleteFrom('rate_limit_hit').where('reset_at', '<=', t).execute().catch(() => undefined);
  };

  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options: object = {}) {
      const { routeInfo: route, groupId } = options as RouteOptions;
      this.scope = groupId ?? (route?.url ? `${String(route.method)} ${route.url}` : 'global');
    }

    incr(caller: string, callback: Callback, timeWindow: number): void {
      const t = now();
      purge(t);
      const key = `${this.scope}|${caller}`;
      // A window that has ended starts again at 1; otherwise one more hit in it.
      const expired = sql<boolean>`rate_limit_hit.reset_at <= ${t}`;
      db.insertInto('rate_limit_hit')
        .values({ key, hits: 1, reset_at: t + timeWindow })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql`case when ${expired} then 1 else rate_limit_hit.hits + 1 end`,
            reset_at: sql`case when ${expired} then excluded.reset_at else rate_limit_hit.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow()
        .then((row) => callback(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - t) }), (error: Error) => callback(error));
    }

    child(options: object): FastifyRateLimitStore {
      return new SharedRateLimitStore(options);
    }
  };
}
