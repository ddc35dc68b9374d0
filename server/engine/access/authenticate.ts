import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/http/envelope.ts';
import type { StaffContext } from '../../platform/types.ts';
import { buttonCodesOf, roleIdsOf } from './permissions.ts';
import { VersionedCache } from '../../platform/auth/authVersion.ts';
import { needsSession, sessionFailure, stoppedForPassword } from './guards.ts';

/** The session token travels in the `token` header (spec 7.1), `authtoken` as fallback. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const h = request.headers;
  const token = typeof h.token === 'string' && h.token ? h.token : typeof h.authtoken === 'string' ? h.authtoken : undefined;
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

/**
 * Who the caller is, with roles and buttons. The reads that do not need each other go together:
 * on PostgreSQL each is a round trip on its own pooled connection, and this runs on every call
 * there (no process caches it), so four in a row were two more waits than needed.
 */
export async function loadStaffContext(app: FastifyInstance, staffId: number, token: string): Promise<StaffContext | null> {
  const [staff, roleIds] = await Promise.all([
    app.db.selectFrom('staff').select(['id', 'account', 'name', 'org_id', 'must_change_password']).where('id', '=', staffId).executeTakeFirst(),
    roleIdsOf(app.db, staffId),
  ]);
  if (!staff) return null;
  const [roles, buttons] = await Promise.all([roleIds.length ? app.db.selectFrom('role').select(['code', 'data_scope']).where('id', 'in', roleIds).execute() : [], buttonCodesOf(app.db, roleIds)]);
  return {
    id: staff.id,
    account: staff.account,
    name: staff.name,
    orgId: staff.org_id,
    roles: roles.map((r) => r.code),
    roleIds,
    dataScopes: [...new Set(roles.map((r) => r.data_scope))],
    buttons: new Set(buttons),
    token,
    mustChangePassword: staff.must_change_password === 1,
  };
}

/** The answer of every other call while an initial password is unchanged (the browser goes to /alter/password on it). */
export const PASSWORD_CHANGE_REQUIRED = '首次登录或密码被重置后，请先修改密码';

/** onRequest hook for the /api scope: every route needs a live session unless it is marked public. */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  // A staff member's roles and buttons are the same for every request until a grant changes:
  // kept at the auth counter's count the session was read at (on PostgreSQL read with it, so
  // another instance's change is seen by the next request), read afresh once it moves.
  const contexts = new VersionedCache<number, StaffContext>(app.authVersion);
  async function contextOf(staffId: number, token: string, version: number): Promise<StaffContext | null> {
    const cached = contexts.get(staffId, version);
    if (cached) return { ...cached, token };
    const context = await loadStaffContext(app, staffId, token);
    if (context) contexts.set(staffId, version, context);
    return context;
  }
  app.addHook('onRequest', async (request) => {
    if (!needsSession(request.routeOptions.config)) return;
    const token = tokenOf(request);
    const session = await app.sessions.touch(token);
    if (typeof session === 'string') {
      const { message, token_code } = sessionFailure(session);
      throw new ApiError(401, message, token_code ? { token_code } : undefined);
    }
    request.staff = await contextOf(session.staffId, token!, session.authVersion);
    if (!request.staff) throw new ApiError(401, '登录失效，请重新登录');
    // Server-enforced (issue 40): an initial password opens a session that can only change it.
    if (stoppedForPassword(request.routeOptions.config, request.staff.mustChangePassword)) {
      throw new ApiError(403, PASSWORD_CHANGE_REQUIRED, { password_change: 'required' });
    }
  });
}
