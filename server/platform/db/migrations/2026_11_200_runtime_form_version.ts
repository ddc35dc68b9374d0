import { type Kysely, type Migration } from 'kysely';

/**
 * Every version of every run-time form (a field declared `"form": true`): answers name the
 * version they were given for, so a form changed later still shows and counts them as asked.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('runtime_form_version')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('runtime_form_version_identity').on('runtime_form_version').columns(['resource', 'record_id', 'field', 'version']).unique().execute();
  },
} satisfies Migration;
