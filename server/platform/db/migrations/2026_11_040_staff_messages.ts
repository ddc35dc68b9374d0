import { type Kysely, type Migration } from 'kysely';

/** Push notices per recipient; unpublished rows are the outbox the notice service drains. */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_message')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('title', 'text')
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('function_id', 'text')
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('read_at', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('published_at', 'integer')
      .execute();
    await db.schema.createIndex('staff_message_inbox').on('staff_message').columns(['staff_id', 'is_read', 'created_at']).execute();
    await db.schema.createIndex('staff_message_outbox').on('staff_message').columns(['published_at', 'id']).execute();
  },
} satisfies Migration;
