import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SERVICE_PREFIXES } from '../../src/shared/servicePrefixes.ts';
import { Api, signedIn } from '../support/api.ts';
import { setUpServer } from '../support/setup.ts';
import { testPostgres } from '../support/postgresDatabases.ts';

const server = setUpServer();

describe('reference server over real HTTP', () => {
  it('mounts every service prefix under /api/<prefix>', async () => {
    for (const prefix of SERVICE_PREFIXES) {
      const response = await fetch(`${server.url}/api/${prefix}/health`);
      expect(response.status, prefix).toBe(200);
      expect(await response.json()).toEqual({ status: '200', code: '200', message: '成功', data: { service: prefix, status: 'up' } });
    }
  });

  it('serves the runtime config mapping every prefix to a base URL', async () => {
    const body = (await (await fetch(`${server.url}/runtime-config.json`)).json()) as { services: Record<string, string>; sso: { authorizationEndpoint: string } };
    expect(Object.keys(body.services).sort()).toEqual([...SERVICE_PREFIXES].sort());
    expect(body.services.patrol).toBe('/api/patrol');
    // A path: the embedded provider answers on whichever address of the console the user opened.
    expect(body.sso.authorizationEndpoint).toBe('/sso/auth');
  });

  it('answers 401 in the envelope when no session token is sent', async () => {
    const answer = await new Api(server.url).get('/api/base/overview');
    expect(answer.http).toBe(401);
    expect(answer.body).toEqual({ status: '401', code: '401', message: '登录失效，请重新登录' });
  });

  it('signs in with the demo accounts and scopes the overview to the caller', async () => {
    const admin = await signedIn(server.url, 'admin');
    const kefu = await signedIn(server.url, 'kefu');
    const all = await admin.get('/api/base/overview');
    const mine = await kefu.get('/api/base/overview');
    expect(all.body.data.projects).toBe(4);
    expect(mine.body.data.projects).toBe(1);
    expect(mine.body.data.customers).toBeGreaterThan(0);
    expect(mine.body.data.customers).toBeLessThan(all.body.data.customers);
  });

  it('rejects bad input with a Chinese message naming the field, and changes nothing', async () => {
    const count = () => server.app.db.selectFrom('login_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const before = await count();
    const answer = await new Api(server.url).post('/api/auth/login/userlogin', { account: 'admin' });
    expect(answer.http).toBe(400);
    expect(answer.body.message).toBe('请求参数不正确：缺少必填字段 password');
    expect((await count()).n).toBe(before.n);
  });

  it('deep-links client routes to the web app and answers unknown API paths with a JSON 404', async () => {
    const page = await fetch(`${server.url}/base-information/org-structure`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${server.url}/api/base/no-such-call`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ status: '404', code: '404', message: '接口不存在' });
  });

  // SQLite's settings: on PostgreSQL durability is the server's own configuration (the test cluster turns fsync off on purpose).
  it.skipIf(Boolean(testPostgres()))('keeps the database durable: WAL, synchronous FULL, foreign keys on', async () => {
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(server.app.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
  });
});
