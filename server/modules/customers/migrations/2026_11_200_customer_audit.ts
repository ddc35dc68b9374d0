import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Customers become an engine resource (schemas/customers/resources/customer.json, /user-manager/user-lists):
 * the core table gets the audit columns the generic writes keep; the profile's own columns are
 * added from the resource definition at start (syncResourceTables).
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('customer').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('customer').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update customer set updated_at = created_at`.execute(db);
  },
} satisfies Migration;
