import { type Kysely, type Migration } from 'kysely';

/** Agreements become an engine resource (versions managed at /base-information/privacy-agreement). */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('privacy_agreement').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('privacy_agreement').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
} satisfies Migration;
