import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Staff administration (issue 7 part B): staff, menus and business lines become resources of
 * the engine, managed at /base-information/personal-manager, menu-manage and line-manager.
 */

/** Staff get the engine's audit columns and what the personnel screen records about them. */
const staffAdmin: Migration = {
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
};

/**
 * Menus: administrators rename, reorder and hide entries. Their choices live in columns of
 * their own, which the catalogue sync at start never writes, so they survive every restart.
 */
const menuOverrides: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('menu').addColumn('display_name', 'text').execute();
    await db.schema.alterTable('menu').addColumn('display_sort', 'integer').execute();
    await db.schema.alterTable('menu').addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('menu').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('menu').addColumn('created_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('menu').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};

/**
 * Business lines, the patrol "stripes" (spec 3: stripeName, stripeCode), and the posts of each
 * line. The patrol service answers GET /tbpStripe/query from this table.
 */
const stripes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('stripe')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('stripe_name', 'text', (c) => c.notNull())
      .addColumn('stripe_code', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    // Named as the resource engine names it, so the engine finds it there.
    await db.schema.createIndex('stripe_stripe_code_unique').on('stripe').column('stripe_code').unique().execute();
    await db.schema
      .createTable('stripe_post')
      .addColumn('stripe_id', 'integer', (c) => c.notNull().references('stripe.id').onDelete('cascade'))
      .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('stripe_post_pk', ['stripe_id', 'post_id'])
      .execute();
    await db.schema.createIndex('stripe_post_post').on('stripe_post').column('post_id').execute();
  },
};

export const staffAdminMigrations: Record<string, Migration> = {
  '2026_11_020_staff_admin': staffAdmin,
  '2026_11_021_menu_overrides': menuOverrides,
  '2026_11_022_stripes': stripes,
};
