import { type Kysely, type Migration } from 'kysely';

/**
 * The return-visit scan reads ids over work_order(project_id, finished_at, status, kind,
 * contact_phone, customer_id) (schemas/workorder/resources/work_order.json). Its prefix, the index on
 * (project_id, finished_at), goes: left, the planner walked it for its order, under the limit of
 * a batch, and read the table row of every order in the window each minute.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('work_order_project_id_finished_at').ifExists().execute();
  },
} satisfies Migration;
