import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_PREFIXES } from '../../server/services/prefixes.ts';
import { login, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

describe('reference server over real HTTP', () => {
  it('mounts every service prefix under /api/<prefix>', async () => {
    for (const prefix of SERVICE_PREFIXES) {
      const response = await get(`/api/${prefix}/health`);
      expect(response.status, prefix).toBe(200);
      expect(await response.json()).toEqual({ status: '200', code: '200', message: '成功', data: { service: prefix, status: 'up' } });
    }
  });

  it('serves the runtime config mapping every prefix to a base URL', async () => {
    const body = (await (await get('/runtime-config.json')).json()) as { services: Record<string, string> };
    expect(Object.keys(body.services).sort()).toEqual([...SERVICE_PREFIXES].sort());
    expect(body.services.patrol).toBe('/api/patrol');
  });

  it('answers 401 in the envelope when no session token is sent', async () => {
    const response = await get('/api/base/overview');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: '401', code: '401', message: '登录失效，请重新登录' });
  });

  it('signs in with the demo accounts and scopes the overview to the caller', async () => {
    const admin = await login(server.url, 'admin');
    const kefu = await login(server.url, 'kefu');
    const all = (await (await get('/api/base/overview', { token: admin.token })).json()) as { data: { projects: number; customers: number } };
    const mine = (await (await get('/api/base/overview', { token: kefu.token })).json()) as { data: { projects: number; customers: number } };
    expect(all.data.projects).toBe(4);
    expect(mine.data.projects).toBe(1);
    expect(mine.data.customers).toBeGreaterThan(0);
    expect(mine.data.customers).toBeLessThan(all.data.customers);
  });

  it('rejects bad input with a Chinese message naming the field, and changes nothing', async () => {
    const before = await server.app.db.selectFrom('login_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const response = await fetch(`${server.url}/api/auth/login/userlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('请求参数不正确：缺少必填字段 password');
    const after = await server.app.db.selectFrom('login_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('records every sign-in attempt with IP and user agent', async () => {
    await fetch(`${server.url}/api/auth/login/userlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'pms-test' },
      body: JSON.stringify({ account: 'admin', password: 'nope' }),
    });
    const last = await server.app.db.selectFrom('login_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(last).toMatchObject({ account: 'admin', success: 0, reason: '账号或密码错误', user_agent: 'pms-test', ip: '127.0.0.1' });
  });

  it('ends the session on logout: the token stops working', async () => {
    const { token } = await login(server.url, 'diaodu');
    expect((await get('/api/auth/login/findUserInfo', { token })).status).toBe(200);
    await fetch(`${server.url}/api/auth/login/logout`, { method: 'POST', headers: { token } });
    const response = await get('/api/auth/login/findUserInfo', { token });
    expect(response.status).toBe(401);
    expect(response.headers.get('token_code')).toBe('-2');
  });

  it('deep-links client routes to the web app and answers unknown API paths with a JSON 404', async () => {
    const page = await get('/base-information/org-structure', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await get('/api/base/no-such-call', { accept: 'text/html' });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ status: '404', code: '404', message: '接口不存在' });
  });

  it('keeps the database durable: WAL, synchronous FULL, foreign keys on', async () => {
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(server.app.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
  });
});
