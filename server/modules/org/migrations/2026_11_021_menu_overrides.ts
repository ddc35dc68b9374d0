import { type Kysely, type Migration } from 'kysely';

/**
 * Menus: administrators rename, reorder and hide entries. Their choices live in columns of
 * their own, which the catalogue sync at start never writes, so they survive every restart.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('menu').addColumn('display_name', 'text').execute();
    await db.schema.alterTable('menu').addColumn('display_sort', 'integer').execute();
    await db.schema.alterTable('menu').addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('menu').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('menu').addColumn('created_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('menu').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
} satisfies Migration;
