import { type Kysely, type Migration } from 'kysely';

/**
 * The record list (巡查记录) pages newest first, whole or by result or handling state: indexes
 * that keep that order let a page of millions of records read only its own rows (issue 11).
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('tbp_record_time').on('tbp_record').column('checked_at').execute();
    await db.schema.createIndex('tbp_record_result_time').on('tbp_record').columns(['result', 'checked_at']).execute();
    await db.schema.createIndex('tbp_record_handle_time').on('tbp_record').columns(['handle_status', 'checked_at']).execute();
  },
} satisfies Migration;
