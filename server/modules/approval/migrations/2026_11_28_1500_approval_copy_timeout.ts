import { type Kysely, type Migration } from 'kysely';

/**
 * Copy-to and step timeouts: the staff a finished approval was copied to (抄送, one row each,
 * read by the center's 抄送我的), the copy-to list as it was at submission, and when a waiting
 * task was last reminded by its step's timeout (a reminder is sent once per task).
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('approval_instance').addColumn('copy_to', 'text').execute();
    await db.schema.alterTable('approval_task').addColumn('reminded_at', 'integer').execute();
    await db.schema
      .createTable('approval_copy')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('instance_id', 'integer', (c) => c.notNull().references('approval_instance.id').onDelete('cascade'))
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
      .addColumn('at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('approval_copy_staff').on('approval_copy').columns(['staff_id', 'instance_id']).unique().execute();
  },
} satisfies Migration;
