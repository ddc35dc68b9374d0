import { type Kysely, type Migration } from 'kysely';

/**
 * The permission model (spec 6): menus and their buttons (synced from schemas/ at start),
 * what each role grants, the roles of each post, and the applied resource-table changes.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('menu')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('router', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('group_prefix', 'text', (c) => c.notNull())
      .addColumn('group_name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('show', 'integer', (c) => c.notNull())
      .addColumn('access', 'text')
      .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('menu_button')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('role_menu')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'menu_id'])
      .execute();
    await db.schema
      .createTable('role_button')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addColumn('button_id', 'integer', (c) => c.notNull().references('menu_button.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_button_pk', ['role_id', 'button_id'])
      .execute();
    await db.schema
      .createTable('post_role')
      .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('post_role_pk', ['post_id', 'role_id'])
      .execute();
    await db.schema
      .createTable('resource_migration')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('statement', 'text', (c) => c.notNull())
      .addColumn('applied_at', 'integer', (c) => c.notNull())
      .execute();
  },
} satisfies Migration;
