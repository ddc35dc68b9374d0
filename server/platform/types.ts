import type { Config } from './config.ts';
import type { DB } from './db/index.ts';
import type { SessionStore } from './auth/sessions.ts';
import type { SsoClient } from './sso/client.ts';

/** Who is calling, resolved from the session token only (never from the userId header). */
export interface StaffContext {
  id: number;
  account: string;
  name: string;
  orgId: number;
  roles: string[];
  /** Enabled roles, held directly or through posts. */
  roleIds: number[];
  /** Union of the data scopes of the caller's roles. */
  dataScopes: string[];
  /** Every btnCode the caller's roles grant. */
  buttons: Set<string>;
  token: string;
  /** The password is an initial one (created or reset by an administrator): nothing but changing it is allowed. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    /** The same database as db, for the few hot paths that use prepared statements directly; none on PostgreSQL. */
    sqlite: import('better-sqlite3').Database | undefined;
    /** The database as opened: its kind, and the data version caches check. */
    database: import('./db/index.ts').OpenedDatabase;
    /** List counts capped at COUNT_CAP, kept while the data stands still (server/platform/http/paging.ts). */
    counts: import('./http/paging.ts').CappedCounts;
    /** Answers of list calls, kept while the data stands still (server/platform/http/listAnswers.ts). */
    listAnswers: import('./http/listAnswers.ts').ListAnswers;
    sessions: SessionStore;
    /** Moves on whenever sessions, staff, roles, posts or grants change (server/platform/auth/authVersion.ts). */
    authVersion: () => number;
    sso: SsoClient;
  }
  interface FastifyRequest {
    staff: StaffContext | null;
  }
  interface FastifyContextConfig {
    /** Route answers without a session (login, health, runtime config). */
    public?: boolean;
    /** Route is exempt from the request signature (health checks for monitoring). */
    unsigned?: boolean;
    /** Permission the route needs: one code, or any of several (spec 6). */
    btnCode?: string | string[];
    /** Any signed-in staff member may call it (their own data only). */
    anyStaff?: boolean;
    /** A list whose answer depends on the data and the caller only (not the clock): kept while the data stands still (server/platform/http/listAnswers.ts). */
    listCache?: boolean;
    /** Callable while the caller's password must still be changed (the change itself, sign-out, who am I). */
    beforePasswordChange?: boolean;
    /** An owner-app route: an owner session (server/modules/ownerapi), never a staff one, may call it. */
    owner?: boolean;
  }
}
