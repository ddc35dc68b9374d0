import { type Kysely, type Migration } from 'kysely';

/** Versioned service and privacy agreements, shown at /userPrivateProxy. */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('privacy_agreement')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('published_at', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addUniqueConstraint('privacy_agreement_version', ['kind', 'version'])
      .execute();
  },
} satisfies Migration;
