import { type Kysely, type Migration } from 'kysely';

/**
 * The last warning rule that fired on an order and when (issue 42, daily work 6): the list of
 * late orders beside the warning rules shows which rule fired without reading the warning log.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('work_order').addColumn('warned_rule', 'text').execute();
    await db.schema.alterTable('work_order').addColumn('warned_at', 'integer').execute();
  },
} satisfies Migration;
