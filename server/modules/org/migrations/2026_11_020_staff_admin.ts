import { sql, type Kysely, type Migration } from 'kysely';

/** Staff get the engine's audit columns and what the personnel screen records about them. */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('staff').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('staff').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update staff set updated_at = created_at`.execute(db);
    await db.schema.alterTable('staff').addColumn('dept_id', 'integer').execute();
    await db.schema.alterTable('staff').addColumn('gender', 'text').execute();
    await db.schema.alterTable('staff').addColumn('entry_date', 'text').execute();
    // The projects a staff member works in (spec 6 data scope "own projects" counts them).
    await db.schema
      .createTable('staff_project')
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('staff_project_pk', ['staff_id', 'project_id'])
      .execute();
    await db.schema.createIndex('staff_project_project').on('staff_project').column('project_id').execute();
  },
} satisfies Migration;
