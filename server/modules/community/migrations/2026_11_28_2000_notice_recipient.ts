import { type Kysely, type Migration } from 'kysely';

/**
 * Who a mass notice reached: one row per customer and channel, written when the notice is sent
 * (unique, so a retried send records nobody twice), with the delivery state and when it was read.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notice_recipient')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('notice_id', 'integer', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('house_id', 'integer')
      .addColumn('project_id', 'integer')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('delivery', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'integer', (c) => c.notNull())
      .addColumn('read_at', 'integer')
      .execute();
    await db.schema.createIndex('notice_recipient_once').unique().on('notice_recipient').columns(['notice_id', 'customer_id', 'channel']).execute();
  },
} satisfies Migration;
