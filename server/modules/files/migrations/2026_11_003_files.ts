import { type Kysely, type Migration } from 'kysely';

/** Uploaded files: stored under server-generated names, described here. */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('file_object')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('stored_path', 'text', (c) => c.notNull().unique())
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('uploaded_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
  },
} satisfies Migration;
