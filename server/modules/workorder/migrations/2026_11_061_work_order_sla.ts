import { type Kysely, type Migration } from 'kysely';

/**
 * SLA: the processors of a service type and the people a warning rule names (join tables of
 * the resources service_type and warn_rule), and each warning given, so none is pushed twice.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('service_type_processor')
      .addColumn('service_type_id', 'integer', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('service_type_processor_pk', ['service_type_id', 'staff_id'])
      .execute();
    await db.schema
      .createTable('warn_rule_post')
      .addColumn('warn_rule_id', 'integer', (c) => c.notNull())
      .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('warn_rule_post_pk', ['warn_rule_id', 'post_id'])
      .execute();
    await db.schema
      .createTable('warn_rule_staff')
      .addColumn('warn_rule_id', 'integer', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('warn_rule_staff_pk', ['warn_rule_id', 'staff_id'])
      .execute();
    await db.schema
      .createTable('work_order_warning')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_order.id').onDelete('cascade'))
      .addColumn('rule_id', 'integer', (c) => c.notNull())
      .addColumn('rule_name', 'text', (c) => c.notNull())
      /** response | finish */
      .addColumn('stage', 'text', (c) => c.notNull())
      /** warning (about to be late) | overdue (late) */
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('due_at', 'integer', (c) => c.notNull())
      .addColumn('notified', 'text', (c) => c.notNull())
      .addColumn('at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('work_order_warning_once').on('work_order_warning').columns(['work_order_id', 'rule_id', 'stage', 'level', 'due_at']).unique().execute();
  },
} satisfies Migration;
