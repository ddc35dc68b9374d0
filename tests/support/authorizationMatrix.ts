// The authorisation matrix (spec 6), generated from the route table: every /api route called as
// anonymous, with an expired session, as a role without the route's codes, as the administrator,
// and every project-scoped resource's records asked for by another project's manager.
import type { RouteEntry } from '../../server/platform/http/routeTable.ts';
import { mustBeZero, type VerifyRow } from '../../scripts/verify/rows.ts';
import { Api, signedIn } from './api.ts';
import { apiRoutes, codesOf, concreteUrl } from './routes.ts';
import { expiredOwner, ownerMobiles, ownerSignedIn } from './owners.ts';
import type { TestServer } from './server.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

export const CALLERS = ['anonymous', 'expired', 'unprivileged', 'otherOrganisation', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

export interface MatrixFigures {
  routes: number;
  /** Calls checked per caller. */
  cells: Record<Caller, number>;
  mismatches: string[];
}

async function call(api: Api, route: RouteEntry) {
  return route.method === 'GET' ? api.get(concreteUrl(route.url)) : api.send(route.method, concreteUrl(route.url), {});
}

export async function authorizationMatrix(server: TestServer): Promise<MatrixFigures> {
  const routes = apiRoutes(server.app);
  const admin = await signedIn(server.url, 'admin');
  const technician = await signedIn(server.url, 'weixiu');
  const inspector = await signedIn(server.url, 'xuncha');
  const grantsOf = async (api: Api) => new Set<string>((await api.get('/api/auth/login/getUserButtons')).body.data);
  // Narrow demo roles: the technician handles work orders, the inspector patrols; each is unprivileged elsewhere.
  const narrow = [
    [technician, await grantsOf(technician)],
    [inspector, await grantsOf(inspector)],
  ] as const;
  const expired = await signedIn(server.url, 'kefu');
  await server.app.db.updateTable('session').set({ last_seen_at: Date.now() - 3 * 3600_000 }).where('token_hash', '=', server.app.sessions.hashOf(expired.token)).execute();
  const anonymous = new Api(server.url);
  // Owner-app routes (config.owner) take an owner session: a staff one is refused like none.
  const [ownerMobile, expiredMobile] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 2);
  const owner = await ownerSignedIn(server, ownerMobile!);
  const ownerExpired = await expiredOwner(server, expiredMobile!);

  const mismatches: string[] = [];
  const cells = Object.fromEntries(CALLERS.map((c) => [c, 0])) as Record<Caller, number>;
  const expect_ = (name: Caller, route: RouteEntry, ok: boolean, got: number) => {
    cells[name]++;
    if (!ok) mismatches.push(`${name} ${route.method} ${route.url}: got ${got}`);
  };

  for (const route of routes) {
    const isPublic = Boolean(route.config.public);
    const codes = codesOf(route);

    const a = await call(anonymous, route);
    expect_('anonymous', route, isPublic ? a.http !== 401 && a.http < 500 : a.http === 401, a.http);

    if (route.config.owner) {
      const e = await call(ownerExpired, route);
      expect_('expired', route, e.http === 401 && e.headers.get('token_code') === '-1', e.http);
      const staff = await call(admin, route);
      expect_('admin', route, staff.http === 401, staff.http);
      const o = await call(route.url.endsWith('/logout') ? await ownerSignedIn(server, ownerMobile!) : owner, route);
      expect_('admin', route, o.http !== 401 && o.http !== 403 && o.http < 500, o.http);
      continue;
    }

    if (!isPublic) {
      const e = await call(expired, route);
      expect_('expired', route, e.http === 401 && e.headers.get('token_code') === '-1', e.http);
    }

    if (codes.length) {
      const held = narrow.find(([, grants]) => !codes.some((c) => grants.has(c)))?.[0];
      if (held) {
        const u = await call(held, route);
        expect_('unprivileged', route, u.http === 403, u.http);
      }
    }

    // Signing out would end the admin's own session: that route gets a throwaway one.
    const caller = route.url.endsWith('/logout') ? await signedIn(server.url, 'admin') : admin;
    const ad = await call(caller, route);
    expect_('admin', route, ad.http !== 401 && ad.http !== 403 && ad.http < 500, ad.http);
  }

  // Records of project-scoped resources: the project manager of 翠湖天地 asking for another
  // project's record by id gets 404, never the record; lists leave such records out.
  const manager = await signedIn(server.url, 'xmjl');
  const mine = (await manager.get('/api/base/org/projects')).body.data.map((o: { value: number }) => o.value);
  for (const resource of server.app.catalogue.resources.values()) {
    if (resource.scope !== 'project') continue;
    const base = `/api/${resource.service}${resource.path}`;
    const all = (await admin.post(`${base}/list`, { pageSize: 200 })).body.data.records as { id: number; project_id: number }[];
    const foreign = all.find((r) => !mine.includes(r.project_id));
    if (!foreign) throw new Error(`${resource.name}: the seed needs a record outside ${DEMO_PROJECTS.cuihu.name}`);
    const seen = (await manager.post(`${base}/list`, { pageSize: 200 })).body.data.records as { project_id: number }[];
    const leaked = seen.some((r) => !mine.includes(r.project_id));
    const probes: [string, () => Promise<{ http: number }>][] = [
      ['list', async () => ({ http: leaked ? 200 : 404 })],
      ['detail', () => manager.get(`${base}/detail`, { id: foreign.id })],
      ['update', () => manager.post(`${base}/update`, { id: foreign.id })],
      ['enable', () => manager.post(`${base}/enable`, { id: foreign.id, enabled: 0 })],
      ['delete', () => manager.post(`${base}/delete`, { ids: [foreign.id] })],
    ];
    for (const [op, probe] of probes) {
      const answer = await probe();
      expect_('otherOrganisation', { method: op, url: base, config: {}, schema: undefined }, answer.http === 404 || answer.http === 403, answer.http);
    }
  }
  return { routes: routes.length, cells, mismatches };
}

export function matrixRows(f: MatrixFigures): VerifyRow[] {
  const area = '权限矩阵';
  return [
    { area, figure: 'API 路由', value: f.routes },
    ...CALLERS.map((c) => ({ area, figure: `检查的调用：${c}`, value: f.cells[c] })),
    mustBeZero(area, '不符合预期的调用', f.mismatches.length),
  ];
}
