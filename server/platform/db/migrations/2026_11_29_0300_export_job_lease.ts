import type { Kysely, Migration } from 'kysely';

/**
 * Background exports are claimed for a while by the instance that writes them (server/engine/exportJobs.ts):
 * an instance that dies leaves its job to another once the claim lapses.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('export_job').addColumn('claimed_by', 'text').execute();
    await db.schema.alterTable('export_job').addColumn('lease_until', 'integer').execute();
    await db.schema.createIndex('export_job_status').on('export_job').columns(['status', 'lease_until']).execute();
  },
} satisfies Migration;
