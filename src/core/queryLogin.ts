import { passwordDigest } from '../shared/password.ts';
import { request } from './request.ts';
import { runtimeConfig } from './runtimeConfig.ts';
import { completeLogin, type LoginResult } from './session.ts';

/** The query parameters of spec 4's three query logins; removed from the address bar afterwards. */
export const QUERY_LOGIN_PARAMS = ['flag', 'authkey', 'userAccount', 'loginPhone'];

export function hasQueryLogin(query: URLSearchParams): boolean {
  return query.has('flag') || query.has('authkey') || (query.has('userAccount') && query.has('loginPhone'));
}

/** Builds an authkey the way a linking system does: base64 of the user name and the digested password. */
export function makeAuthkey(username: string, password: string): string {
  const json = JSON.stringify({ username, password: passwordDigest(password) });
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)));
}

/**
 * Spec 4: `flag` (service-line account with the fixed SMS code and an empty password),
 * `authkey` (encoded user name and digested password), `userAccount` + `loginPhone`
 * (job-number login). Resolves false on any failure; the caller goes to /500.
 */
export async function loginFromQuery(query: URLSearchParams): Promise<boolean> {
  let res;
  if (query.has('flag')) {
    const flag = runtimeConfig().flagLogin;
    if (!flag) return false;
    res = await request<LoginResult>('auth', '/login/smsCodeLogin', { method: 'POST', params: { account: query.get('flag'), smsCode: flag.smsCode, password: '' } });
  } else if (query.has('authkey')) {
    res = await request<LoginResult>('auth', '/login/internalLogin', { method: 'POST', params: { authkey: query.get('authkey') } });
  } else {
    res = await request<LoginResult>('auth', '/login/jobNumberLogin', {
      method: 'POST',
      params: { userAccount: query.get('userAccount'), loginPhone: query.get('loginPhone') },
    });
  }
  if (res.status !== '200' || !res.data) return false;
  completeLogin(res.data);
  return true;
}
