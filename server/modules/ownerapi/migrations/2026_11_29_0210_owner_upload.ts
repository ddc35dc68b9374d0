import { type Kysely, type Migration } from 'kysely';

/**
 * Which owner uploaded a picture through the owner app (file_object names staff uploaders only):
 * an owner attaches to a letter or a feedback only pictures they uploaded themselves.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('owner_upload')
      .addColumn('file_id', 'text', (c) => c.primaryKey().references('file_object.id'))
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('owner_upload_customer').on('owner_upload').column('customer_id').execute();
  },
} satisfies Migration;
