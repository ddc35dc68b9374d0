import type { Kysely, Migration } from 'kysely';

/** Every answer that showed someone full mobile or identity numbers (server/platform/http/personalData.ts). */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('personal_reveal_log')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('at', 'integer', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('staff_name', 'text', (c) => c.notNull())
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('revealed', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('personal_reveal_log_at').on('personal_reveal_log').column('at').execute();
  },
} satisfies Migration;
