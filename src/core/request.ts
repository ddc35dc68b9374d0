import { serviceUrl } from './runtimeConfig.ts';
import { getStaffId, getToken, SESSION_KEYS } from './session.ts';

/** The envelope every reference service answers with (see server/http/envelope.ts). */
export interface ApiResponse<T = unknown> {
  status: string;
  code: string;
  message: string;
  data?: T;
  /** Set by the helper on a network failure (spec 8: errCode 500, msg 系统异常). */
  errCode?: number;
  msg?: string;
}

export type Params = Record<string, unknown>;

/** Drops null and undefined parameters (spec 5). */
export function compact(params: Params = {}): Params {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== null && v !== undefined));
}

export function toQuery(params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(compact(params))) search.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function headers(): Record<string, string> {
  return {
    authtoken: getToken() || 'pms-web',
    token: getToken(),
    userId: getStaffId(),
    platform: 'web',
    'client-platform': 'pc',
    'client-env': 'prod',
    userAccount: localStorage.getItem(SESSION_KEYS.userAccount) || localStorage.getItem(SESSION_KEYS.businessAccountDomain) || '',
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Params;
  body?: unknown;
}

/** One request helper for every screen: `request('base', '/overview')`. */
export async function request<T = unknown>(service: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const url = serviceUrl(service) + path + (method === 'GET' || method === 'DELETE' ? toQuery(options.params) : '');
  const init: RequestInit = { method, headers: headers(), credentials: 'include', cache: 'no-store' };
  if (method === 'POST' || method === 'PUT') {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(options.body === undefined ? compact(options.params) : options.body);
  }
  try {
    const response = await fetch(url, init);
    const body = (await response.json().catch(() => ({}))) as ApiResponse<T>;
    return { ...body, status: body.status ?? String(response.status), code: body.code ?? String(response.status) };
  } catch {
    return { status: '500', code: '500', message: '系统异常', errCode: 500, msg: '系统异常' };
  }
}
