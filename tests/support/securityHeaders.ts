import { createHash, randomBytes } from 'node:crypto';
import { Api, signedIn } from './api.ts';
import type { TestServer } from './server.ts';

/** One answer of the server and what it was. */
export interface Answer {
  what: string;
  status: number;
  headers: Headers;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const answer = async (what: string, response: Response): Promise<Answer> => {
  await response.arrayBuffer();
  return { what, status: response.status, headers: response.headers };
};

/** The embedded provider's pages: an authorization request, its sign-in page, a failed sign-in, the logout page. */
async function ssoAnswers(server: TestServer): Promise<Answer[]> {
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${server.url}/sso/auth`);
  Object.entries({
    client_id: server.config.sso.clientId,
    redirect_uri: `${server.config.publicUrl}/yslogin`,
    response_type: 'code',
    scope: 'openid profile',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).forEach(([k, v]) => authorize.searchParams.set(k, v));
  const start = await fetch(authorize, { redirect: 'manual' });
  const cookie = start.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const interaction = new URL(start.headers.get('location') ?? '/sso-interaction/missing', server.url);
  return [
    await answer('SSO discovery', await fetch(`${server.url}/sso/.well-known/openid-configuration`)),
    await answer('SSO authorization redirect', start),
    await answer('SSO sign-in page', await fetch(interaction, { headers: { cookie } })),
    await answer('SSO failed sign-in page', await fetch(interaction, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'account=admin&password=wrong' })),
    await answer('SSO logout page', await fetch(`${server.url}/sso/session/end?client_id=${server.config.sso.clientId}`)),
  ];
}

/** A stored file fetched by its public name and through the signed download route. */
async function fileAnswers(server: TestServer, api: Api): Promise<Answer[]> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), '照片.png');
  const call = () => {
    const { replay, sign } = api.signed({});
    return { search: new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)])), headers: api.headers(sign) };
  };
  const up = call();
  const stored = ((await (await fetch(`${server.url}/api/file/upload?${up.search}`, { method: 'POST', headers: up.headers, body: form })).json()) as { data: { cdnUrl: string; fileFullName: string } }).data;
  const down = call();
  return [
    await answer('stored file (inline image)', await fetch(server.url + stored.cdnUrl)),
    await answer('file download', await fetch(`${server.url}/api/file/download/${stored.fileFullName}?${down.search}`, { headers: down.headers })),
  ];
}

/** Answers of every kind the server gives: app pages, assets, API answers and refusals, files, the SSO pages. */
export async function collectAnswers(server: TestServer): Promise<Answer[]> {
  const page = (path: string) => fetch(server.url + path, { headers: { accept: 'text/html' } });
  const app = await page('/');
  const html = await app.clone().text();
  const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
  const api = await signedIn(server.url, 'kefu');
  const published = await new Api(server.url).get('/api/base/privacyAgreement/published', { kind: 'privacy' });
  const mine = await api.get('/api/auth/login/myLoginLogs/export');
  return [
    await answer('app page', app),
    await answer('deep-linked app page', await page('/index/home_index')),
    ...(script ? [await answer('app script', await fetch(server.url + script))] : []),
    await answer('runtime config', await fetch(`${server.url}/runtime-config.json`)),
    { what: 'API answer', status: published.http, headers: published.headers },
    { what: 'API export', status: mine.http, headers: mine.headers },
    await answer('API refusal (no session)', await fetch(`${server.url}/api/file/upload`, { method: 'POST' })),
    await answer('unknown API route', await fetch(`${server.url}/api/nope`)),
    ...(await fileAnswers(server, api)),
    ...(await ssoAnswers(server)),
  ];
}

/** The directives of a Content-Security-Policy header, by name. */
export function cspDirectives(header: string | null): Map<string, string[]> {
  return new Map((header ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...values]) => [name!.toLowerCase(), values]));
}

/** What an answer lacks of the headers every answer must carry; empty when none. */
export function missingHeaders(a: Answer): string[] {
  const csp = cspDirectives(a.headers.get('content-security-policy'));
  const missing: string[] = [];
  if (a.headers.get('x-content-type-options') !== 'nosniff') missing.push('nosniff');
  if (a.headers.get('referrer-policy') !== 'no-referrer') missing.push('Referrer-Policy no-referrer');
  if (csp.get('frame-ancestors')?.join(' ') !== "'none'") missing.push("frame-ancestors 'none'");
  if (a.headers.get('x-frame-options') !== 'DENY') missing.push('X-Frame-Options DENY');
  if (!csp.get('object-src')?.includes("'none'") && !csp.get('default-src')?.includes("'none'")) missing.push("object-src 'none'");
  if (a.what.startsWith('stored file') || a.what === 'file download') {
    if (!csp.has('sandbox')) missing.push('CSP sandbox');
    if (a.what === 'file download' && !(a.headers.get('content-disposition') ?? '').startsWith('attachment')) missing.push('attachment');
  }
  if (a.headers.get('cross-origin-opener-policy') !== 'same-origin') missing.push('Cross-Origin-Opener-Policy');
  return missing;
}

/** What the answer's policy lets script do beyond the product's own files: eval, inline script, any host. */
export function unsafeScript(a: Answer): string[] {
  const csp = cspDirectives(a.headers.get('content-security-policy'));
  const script = csp.get('script-src') ?? csp.get('default-src') ?? ['*'];
  return script.filter((source) => ["'unsafe-eval'", "'unsafe-inline'", "'wasm-unsafe-eval'", '*', 'data:', 'blob:', 'http:', 'https:'].includes(source));
}
