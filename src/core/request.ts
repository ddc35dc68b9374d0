import { deriveSecret, sign } from '../shared/signature.ts';
import { runtimeConfig, serviceUrl } from './runtimeConfig.ts';
import { getStaffId, getToken, SESSION_KEYS } from './session.ts';
import { handleSessionEnd } from './sessionEnd.ts';

/** The envelope every reference service answers with (see server/platform/http/envelope.ts). */
export interface ApiResponse<T = unknown> {
  status: string;
  code: string;
  message: string;
  data?: T;
  /** Set on a network failure (spec 8: errCode 500, msg 系统异常). */
  errCode?: number;
  msg?: string;
}

export type Params = Record<string, unknown>;

/** Placeholder sent as `authtoken` before anyone has signed in (spec 7.1). */
export const AUTHTOKEN_PLACEHOLDER = 'pms-anonymous';

/** Drops null and undefined parameters (spec 5). */
export function compact(params: Params = {}): Params {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== null && v !== undefined));
}

/** The form-encoded variant (spec 5): also trims strings and drops the empty ones. */
export function compactForm(params: Params = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(compact(params))) {
    const text = typeof v === 'string' ? v.trim() : typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (text !== '') out[k] = text;
  }
  return out;
}

export function toQuery(params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(compact(params))) search.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Every header of spec 7.1. */
export function headers(signature: string): Record<string, string> {
  const h: Record<string, string> = {
    authtoken: getToken() || AUTHTOKEN_PLACEHOLDER,
    token: getToken(),
    userId: getStaffId(),
    platform: 'web',
    'client-platform': 'pc',
    'client-env': 'prod',
    sign: signature,
    userAccount: localStorage.getItem(SESSION_KEYS.userAccount) || localStorage.getItem(SESSION_KEYS.businessAccountDomain) || '',
  };
  const fromSystem = localStorage.getItem('belongSystem');
  if (fromSystem) h.fromSystem = fromSystem;
  return h;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** GET/DELETE: the query; POST/PUT: the body fields. */
  params?: Params;
  /** POST body encoding; JSON unless the endpoint takes a form or files. */
  encoding?: 'json' | 'form' | 'multipart';
  /** The multipart body (files are not signed; the query's timestamp and nonce are). */
  formData?: FormData;
  /** How the answer is read. */
  responseType?: 'json' | 'text' | 'blob';
}

export interface PreparedRequest {
  url: string;
  init: RequestInit;
}

/** Builds the URL, body, signature and headers of a call (shared by requests and downloads). */
export function prepare(service: string, path: string, options: RequestOptions = {}): PreparedRequest {
  const method = options.method ?? 'GET';
  const replay = { timestamp: Date.now(), nonce: nonce() };
  const secret = deriveSecret(runtimeConfig().signSeed);
  let query: Params = replay;
  let body: BodyInit | undefined;
  let signed: Params;
  let contentType: string | undefined;
  if (method === 'GET' || method === 'DELETE') {
    query = { ...compact(options.params), ...replay };
    signed = query;
  } else if (options.encoding === 'multipart') {
    body = options.formData;
    signed = replay;
  } else if (options.encoding === 'form') {
    const fields = compactForm(options.params);
    body = new URLSearchParams(fields).toString();
    contentType = 'application/x-www-form-urlencoded;charset=UTF-8';
    signed = { ...fields, ...replay };
  } else {
    const fields = compact(options.params);
    body = JSON.stringify(fields);
    contentType = 'application/json';
    signed = { ...fields, ...replay };
  }
  const h = headers(sign(signed, secret));
  if (contentType) h['content-type'] = contentType;
  return { url: serviceUrl(service) + path + toQuery(query), init: { method, headers: h, body, credentials: 'include', cache: 'no-store' } };
}

/** One request helper for every screen: `request('base', '/overview')`. */
export async function request<T = unknown>(service: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { url, init } = prepare(service, path, options);
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    return { status: '500', code: '500', message: '系统异常', errCode: 500, msg: '系统异常' };
  }
  handleSessionEnd(response);
  if (options.responseType === 'blob' && response.ok) return { status: '200', code: '200', message: '成功', data: (await response.blob()) as T };
  if (options.responseType === 'text' && response.ok) return { status: '200', code: '200', message: '成功', data: (await response.text()) as T };
  const body = (await response.json().catch(() => ({}))) as Partial<ApiResponse<T>>;
  return {
    ...body,
    status: body.status ?? String(response.status),
    code: body.code ?? String(response.status),
    message: body.message ?? (response.ok ? '成功' : '系统异常'),
  };
}
