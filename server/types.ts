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
  /** Union of the data scopes of the caller's roles. */
  dataScopes: string[];
  token: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    sessions: SessionStore;
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
  }
}
