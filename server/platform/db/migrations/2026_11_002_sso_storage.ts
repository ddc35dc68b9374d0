import { type Kysely, type Migration } from 'kysely';

/** Storage of the embedded OpenID Connect provider (sessions, codes, grants, interactions). */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('oidc_payload')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'integer')
      .addColumn('consumed_at', 'integer')
      .addPrimaryKeyConstraint('oidc_payload_pk', ['kind', 'id'])
      .execute();
    await db.schema.createIndex('oidc_payload_grant').on('oidc_payload').column('grant_id').execute();
    await db.schema.createIndex('oidc_payload_uid').on('oidc_payload').column('uid').execute();
    await db.schema.createIndex('oidc_payload_expires').on('oidc_payload').column('expires_at').execute();
    // Nonces of signed requests, kept until their timestamp window has passed (replay protection).
    await db.schema
      .createTable('request_nonce')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('request_nonce_expires').on('request_nonce').column('expires_at').execute();
  },
} satisfies Migration;
