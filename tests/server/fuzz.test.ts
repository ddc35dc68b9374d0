import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../support/routes.ts';
import { signedIn } from '../support/api.ts';
import { fuzzRoutes, PER_ROUTE_IN_TESTS } from '../support/fuzz/fuzzRoutes.ts';
import { takesBody } from '../support/fuzz/inputs.ts';
import { startFuzzServer } from '../support/fuzz/server.ts';
import type { TestServer } from '../support/server.ts';
import { DEMO_ORG } from '../../server/modules/org/public.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(() => server?.close());

describe('bad input on every API route', () => {
  it('validates every input: each route has a query schema, and a body schema when it takes a body', () => {
    const loose = apiRoutes(server.app).filter((r) => !r.schema?.querystring || (takesBody(r) && !r.schema.body));
    expect(loose.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('refuses a parameter that a route without input does not take, and still takes the signed call', async () => {
    const admin = await signedIn(server.url, 'admin');
    expect((await admin.get('/api/base/overview')).http).toBe(200);
    const answer = await admin.get('/api/base/overview', { orderBy: 'id; DROP TABLE staff' });
    expect(answer.http).toBe(400);
    expect(answer.body.message).toBe('请求参数不正确：不允许的字段 orderBy');
    expect((await admin.post('/api/auth/login/logout', { note: 'x' })).http).toBe(400);
    expect((await admin.get('/api/auth/login/findUserInfo')).http).toBe(200);
  });

  it('refuses a list filter the database cannot take (an object, a list for a single value) with the filter named', async () => {
    const admin = await signedIn(server.url, 'admin');
    for (const org_id of [{ a: 1 }, [1, 2], [{}]]) {
      const answer = await admin.post('/api/base/crmDept/list', { filters: { org_id } });
      expect(answer.http).toBe(400);
      expect(answer.body.message).toContain('筛选条件');
    }
    const exported = await admin.get('/api/base/crmDept/export', { filters: JSON.stringify({ org_id: { a: 1 } }) });
    expect(exported.http).toBe(400);
    expect(exported.body.message).toContain('筛选条件');
    expect((await admin.post('/api/base/crmDept/list', { filters: { org_id: DEMO_ORG.company, name: '工程' } })).http).toBe(200);
  });

  it('keeps a number filter a number: the project filter of a project-scoped list still narrows it', async () => {
    const admin = await signedIn(server.url, 'admin');
    const all = (await admin.post('/api/base/parkingYard/list', { pageSize: 200 })).body.data.records as { project_id: number }[];
    const projectId = all[0]!.project_id;
    const narrowed = (await admin.post('/api/base/parkingYard/list', { pageSize: 200, filters: { project_id: projectId } })).body.data.records as { project_id: number }[];
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(all.length);
    expect(narrowed.every((r) => r.project_id === projectId)).toBe(true);
  });

  it('takes the all=true that forms send to every option list of a RemoteSelect', async () => {
    const admin = await signedIn(server.url, 'admin');
    const endpoints = new Set<string>();
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const props = (node as Record<string, any>)['x-component-props'];
      if ((node as Record<string, unknown>)['x-component'] === 'RemoteSelect' && props?.endpoint) endpoints.add(props.endpoint);
      Object.values(node).forEach(walk);
    };
    walk([...server.app.catalogue.pages, ...server.app.catalogue.resources.values()]);
    expect(endpoints.size).toBeGreaterThan(10);
    // Every list that refuses it, at once.
    const refused: string[] = [];
    for (const id of endpoints) {
      const endpoint = server.app.catalogue.endpoints.get(id)!;
      const http = (await admin.get(`/api/${endpoint.service}${endpoint.path}`, { all: true })).http;
      if (http !== 200) refused.push(`${id} ${http}`);
    }
    expect(refused).toEqual([]);
  });

  it('answers every invalid input on every route with a 4xx envelope, no 5xx, no leak and no change to the data', async () => {
    // The first half of the route table; fuzz-second-half.test.ts takes the other on the other worker.
    const figures = await fuzzRoutes(server, { perRoute: PER_ROUTE_IN_TESTS, part: { index: 0, of: 2 } });
    console.log(`fuzz: ${figures.routesCovered}/${figures.routesInTable} routes, ${figures.inputsSent} inputs, 5xx ${figures.serverErrors}, leaks ${figures.leaks}, accepted ${figures.accepted}, database changed ${figures.databaseChanged}, not the envelope ${figures.notEnvelope}`);
    expect(figures.findings).toEqual([]);
    expect(figures.routesCovered).toBe(figures.routesInTable);
    expect(figures.fewestPerRoute).toBeGreaterThanOrEqual(PER_ROUTE_IN_TESTS);
    expect([figures.serverErrors, figures.leaks, figures.accepted, figures.databaseChanged]).toEqual([0, 0, 0, 0]);
  }, 1_200_000); // ~90,000 requests: minutes, more on a loaded machine
});
