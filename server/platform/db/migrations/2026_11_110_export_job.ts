import type { Kysely, Migration } from 'kysely';

/** Background exports of the download center (server/engine/exportJobs.ts): one row a file, its owner only. */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('export_job')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('file_name', 'text')
      .addColumn('file_key', 'text')
      .addColumn('size', 'integer')
      .addColumn('error', 'text')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('finished_at', 'integer')
      .addColumn('expires_at', 'integer')
      .execute();
    await db.schema.createIndex('export_job_owner').on('export_job').columns(['owner_id', 'created_at']).execute();
  },
} satisfies Migration;
