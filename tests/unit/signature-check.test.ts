import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/platform/db/migrator.ts';
import { registerErrorHandling } from '../../server/platform/http/errors.ts';
import { registerSignatureCheck } from '../../server/platform/http/signature.ts';
import { deriveSecret, sign, SIGNATURE_WINDOW_MS } from '../../src/shared/signature.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from '../../server/platform/db/index.ts';

// The request signature check (spec 5) on its own, through fastify's inject: each rule of the
// check with the edge on both sides (window, nonce length, replay, the `_` entry, case of the
// header), fast enough for mutation testing (npm run test:mutation) to run it per mutant.
const SEED = 'unit-seed-2026';
const secret = deriveSecret(SEED);
const clock = { t: 1_790_000_000_000 };
let dir: string;
let d: OpenedDatabase;
let app: FastifyInstance;
let count = 0;
const verdicts: (boolean | undefined)[] = [];
const nonce = () => `nonce-${String(++count).padStart(8, '0')}`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-signature-check-'));
  d = openDatabase(dir);
  await migrateToLatest(d.db, []);
  app = Fastify();
  app.decorate('config', { signSeed: SEED } as never);
  app.decorate('sqlite', d.sqlite as never);
  await app.register(multipart);
  registerErrorHandling(app);
  registerSignatureCheck(app, () => clock.t);
  // What the request log reads: whether the request passed the check.
  app.addHook('onResponse', async (request) => {
    verdicts.push(request.signOk);
  });
  app.get('/api/echo', async (request) => ({ query: request.query, signOk: request.signOk }));
  app.post('/api/echo', async (request) => ({ query: request.query }));
  app.get('/api/open', { config: { unsigned: true } }, async () => ({ open: true }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await d?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Params = Record<string, string | number>;
const qs = (params: Params) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
async function get(params: Params, signature = sign(params, secret), extraQuery = '') {
  const res = await app.inject({ method: 'GET', url: `/api/echo?${qs(params)}${extraQuery}`, headers: signature === null ? {} : { sign: signature } });
  return { status: res.statusCode, body: res.json() };
}
const fresh = (extra: Params = {}): Params => ({ timestamp: clock.t, nonce: nonce(), ...extra });

describe('the request signature check', () => {
  it('passes a signed request, hides timestamp, nonce and `_` from the route, and marks it signed', async () => {
    const params = fresh({ pageNo: 2, name: '工单' });
    const { status, body } = await get(params, sign(params, secret), '&_=12345');
    expect(status).toBe(200);
    expect(body).toEqual({ query: { pageNo: '2', name: '工单' }, signOk: true });
  });

  it('accepts the signature in upper case', async () => {
    const params = fresh();
    expect((await get(params, sign(params, secret).toUpperCase())).status).toBe(200);
  });

  it('refuses a request without a signature (400) or with a wrong one (403)', async () => {
    const params = fresh();
    expect(await get(params, null as never)).toMatchObject({ status: 400, body: { message: '请求缺少签名，请刷新页面后重试' } });
    expect(await get(params, '')).toMatchObject({ status: 400 });
    const other = fresh();
    expect(await get(other, sign({ ...other, extra: 1 }, secret))).toMatchObject({ status: 403, body: { message: '请求签名错误，请刷新页面后重试' } });
    expect(await get(other, sign(other, deriveSecret('another-seed')))).toMatchObject({ status: 403 });
    expect(await get(other, sign(other, secret).slice(1))).toMatchObject({ status: 403 });
  });

  it('signs a `_` entry of the body but not of the query', async () => {
    const params = fresh();
    // Signed over `_` as well: the check drops the query's `_` before comparing.
    expect((await get(params, sign({ ...params, _: 9 }, secret), '&_=9')).status).toBe(403);
    const body = { _: 'kept', title: '报修' };
    const query = fresh();
    const res = await app.inject({ method: 'POST', url: `/api/echo?${qs(query)}`, headers: { sign: sign({ ...query, ...body }, secret) }, payload: body });
    expect(res.statusCode).toBe(200);
    const unsigned = fresh();
    const bad = await app.inject({ method: 'POST', url: `/api/echo?${qs(unsigned)}`, headers: { sign: sign({ ...unsigned, title: '报修' }, secret) }, payload: body });
    expect(bad.statusCode).toBe(403);
  });

  it('signs a body that is not an object as `body`', async () => {
    const query = fresh();
    const payload = JSON.stringify([1, 2]);
    const res = await app.inject({ method: 'POST', url: `/api/echo?${qs(query)}`, headers: { sign: sign({ ...query, body: [1, 2] }, secret), 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(200);
    const other = fresh();
    const bad = await app.inject({ method: 'POST', url: `/api/echo?${qs(other)}`, headers: { sign: sign(other, secret), 'content-type': 'application/json' }, payload });
    expect(bad.statusCode).toBe(403);
  });

  it('does not sign the fields of a multipart body', async () => {
    const query = fresh();
    const boundary = '----pms';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n报修\r\n--${boundary}--\r\n`;
    const res = await app.inject({ method: 'POST', url: `/api/echo?${qs(query)}`, headers: { sign: sign(query, secret), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBe(200);
  });

  it('keeps a timestamp within five minutes either way, to the millisecond', async () => {
    for (const offset of [SIGNATURE_WINDOW_MS, -SIGNATURE_WINDOW_MS, 0]) {
      expect((await get(fresh({ timestamp: clock.t + offset }))).status).toBe(200);
    }
    for (const offset of [SIGNATURE_WINDOW_MS + 1, -SIGNATURE_WINDOW_MS - 1]) {
      expect(await get(fresh({ timestamp: clock.t + offset }))).toMatchObject({ status: 403, body: { message: '请求已过期，请检查电脑时间后重试' } });
    }
  });

  it('wants a numeric timestamp and a nonce of 8 to 64 characters', async () => {
    const missing = { status: 400, body: { message: '请求缺少时间戳或随机数，请刷新页面后重试' } };
    expect(await get({ nonce: nonce() })).toMatchObject(missing);
    expect(await get({ timestamp: 'soon', nonce: nonce() })).toMatchObject(missing);
    expect(await get({ timestamp: clock.t })).toMatchObject(missing);
    expect(await get({ timestamp: clock.t, nonce: 'a'.repeat(7) })).toMatchObject(missing);
    expect(await get({ timestamp: clock.t, nonce: 'b'.repeat(65) })).toMatchObject(missing);
    expect((await get({ timestamp: clock.t, nonce: 'c'.repeat(8) })).status).toBe(200);
    expect((await get({ timestamp: clock.t, nonce: 'd'.repeat(64) })).status).toBe(200);
  });

  it('refuses a nonce used before, even under a new timestamp', async () => {
    const params = fresh();
    expect((await get(params)).status).toBe(200);
    expect(await get(params)).toMatchObject({ status: 403, body: { message: '重复的请求已被拒绝' } });
    expect(await get({ ...params, timestamp: clock.t + 1000 })).toMatchObject({ status: 403 });
  });

  it('lets a route declared unsigned through without a signature', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/open' });
    expect(res.json()).toEqual({ open: true });
  });

  it('records the verdict for the request log: refused until every check has passed', async () => {
    verdicts.length = 0;
    const params = fresh();
    await get(params, sign({ ...params, x: 1 }, secret));
    await get(params);
    await get(params);
    expect(verdicts).toEqual([false, true, false]);
  });

  it('refuses a signature header sent twice (joined into one text, it matches nothing)', async () => {
    const params = fresh();
    const res = await app.inject({ method: 'GET', url: `/api/echo?${qs(params)}`, headers: { sign: [sign(params, secret), sign(params, secret)] } });
    expect(res.statusCode).toBe(403);
  });

  it('signs a text body as `body`, and a JSON null as nothing', async () => {
    const query = fresh();
    const text = await app.inject({ method: 'POST', url: `/api/echo?${qs(query)}`, headers: { sign: sign({ ...query, body: 'ab' }, secret), 'content-type': 'text/plain' }, payload: 'ab' });
    expect(text.statusCode).toBe(200);
    const other = fresh();
    const nul = await app.inject({ method: 'POST', url: `/api/echo?${qs(other)}`, headers: { sign: sign(other, secret), 'content-type': 'application/json' }, payload: 'null' });
    expect(nul.statusCode).toBe(200);
  });

  it('keeps a nonce for its whole window, written or not', async () => {
    const params = fresh();
    expect((await get(params)).status).toBe(200);
    // Let the store write it (every 100 ms), then replay just inside the window.
    await new Promise((resolve) => setTimeout(resolve, 250));
    clock.t += SIGNATURE_WINDOW_MS - 1;
    try {
      expect(await get(params)).toMatchObject({ status: 403, body: { message: '重复的请求已被拒绝' } });
    } finally {
      clock.t -= SIGNATURE_WINDOW_MS - 1;
    }
  });
});
