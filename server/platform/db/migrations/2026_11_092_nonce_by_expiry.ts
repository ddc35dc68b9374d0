import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Nonces keyed by their expiry first (the signed timestamp's window end, the same in a replay):
 * one b-tree in time order, so expired nonces are one range at its start. Keyed by the nonce,
 * every purge slice deleted rows spread over the whole nonce index, rewriting most of its pages
 * (3 s at a start after a busy bench). WITHOUT ROWID (SQLite's): the key is the row, no second tree.
 */
export default {
  async up(db: Kysely<unknown>) {
    await sql`alter table request_nonce rename to request_nonce_old`.execute(db);
    await db.schema
      .createTable('request_nonce')
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('request_nonce_pk', ['expires_at', 'nonce'])
      .modifyEnd(sql`without rowid`)
      .execute();
    await sql`insert into request_nonce (expires_at, nonce) select expires_at, nonce from request_nonce_old where expires_at >= ${Date.now()}`.execute(db);
    await db.schema.dropTable('request_nonce_old').execute();
  },
} satisfies Migration;
