import { type Kysely, type Migration } from 'kysely';

/** Every workflow transition of every resource: who moved which record from where to where, when, why. */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('resource_timeline')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_state', 'text')
      .addColumn('to_state', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
      .addColumn('staff_name', 'text')
      .addColumn('at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('resource_timeline_record').on('resource_timeline').columns(['resource', 'record_id', 'at']).execute();
  },
} satisfies Migration;
