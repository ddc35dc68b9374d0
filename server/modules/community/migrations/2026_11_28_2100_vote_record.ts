import { type Kysely, type Migration } from 'kysely';

/** One owner's vote for one option of a vote activity (its index in the activity's vote_options). */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('vote_record')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('activity_id', 'integer', (c) => c.notNull())
      .addColumn('option_index', 'integer', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('voted_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vote_record_activity').on('vote_record').columns(['activity_id', 'option_index']).execute();
  },
} satisfies Migration;
