import sha256 from 'crypto-js/sha256';
import Base64 from 'crypto-js/enc-base64';
import { request } from './request.ts';
import { runtimeConfig } from './runtimeConfig.ts';
import { completeLogin, rememberReturnUrl, type LoginResult } from './session.ts';

const FLOW_KEY = 'pms:sso-flow';

function randomText(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** RFC 7636 S256 with crypto-js, so PKCE works on plain-http intranet hosts too (no WebCrypto subtle there). */
export function pkceChallenge(verifier: string): string {
  return sha256(verifier).toString(Base64).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const redirectUri = () => `${window.location.origin}/yslogin`;

/**
 * Spec 4: with no staff id stored, remember where the user was and go to the provider's
 * authorize page (authorization code flow with state and PKCE).
 */
export function startSignOn(returnUrl = window.location.pathname + window.location.search): void {
  const { sso } = runtimeConfig();
  rememberReturnUrl(returnUrl);
  const flow = { state: randomText(16), verifier: randomText(48) };
  sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow));
  const url = new URL(sso.authorizationEndpoint, window.location.origin);
  url.search = new URLSearchParams({
    client_id: sso.clientId,
    response_type: 'code',
    scope: sso.scope,
    redirect_uri: redirectUri(),
    state: flow.state,
    code_challenge: pkceChallenge(flow.verifier),
    code_challenge_method: 'S256',
  }).toString();
  window.location.assign(url.toString());
}

export type SignOnOutcome = { ok: true } | { ok: false; status: string; message: string };

/** /yslogin: exchange the code through the auth service and store the session. */
export async function completeSignOn(query: URLSearchParams): Promise<SignOnOutcome> {
  const flow = JSON.parse(sessionStorage.getItem(FLOW_KEY) ?? 'null') as { state: string; verifier: string } | null;
  sessionStorage.removeItem(FLOW_KEY);
  const code = query.get('code');
  const state = query.get('state');
  if (!code || !flow || state !== flow.state) return { ok: false, status: '400', message: '登录状态校验失败' };
  const res = await request<LoginResult>('auth', '/login/idmLogin', {
    params: { code, state, iss: query.get('iss') ?? undefined, codeVerifier: flow.verifier, redirectUri: redirectUri() },
  });
  if (res.status !== '200' || !res.data) return { ok: false, status: res.status, message: res.message };
  completeLogin(res.data);
  return { ok: true };
}
