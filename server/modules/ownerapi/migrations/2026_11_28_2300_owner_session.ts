import { type Kysely, type Migration } from 'kysely';

/**
 * The owner app's sessions (a kind of their own: a staff token never opens one, nor an owner
 * token a staff route), stored so that several instances share them; and which owner wrote a
 * mailbox letter (kept apart from the letter, so an anonymous letter names nobody to staff);
 * each ballot cast (a revote replaces the votes, not the count of the day's ballots).
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('owner_session')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('terminal', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('last_seen_at', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('revoked_at', 'integer')
      .execute();
    await db.schema.createIndex('owner_session_customer').on('owner_session').column('customer_id').execute();
    await db.schema
      .createTable('owner_letter')
      .addColumn('letter_id', 'integer', (c) => c.primaryKey())
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('owner_letter_customer').on('owner_letter').column('customer_id').execute();
    // Each ballot an owner casts, kept when a revote replaces its votes: 每人每日投票次数 counts these.
    await db.schema
      .createTable('vote_ballot')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('activity_id', 'integer', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('voted_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vote_ballot_owner').on('vote_ballot').columns(['activity_id', 'customer_id', 'voted_at']).execute();
  },
} satisfies Migration;
