import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import vectors from '../vectors/signature.json';
import { deriveSecret, sign } from '../../src/shared/signature.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { abuseSignatures } from '../support/signatureAbuse.ts';

const server = setUpServer();
const api = setUpApi(server);

/** Sends a call with full control over its query, body and sign header. */
async function raw(query: Record<string, unknown>, signature: string | null, body?: Record<string, unknown>, path = '/api/base/overview') {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const headers: Record<string, string> = { token: api.token };
  if (signature !== null) headers.sign = signature;
  if (body) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}?${search}`, { method: body ? 'POST' : 'GET', headers, body: body ? JSON.stringify(body) : undefined });
  return { http: response.status, body: (await response.json()) as { message: string } };
}

const fresh = () => ({ timestamp: Date.now(), nonce: randomBytes(12).toString('hex') }); // always 24 characters: the server refuses a nonce under 8

describe('request signature (spec 5) verified by the server', () => {
  it('derives the secret and signs exactly as the shared test vectors say', () => {
    expect(deriveSecret(vectors.seed)).toBe(vectors.secret);
    for (const c of vectors.cases) expect(sign(c.params as never, vectors.secret), c.name).toBe(c.sign);
  });

  it('accepts a correctly signed request', async () => {
    const params = fresh();
    const answer = await raw(params, sign(params, vectors.secret));
    expect(answer).toMatchObject({ http: 200 }); // on failure the diff shows the refusal's message
  });

  it('refuses a request without a signature', async () => {
    const answer = await raw(fresh(), null);
    expect(answer).toEqual({ http: 400, body: expect.objectContaining({ message: '请求缺少签名，请刷新页面后重试' }) });
  });

  it('skips query entries named `_` as the helper does (a cache-buster is not signed)', async () => {
    const params = fresh();
    const signature = sign(params, vectors.secret);
    expect(sign(`timestamp=${params.timestamp}&nonce=${params.nonce}&_=1732770000000`, vectors.secret)).toBe(signature);
    expect(await raw({ ...params, _: 1732770000000 }, signature)).toMatchObject({ http: 200 });
  });

  it('refuses a tampered parameter', async () => {
    const params = { ...fresh(), projectId: 1 };
    const answer = await raw({ ...params, projectId: 2 }, sign(params, vectors.secret));
    expect(answer).toEqual({ http: 403, body: expect.objectContaining({ message: '请求签名错误，请刷新页面后重试' }) });
  });

  it('refuses a replayed request (same nonce twice)', async () => {
    const params = fresh();
    const signature = sign(params, vectors.secret);
    expect(await raw(params, signature)).toMatchObject({ http: 200 });
    expect(await raw(params, signature)).toEqual({ http: 403, body: expect.objectContaining({ message: '重复的请求已被拒绝' }) });
  });

  it('refuses stale and future timestamps beyond 5 minutes', async () => {
    for (const offset of [-5 * 60_000 - 5000, 5 * 60_000 + 5000]) {
      const params = { ...fresh(), timestamp: Date.now() + offset };
      expect(await raw(params, sign(params, vectors.secret))).toEqual({ http: 403, body: expect.objectContaining({ message: '请求已过期，请检查电脑时间后重试' }) });
    }
  });

  it('signs the JSON body too: a changed body field is refused', async () => {
    const replay = fresh();
    const signature = sign({ ...replay, pageSize: 5 }, vectors.secret);
    const list = '/api/base/crmOrg/list';
    expect((await raw(replay, signature, { pageSize: 6 }, list)).http).toBe(403);
    const again = fresh();
    expect(await raw(again, sign({ ...again, pageSize: 5 }, vectors.secret), { pageSize: 5 }, list)).toMatchObject({ http: 200 });
  });

  it('refuses a missing sign, a tampered parameter or sign, a replay and a stale or future timestamp on every signed route', async () => {
    const figures = await abuseSignatures(server);
    console.log(`signature abuse: ${figures.routes} routes, sent ${JSON.stringify(figures.sent)}, accepted ${JSON.stringify(figures.accepted)}`);
    expect(figures.findings).toEqual([]);
    expect(Object.values(figures.sent).every((n) => n === figures.routes)).toBe(true);
  }, 600_000); // six kinds times every signed route
});
