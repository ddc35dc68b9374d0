import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Service work orders (issue 9): the core work_order table becomes the engine resource
 * schemas/resources/work_order.json with a lifecycle declared as data. Keys 2026_11_060 to 069,
 * and 093 (after others had run).
 */

/** Columns of the lifecycle: assignment, the steps' times, the SLA clock, the handling, evaluation. */
const lifecycle: Migration = {
  async up(db: Kysely<unknown>) {
    const add = (name: string, type: 'integer' | 'text') => db.schema.alterTable('work_order').addColumn(name, type).execute();
    for (const name of ['building_id', 'service_type_id', 'problem_id', 'given_at', 'accepted_at', 'handled_at', 'closed_at', 'suspended_at', 'evaluation_score', 'evaluated_at', 'add_evaluated_at', 'urged_at', 'response_due_at', 'finish_due_at', 'state_at']) {
      await add(name, 'integer');
    }
    // Appointment and expected resume times are what the user picked, 'YYYY-MM-DD HH:mm'.
    for (const name of ['reserve_at', 'hang_until', 'contact_name', 'contact_phone', 'address', 'photos', 'handle_result', 'handle_photos', 'materials', 'hang_reason', 'improper_reason', 'evaluation_content', 'add_evaluation']) {
      await add(name, 'text');
    }
    await db.schema.alterTable('work_order').addColumn('post_id', 'integer', (c) => c.references('post.id')).execute();
    await db.schema.alterTable('work_order').addColumn('dispatcher_id', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('work_order').addColumn('source_order_id', 'integer', (c) => c.references('work_order.id')).execute();
    await db.schema.alterTable('work_order').addColumn('sla_state', 'text', (c) => c.notNull().defaultTo('normal')).execute();
    await db.schema.alterTable('work_order').addColumn('urge_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('work_order').addColumn('save_as_draft', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    // The first statuses meant: finished = handled by the technician, confirmed = accepted by
    // customer service. In the new lifecycle those are 待确认 (to_confirm) and 已完成 (finished).
    await sql`update work_order set handled_at = finished_at where status in ('finished', 'confirmed', 'closed')`.execute(db);
    await sql`update work_order set status = case status when 'finished' then 'to_confirm' when 'confirmed' then 'finished' else status end`.execute(db);
    await sql`update work_order set finished_at = null where status = 'to_confirm'`.execute(db);
    await sql`update work_order set accepted_at = created_at where status in ('processing', 'to_confirm', 'finished', 'closed') and processor_id is not null`.execute(db);
    await sql`update work_order set closed_at = updated_at where status = 'closed'`.execute(db);
    await sql`update work_order set state_at = updated_at`.execute(db);

    await db.schema.createIndex('work_order_post').on('work_order').columns(['post_id', 'status']).execute();
    await db.schema.createIndex('work_order_sla').on('work_order').columns(['sla_state', 'status']).execute();
    await db.schema.createIndex('work_order_state_at').on('work_order').columns(['status', 'state_at']).execute();
  },
};

/**
 * SLA: the processors of a service type and the people a warning rule names (join tables of
 * the resources service_type and warn_rule), and each warning given, so none is pushed twice.
 */
const sla: Migration = {
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
};

/**
 * The return-visit scan reads ids over work_order(project_id, finished_at, status, kind,
 * contact_phone, customer_id) (schemas/resources/work_order.json). Its prefix, the index on
 * (project_id, finished_at), goes: left, the planner walked it for its order, under the limit of
 * a batch, and read the table row of every order in the window each minute.
 */
const returnVisitScan: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('work_order_project_id_finished_at').ifExists().execute();
  },
};

export const workOrderMigrations: Record<string, Migration> = {
  '2026_11_060_work_order_lifecycle': lifecycle,
  '2026_11_061_work_order_sla': sla,
  '2026_11_093_return_visit_scan': returnVisitScan,
};
