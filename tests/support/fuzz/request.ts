// Sends a fuzz input over real HTTP exactly as built (query, raw body, Content-Type), signed the
// way the browser signs when the input says so, and judges the answer.
import { randomBytes } from 'node:crypto';
import type { RouteEntry } from '../../../server/platform/http/routeTable.ts';
import type { Api } from '../api.ts';
import { httpRequest } from '../http.ts';
import { parsedBody, parsedQuery, type FuzzInput } from './inputs.ts';

/** What the server would sign over: the parsed query plus the fields of a parsed body (server/platform/http/signature.ts). */
function signedParams(query: [string, string][], body: FuzzInput['body']): Record<string, unknown> {
  const params = parsedQuery(query);
  const parsed = parsedBody(body);
  if (parsed === 'refused' || parsed === undefined || parsed === null) return params;
  if (typeof parsed === 'object' && !Array.isArray(parsed)) Object.assign(params, parsed);
  else params.body = parsed;
  return params;
}

export interface FuzzAnswer {
  http: number;
  text: string;
  contentType: string;
}

/** Sends one input to the route as `api`'s user (or nobody, for anonymous inputs). */
export async function sendInput(api: Api, route: RouteEntry, input: FuzzInput): Promise<FuzzAnswer> {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(input.params[name] ?? '1'));
  const replay: [string, string][] = [
    ['timestamp', String(Date.now())],
    ['nonce', randomBytes(12).toString('hex')],
  ];
  const query = [...input.query, ...replay];
  const headers: Record<string, string> = api.headers('', input.auth === 'anonymous' ? { token: '', authtoken: '' } : {});
  if (input.auth === 'unsigned') delete headers.sign;
  else if (input.auth === 'bad-sign') headers.sign = randomBytes(16).toString('hex');
  else headers.sign = api.signed(signedParams(query, input.body), { timestamp: Number(replay[0]![1]), nonce: replay[1]![1] }).sign;
  if (input.body?.type) headers['content-type'] = input.body.type;
  const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const response = await httpRequest(`${api.baseUrl}${path}?${search}`, {
    method: route.method,
    headers,
    body: input.body && route.method !== 'GET' ? input.body.text : undefined,
  });
  // Downloads are binary (read, not kept): only JSON and text answers can leak anything readable.
  return { http: response.status, text: response.text, contentType: response.headers.get('content-type') ?? '' };
}

/** Stack frames, file paths, driver and SQL error texts: none may reach a client. */
export const LEAK = /\bat [\w.<>$]+ \(|\/work\/|\/home\/|\/tmp\/|node_modules|\.[cm]?[jt]s:\d+|SQLITE_|sqlite|SQL logic|syntax error|no such (table|column)|constraint failed|TypeError|ReferenceError|RangeError|Cannot read prop|is not a function|"stack"/i;

/** The /api envelope of a refusal: { status, code, message } with the HTTP status and a Chinese message. */
export function isChineseEnvelope(answer: FuzzAnswer): boolean {
  if (!answer.contentType.includes('json')) return false;
  try {
    const body = JSON.parse(answer.text) as { status?: unknown; code?: unknown; message?: unknown };
    return body.status === String(answer.http) && body.code === body.status && typeof body.message === 'string' && /[\u4e00-\u9fff]/.test(body.message);
  } catch {
    return false;
  }
}
