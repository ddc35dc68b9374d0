// Signature abuse on every signed /api route (spec 5): a request without `sign`, with a changed
// parameter, with a changed signature, sent twice, and with a timestamp more than 5 minutes in
// the past or the future. Each must be refused by the signature check itself, with its message.
import { randomBytes } from 'node:crypto';
import type { RouteEntry } from '../../server/platform/http/routeTable.ts';
import { SIGNATURE_WINDOW_MS } from '../../src/shared/signature.ts';
import { mustBeZero, type VerifyRow } from '../../scripts/verify/rows.ts';
import { signedIn, type Api } from './api.ts';
import { apiRoutes, concreteUrl } from './routes.ts';
import type { TestServer } from './server.ts';
import { ownerMobiles, ownerSignedIn } from './owners.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/** The signature check's refusals (server/platform/http/signature.ts). */
const REFUSALS = {
  missing: { http: 400, message: '请求缺少签名，请刷新页面后重试' },
  wrong: { http: 403, message: '请求签名错误，请刷新页面后重试' },
  expired: { http: 403, message: '请求已过期，请检查电脑时间后重试' },
  replayed: { http: 403, message: '重复的请求已被拒绝' },
};

export const ABUSE_KINDS = ['missing sign', 'tampered parameter', 'tampered sign', 'replayed nonce', 'stale timestamp', 'future timestamp'] as const;
export type AbuseKind = (typeof ABUSE_KINDS)[number];

interface Call {
  /** Parameters as signed. */
  signed: Record<string, unknown>;
  /** Parameters as sent (differ only when tampering). */
  sent: Record<string, unknown>;
  sign: string | null;
}

/** Sends a call to a route: parameters in the query for GET, in a JSON body otherwise (timestamp and nonce always in the query). */
async function send(api: Api, route: RouteEntry, call: Call) {
  const { timestamp, nonce, ...fields } = call.sent;
  const inQuery = route.method === 'GET' ? call.sent : { timestamp, nonce };
  const search = new URLSearchParams(Object.entries(inQuery).map(([k, v]) => [k, String(v)]));
  const headers = api.headers(call.sign ?? '');
  if (call.sign === null) delete headers.sign;
  const init: RequestInit = { method: route.method, headers };
  if (route.method !== 'GET') {
    init.body = JSON.stringify(fields);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${api.baseUrl}${concreteUrl(route.url)}?${search}`, init);
  const text = await response.text();
  let message = '';
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? '';
  } catch {
    /* not JSON: not a refusal of the signature check */
  }
  return { http: response.status, message };
}

/** The calls of one abuse kind (two for a replay: the original, then the copy). */
function abuse(api: Api, kind: AbuseKind): { calls: Call[]; refusal: { http: number; message: string } } {
  const replay = (timestamp = Date.now()) => ({ timestamp, nonce: randomBytes(12).toString('hex') });
  const signedCall = (params: Record<string, unknown>): Call => ({ signed: params, sent: params, sign: api.signed(params, params as never).sign });
  switch (kind) {
    case 'missing sign':
      return { calls: [{ ...signedCall({ ...replay() }), sign: null }], refusal: REFUSALS.missing };
    case 'tampered parameter': {
      const call = signedCall({ ...replay(), probe: 'a' });
      return { calls: [{ ...call, sent: { ...call.signed, probe: 'b' } }], refusal: REFUSALS.wrong };
    }
    case 'tampered sign': {
      const call = signedCall({ ...replay() });
      const flipped = (call.sign![0] === '0' ? '1' : '0') + call.sign!.slice(1);
      return { calls: [{ ...call, sign: flipped }], refusal: REFUSALS.wrong };
    }
    case 'replayed nonce': {
      const call = signedCall({ ...replay() });
      return { calls: [call, call], refusal: REFUSALS.replayed };
    }
    case 'stale timestamp':
      return { calls: [signedCall(replay(Date.now() - SIGNATURE_WINDOW_MS - 10_000))], refusal: REFUSALS.expired };
    case 'future timestamp':
      return { calls: [signedCall(replay(Date.now() + SIGNATURE_WINDOW_MS + 10_000))], refusal: REFUSALS.expired };
  }
}

export interface SignatureFigures {
  routes: number;
  sent: Record<AbuseKind, number>;
  accepted: Record<AbuseKind, number>;
  findings: string[];
}

/** Sends every abuse kind to every signed /api route, as the signed-in administrator (an owner on the owner app's routes). */
export async function abuseSignatures(server: TestServer): Promise<SignatureFigures> {
  const routes = apiRoutes(server.app).filter((r) => !r.config.unsigned);
  const admin = await signedIn(server.url, 'admin');
  const [ownerMobile] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 1);
  const owner = await ownerSignedIn(server, ownerMobile!);
  const zero = () => Object.fromEntries(ABUSE_KINDS.map((k) => [k, 0])) as Record<AbuseKind, number>;
  const figures: SignatureFigures = { routes: routes.length, sent: zero(), accepted: zero(), findings: [] };
  for (const route of routes) {
    // The replay's original goes through: signing out would end the administrator's session.
    const signOut = route.url.endsWith('/logout');
    const staffCaller = signOut ? await signedIn(server.url, 'admin') : admin;
    await Promise.all(
      ABUSE_KINDS.map(async (kind) => {
        // An owner's session is checked before the signature: a sign-out by one kind's original must not end the others'.
        const caller = route.config.owner ? (signOut ? await ownerSignedIn(server, ownerMobile!) : owner) : staffCaller;
        const { calls, refusal } = abuse(caller, kind);
        let answer = { http: 0, message: '' };
        for (const call of calls) answer = await send(caller, route, call);
        figures.sent[kind]++;
        // An owner's sign-out ends the session before its replay arrives: the replay is refused as signed out.
        const signedOutReplay = route.config.owner && signOut && kind === 'replayed nonce' && answer.http === 401;
        if ((answer.http !== refusal.http || answer.message !== refusal.message) && !signedOutReplay) {
          figures.accepted[kind]++;
          if (figures.findings.length < 20) figures.findings.push(`${kind} ${route.method} ${route.url}: ${answer.http} ${answer.message}`);
        }
      }),
    );
  }
  return figures;
}

export function signatureRows(f: SignatureFigures): VerifyRow[] {
  const area = '请求签名';
  return [
    { area, figure: '签名的 API 路由', value: f.routes },
    ...ABUSE_KINDS.flatMap((kind) => [{ area, figure: `${kind}: 发送`, value: f.sent[kind] }, mustBeZero(area, `${kind}: 被接受`, f.accepted[kind])]),
  ];
}
