import { type Kysely, type Migration } from 'kysely';

/**
 * The patrol service's tables (spec 7.2): categories, standards and their problems, points,
 * plans with their points, tasks with their points and log, records, the work orders raised
 * from records, and the service's secret. Keys '2026_11_050' to '2026_11_059' are patrol's.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tbp_classify')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('parent_id', 'integer', (c) => c.references('tbp_classify.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tbp_classify_parent').on('tbp_classify').column('parent_id').execute();

    await db.schema
      .createTable('tbp_standard')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('classify_id', 'integer', (c) => c.notNull().references('tbp_classify.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('method', 'text')
      .addColumn('need_photo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addUniqueConstraint('tbp_standard_name', ['classify_id', 'name'])
      .execute();

    await db.schema
      .createTable('tbp_standard_problem')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('standard_id', 'integer', (c) => c.notNull().references('tbp_standard.id').onDelete('cascade'))
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addUniqueConstraint('tbp_standard_problem_text', ['standard_id', 'description'])
      .execute();

    await db.schema
      .createTable('tbp_point')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('classify_id', 'integer', (c) => c.notNull().references('tbp_classify.id'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('remark', 'text')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('qr_print_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qr_printed_at', 'integer')
      .addColumn('deleted_at', 'integer')
      .addColumn('created_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tbp_point_project').on('tbp_point').columns(['project_id', 'classify_id']).execute();

    await db.schema
      .createTable('tbp_plan')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('stripe_code', 'text', (c) => c.notNull())
      .addColumn('assign_type', 'text', (c) => c.notNull())
      .addColumn('post_id', 'integer', (c) => c.references('post.id'))
      .addColumn('staff_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('freq_type', 'text', (c) => c.notNull())
      .addColumn('freq_days', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('interval_days', 'integer')
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('lead_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ordered', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('remark', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tbp_plan_project').on('tbp_plan').columns(['project_id', 'status']).execute();

    await db.schema
      .createTable('tbp_plan_point')
      .addColumn('plan_id', 'integer', (c) => c.notNull().references('tbp_plan.id').onDelete('cascade'))
      .addColumn('point_id', 'integer', (c) => c.notNull().references('tbp_point.id'))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('tbp_plan_point_pk', ['plan_id', 'point_id'])
      .execute();
    await db.schema.createIndex('tbp_plan_point_point').on('tbp_plan_point').column('point_id').execute();

    await db.schema
      .createTable('tbp_task')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('plan_id', 'integer', (c) => c.notNull().references('tbp_plan.id'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('task_day', 'text', (c) => c.notNull())
      .addColumn('window_start', 'integer', (c) => c.notNull())
      .addColumn('window_end', 'integer', (c) => c.notNull())
      .addColumn('close_at', 'integer', (c) => c.notNull())
      .addColumn('assignee_type', 'text', (c) => c.notNull())
      .addColumn('assignee_id', 'integer', (c) => c.notNull())
      .addColumn('post_id', 'integer', (c) => c.references('post.id'))
      .addColumn('executor_id', 'integer', (c) => c.references('staff.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('point_count', 'integer', (c) => c.notNull())
      .addColumn('done_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('problem_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'integer')
      .addColumn('finished_at', 'integer')
      .addColumn('finish_type', 'text')
      .addColumn('finish_note', 'text')
      .addColumn('finished_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('transfer_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deleted_at', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    // The scheduler's idempotence: one task per plan, assignee and day, whatever happens to it later.
    await db.schema.createIndex('tbp_task_identity').on('tbp_task').columns(['plan_id', 'assignee_type', 'assignee_id', 'task_day']).unique().execute();
    await db.schema.createIndex('tbp_task_project_day').on('tbp_task').columns(['project_id', 'task_day']).execute();
    await db.schema.createIndex('tbp_task_status').on('tbp_task').columns(['status', 'window_end']).execute();
    await db.schema.createIndex('tbp_task_executor').on('tbp_task').columns(['executor_id', 'task_day']).execute();

    await db.schema
      .createTable('tbp_task_point')
      .addColumn('task_id', 'integer', (c) => c.notNull().references('tbp_task.id').onDelete('cascade'))
      .addColumn('point_id', 'integer', (c) => c.notNull().references('tbp_point.id'))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('tbp_task_point_pk', ['task_id', 'point_id'])
      .execute();
    await db.schema.createIndex('tbp_task_point_point').on('tbp_task_point').column('point_id').execute();

    await db.schema
      .createTable('tbp_task_log')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('task_id', 'integer', (c) => c.notNull().references('tbp_task.id').onDelete('cascade'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('from_staff_id', 'integer', (c) => c.references('staff.id'))
      .addColumn('to_staff_id', 'integer', (c) => c.references('staff.id'))
      .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
      .addColumn('staff_name', 'text')
      .addColumn('at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tbp_task_log_task').on('tbp_task_log').columns(['task_id', 'at']).execute();

    await db.schema
      .createTable('tbp_record')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('task_id', 'integer', (c) => c.notNull().references('tbp_task.id'))
      .addColumn('point_id', 'integer', (c) => c.notNull().references('tbp_point.id'))
      .addColumn('plan_id', 'integer', (c) => c.notNull().references('tbp_plan.id'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
      .addColumn('checked_at', 'integer', (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('items', 'text', (c) => c.notNull())
      .addColumn('problem_count', 'integer', (c) => c.notNull())
      .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('remark', 'text')
      .addColumn('handle_status', 'text', (c) => c.notNull())
      .addColumn('handle_note', 'text')
      .addColumn('handled_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('handled_at', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addUniqueConstraint('tbp_record_task_point', ['task_id', 'point_id'])
      .execute();
    await db.schema.createIndex('tbp_record_project_time').on('tbp_record').columns(['project_id', 'checked_at']).execute();
    await db.schema.createIndex('tbp_record_point_time').on('tbp_record').columns(['point_id', 'checked_at']).execute();

    await db.schema
      .createTable('tbp_record_order')
      .addColumn('record_id', 'integer', (c) => c.notNull().references('tbp_record.id'))
      .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_order.id'))
      .addColumn('point_id', 'integer', (c) => c.notNull().references('tbp_point.id'))
      .addColumn('task_id', 'integer', (c) => c.notNull().references('tbp_task.id'))
      .addPrimaryKeyConstraint('tbp_record_order_pk', ['record_id', 'work_order_id'])
      .execute();
    await db.schema.createIndex('tbp_record_order_point').on('tbp_record_order').column('point_id').execute();

    await db.schema
      .createTable('tbp_secret')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
} satisfies Migration;
