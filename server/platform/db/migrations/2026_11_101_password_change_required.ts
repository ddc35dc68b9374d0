import type { Kysely, Migration } from 'kysely';

/** An account whose password an administrator chose (created or reset) must change it before anything else (issue 40). */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('staff').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
} satisfies Migration;
