import { type Kysely, type Migration } from 'kysely';

/**
 * The approval engine's records (the flows are a resource, schemas/approval/resources/approval_flow.json):
 * one instance per submission with the record as submitted, one task per approver of a step,
 * and the history of every act. The resources approval_instance and approval_task read the
 * first two; only the engine (server/engine/approvals.ts) writes them.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('approval_instance')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('biz_type', 'text', (c) => c.notNull())
      .addColumn('biz_resource', 'text', (c) => c.notNull())
      .addColumn('biz_id', 'integer', (c) => c.notNull())
      .addColumn('flow_id', 'integer')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('submitter_id', 'integer', (c) => c.notNull().references('staff.id'))
      .addColumn('submitted_at', 'integer', (c) => c.notNull())
      /** running | approved | rejected | withdrawn */
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('step_seq', 'integer')
      .addColumn('step_name', 'text')
      .addColumn('approver_names', 'text')
      /** The flow's steps as they were at submission (a flow edited later changes no running approval). */
      .addColumn('steps', 'text', (c) => c.notNull())
      .addColumn('allow_withdraw', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('urge_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('urged_at', 'integer')
      .addColumn('finished_at', 'integer')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('created_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('approval_instance_record').on('approval_instance').columns(['biz_resource', 'biz_id', 'status']).execute();
    await db.schema.createIndex('approval_instance_submitter').on('approval_instance').columns(['submitter_id', 'status']).execute();
    await db.schema.createIndex('approval_instance_project').on('approval_instance').column('project_id').execute();

    await db.schema
      .createTable('approval_task')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('instance_id', 'integer', (c) => c.notNull().references('approval_instance.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('biz_type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('submitter_id', 'integer', (c) => c.notNull().references('staff.id'))
      .addColumn('submitted_at', 'integer', (c) => c.notNull())
      .addColumn('step_seq', 'integer', (c) => c.notNull())
      .addColumn('step_name', 'text', (c) => c.notNull())
      .addColumn('approver_id', 'integer', (c) => c.notNull().references('staff.id'))
      /** wait | approve | reject | transfer | cancel | withdrawn */
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('comment', 'text')
      .addColumn('acted_at', 'integer')
      .addColumn('transfer_to', 'integer', (c) => c.references('staff.id'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('created_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('approval_task_approver').on('approval_task').columns(['approver_id', 'status']).execute();
    await db.schema.createIndex('approval_task_instance').on('approval_task').columns(['instance_id', 'step_seq']).execute();
    await db.schema.createIndex('approval_task_project').on('approval_task').column('project_id').execute();

    await db.schema
      .createTable('approval_history')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('instance_id', 'integer', (c) => c.notNull().references('approval_instance.id').onDelete('cascade'))
      .addColumn('step_name', 'text')
      /** submit | approve | reject | transfer | urge | withdraw | finish */
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'integer')
      .addColumn('staff_name', 'text', (c) => c.notNull())
      .addColumn('comment', 'text')
      .addColumn('at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('approval_history_instance').on('approval_history').column('instance_id').execute();
  },
} satisfies Migration;
