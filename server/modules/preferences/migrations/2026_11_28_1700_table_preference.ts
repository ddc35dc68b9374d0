import { type Kysely, type Migration } from 'kysely';

/** Each user's saved settings of a list screen (columns, page size): one row per user and screen. */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('table_preference')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addUniqueConstraint('table_preference_staff_route', ['staff_id', 'route'])
      .execute();
  },
} satisfies Migration;
