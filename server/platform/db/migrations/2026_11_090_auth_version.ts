import { sql, type Kysely, type Migration } from 'kysely';
import { counterTriggerSql } from '../dialect.ts';

/**
 * A counter that every change to who a session belongs to and what it may do moves on: the
 * request path caches sessions and staff contexts and trusts them while the counter stands
 * still (server/platform/auth/authVersion.ts). Triggers keep it honest whatever code makes the change.
 */
const WATCHED: { table: string; when?: string }[] = [
  { table: 'staff' },
  { table: 'staff_role' },
  { table: 'staff_post' },
  { table: 'post_role' },
  { table: 'post' },
  { table: 'role' },
  { table: 'role_button' },
  { table: 'menu_button' },
  // A session's idle clock moving on (once a minute of use) is no change of rights; anything else is.
  { table: 'session', when: 'not (new.last_seen_at >= old.last_seen_at and new.revoked_at is old.revoked_at and new.expires_at = old.expires_at and new.staff_id = old.staff_id)' },
];

export default {
  async up(db: Kysely<unknown>) {
    await sql`create table auth_version (n integer not null)`.execute(db);
    await sql`insert into auth_version (n) values (0)`.execute(db);
    for (const { table, when } of WATCHED) {
      for (const event of ['insert', 'update', 'delete']) {
        for (const statement of counterTriggerSql('auth_version', table, event as 'insert' | 'update' | 'delete', event === 'update' ? when : undefined)) await sql.raw(statement).execute(db);
      }
    }
  },
} satisfies Migration;
