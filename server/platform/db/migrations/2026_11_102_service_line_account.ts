import type { Kysely, Migration } from 'kysely';

/** Accounts the flag login (spec 4, fixed SMS code) may open: marked by an administrator, never an administrator (issue 40). */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('staff').addColumn('service_line_account', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
} satisfies Migration;
