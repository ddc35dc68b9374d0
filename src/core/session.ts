import { runtimeConfig } from './runtimeConfig.ts';

/** The session keys of spec section 3, all in localStorage, written and cleared in one place. */
export const SESSION_KEYS = {
  token: 'token',
  authtoken: 'authtoken',
  staffId: 'staffId',
  staffName: 'staffName',
  icon: 'icon',
  mobileNumber: 'mobileNumber',
  businessAccountDomain: 'businessAccountDomain',
  postInfo: 'postInfo',
  userId: 'user_id',
  companyId: 'company_id',
  userName: 'user_name',
  userAccount: 'user_account',
  userSig: 'user_sig',
  loginStatus: 'login_status',
} as const;

/** The login result of spec section 3, as the auth service returns it. */
export interface LoginResult {
  staffName: string;
  authToken: string;
  staffId: number | string;
  mobileNumber: string;
  icon?: string | null;
  businessAccountDomain: string;
  userAccount?: string;
  companyId?: number | string | null;
  userSig?: string;
  postInfo: unknown[];
}

export function saveLogin(result: LoginResult): void {
  const s = localStorage;
  s.setItem(SESSION_KEYS.token, result.authToken);
  s.setItem(SESSION_KEYS.authtoken, result.authToken);
  s.setItem(SESSION_KEYS.staffId, String(result.staffId));
  s.setItem(SESSION_KEYS.userId, String(result.staffId));
  s.setItem(SESSION_KEYS.staffName, result.staffName);
  s.setItem(SESSION_KEYS.userName, result.staffName);
  s.setItem(SESSION_KEYS.icon, result.icon ?? '');
  s.setItem(SESSION_KEYS.mobileNumber, result.mobileNumber ?? '');
  s.setItem(SESSION_KEYS.businessAccountDomain, result.businessAccountDomain ?? '');
  s.setItem(SESSION_KEYS.userAccount, result.userAccount ?? result.businessAccountDomain ?? '');
  s.setItem(SESSION_KEYS.companyId, result.companyId == null ? '' : String(result.companyId));
  s.setItem(SESSION_KEYS.userSig, result.userSig ?? '');
  s.setItem(SESSION_KEYS.postInfo, JSON.stringify(result.postInfo ?? []));
  s.setItem(SESSION_KEYS.loginStatus, '1');
  // Spec 6: the isuse flag marks the account domain the configuration names.
  const isuseDomain = runtimeConfig().isuseDomain;
  s.setItem('isuse', isuseDomain && result.businessAccountDomain === isuseDomain ? '1' : '0');
}

export const isUse = () => localStorage.getItem('isuse') === '1';

type LoginListener = (result: LoginResult) => void;
const loginListeners = new Set<LoginListener>();

/** Runs after every successful login (spec 4: the push connection restarts). */
export function onLogin(listener: LoginListener): () => void {
  loginListeners.add(listener);
  return () => loginListeners.delete(listener);
}

/** Stores a login result and tells whoever listens. */
export function completeLogin(result: LoginResult): void {
  saveLogin(result);
  for (const listener of loginListeners) listener(result);
}

export const getToken = () => localStorage.getItem(SESSION_KEYS.token) || '';
export const getStaffId = () => localStorage.getItem(SESSION_KEYS.staffId) || '';
export const getStaffName = () => localStorage.getItem(SESSION_KEYS.staffName) || '';
export const getMobile = () => localStorage.getItem(SESSION_KEYS.mobileNumber) || '';
/** Spec 4: a user is logged in while a staff id (and its token) is stored. */
export const isLoggedIn = () => Boolean(getStaffId() && getToken());

/** Spec 2.1: without a token the layout clears local storage before going to the login page. */
export function clearSession(): void {
  localStorage.clear();
  sessionStorage.removeItem('pms:buttons');
}

const RETURN_KEY = 'pms:returnUrl';
export const rememberReturnUrl = (url: string) => sessionStorage.setItem(RETURN_KEY, url);
export function takeReturnUrl(): string {
  const url = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  // Only same-origin paths: a crafted return URL must not send a user elsewhere.
  return url && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}
