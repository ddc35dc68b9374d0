import { sql, type Kysely, type Migration } from 'kysely';

/** Columns of the lifecycle: assignment, the steps' times, the SLA clock, the handling, evaluation. */
export default {
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
} satisfies Migration;
