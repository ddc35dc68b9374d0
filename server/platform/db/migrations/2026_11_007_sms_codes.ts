import { type Kysely, type Migration } from 'kysely';

/** One-time SMS codes (owner verification): only a hash is kept, with expiry and attempts. */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sms_code')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consumed_at', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sms_code_mobile').on('sms_code').columns(['mobile', 'purpose', 'created_at']).execute();
  },
} satisfies Migration;
