import type { Kysely, Migration } from 'kysely';

/**
 * Replay protection keyed on the nonce alone within its window (issue 40): keyed with the signed
 * timestamp, a reused nonce under a new timestamp passed. The nonce's own index finds it.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('request_nonce_nonce').on('request_nonce').column('nonce').execute();
  },
} satisfies Migration;
