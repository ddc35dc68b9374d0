import { type Kysely, type Migration } from 'kysely';

/**
 * Business lines, the patrol "stripes" (spec 3: stripeName, stripeCode), and the posts of each
 * line. The patrol service answers GET /tbpStripe/query from this table.
 */
export default {
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
} satisfies Migration;
