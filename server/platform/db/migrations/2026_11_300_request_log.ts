import type { Kysely, Migration } from 'kysely';

/** The request and signature audit (spec 5): one row per /api request, written in batches (server/platform/http/requestLog.ts). */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('request_log')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('at', 'integer', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('service', 'text')
      .addColumn('staff_id', 'integer')
      .addColumn('staff_name', 'text')
      .addColumn('ip', 'text')
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('sign_ok', 'integer')
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('request_log_at').on('request_log').column('at').execute();
  },
} satisfies Migration;
