import type { Kysely, Migration } from 'kysely';

/**
 * Rate-limit counters shared by instances (PostgreSQL): one row per route and caller, its hits
 * in the current window and when the window ends (server/platform/http/sharedRateLimit.ts).
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limit_hit')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_hit_reset').on('rate_limit_hit').column('reset_at').execute();
  },
} satisfies Migration;
