import { type Kysely, type Migration } from 'kysely';

/** Roles become a resource of the engine (schemas/org/resources/role.json): it needs the audit columns. */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('role').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('role').addColumn('created_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('role').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
} satisfies Migration;
