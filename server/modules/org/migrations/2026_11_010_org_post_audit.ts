import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Organisations and posts become engine resources (org-structure, post-manager): they need the
 * audit columns. Existing organisations take their creation time as last change.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('org').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('org').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update org set updated_at = created_at`.execute(db);
    await db.schema.alterTable('post').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('post').addColumn('created_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('post').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
} satisfies Migration;
