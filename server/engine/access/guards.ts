import { guardCodes } from '../../../src/shared/endpoints.ts';

// The route permission rules (spec 6), as pure functions (issue 43: the rules the mutation run
// holds, testable without a server). authorize.ts and authenticate.ts apply them as hooks.

/** What a route declares it needs: public, any signed-in staff, or one of its btnCodes. */
export interface RouteGuard {
  public?: boolean;
  anyStaff?: boolean;
  btnCode?: string | string[];
  /** Reachable while an initial password is still unchanged (changing it, signing out). */
  beforePasswordChange?: boolean;
  /** An owner-app route: it takes an owner session, never a staff one (server/modules/ownerapi). */
  owner?: boolean;
}

/** Why a route may not be registered: it declares nothing, or a code the catalogue lacks. */
export function declarationProblem(method: string, url: string, config: RouteGuard, catalogue: { has(code: string): boolean }): string | null {
  const codes = guardCodes(config.btnCode);
  if (!config.public && !config.anyStaff && !config.owner && codes.length === 0) return `${method} ${url}: declare config.btnCode, config.anyStaff or config.public`;
  const unknown = codes.find((code) => !catalogue.has(code));
  return unknown === undefined ? null : `${method} ${url}: btnCode "${unknown}" is not in the permission catalogue`;
}

/** A caller holding none of the codes is refused, told the permissions by name; no codes, no refusal. */
export function buttonRefusal(codes: string[], buttons: ReadonlySet<string>, nameOf: (code: string) => string | undefined): string | null {
  if (!codes.length || codes.some((code) => buttons.has(code))) return null;
  return `没有权限执行该操作（需要「${codes.map((c) => nameOf(c) ?? c).join('」或「')}」权限）`;
}

/** Whether a request needs a live staff session: every route but a public or an owner-app one (that one checks its own). */
export const needsSession = (config: RouteGuard | undefined): boolean => !config?.public && !config?.owner;

/** Whether a session whose initial password is unchanged is stopped at this route (issue 40). */
export const stoppedForPassword = (config: RouteGuard | undefined, mustChangePassword: boolean): boolean => mustChangePassword && !config?.beforePasswordChange;

const TOKEN_CODES: Record<string, string> = { 'idle-expired': '-1', 'max-expired': '-1', revoked: '-2', disabled: '-2' };

/**
 * The answer to a session that is not live, with spec 8's token_code: -1 it ran out (idle or
 * absolute lifetime), -2 it was ended elsewhere (signed out, revoked, account disabled); any
 * other reason (no token, unknown token) is a plain sign-in failure.
 */
export function sessionFailure(reason: string): { message: string; token_code?: string } {
  const code = Object.hasOwn(TOKEN_CODES, reason) ? TOKEN_CODES[reason] : undefined;
  return code ? { message: '当前账号已过期，请重新登录！', token_code: code } : { message: '登录失效，请重新登录' };
}
