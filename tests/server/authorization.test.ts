import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/app.ts';
import { Api, signedIn } from '../support/api.ts';
import { setUpServer } from '../support/setup.ts';

const server = setUpServer({ PMS_LOGIN_RATE_LIMIT: '1000' });

const codesOf = (route: RouteEntry) => [route.config.btnCode].flat().filter(Boolean) as string[];
const concrete = (url: string) => url.replace(':month', '202611').replace(':name', `${'0'.repeat(32)}.png`).replace(/:(\w+)/g, '1');

async function call(api: Api, route: RouteEntry) {
  return route.method === 'GET' ? api.get(concrete(route.url)) : api.send(route.method, concrete(route.url), {});
}

describe('authorisation matrix, generated from the route table', () => {
  it('answers every API route as expected for anonymous, expired, unprivileged, other-organisation and admin callers', async () => {
    const routes = server.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(40);
    const admin = await signedIn(server.url, 'admin');
    const technician = await signedIn(server.url, 'weixiu');
    const inspector = await signedIn(server.url, 'xuncha');
    const grantsOf = async (api: Api) => new Set<string>((await api.get('/api/auth/login/getUserButtons')).body.data);
    // Narrow demo roles: the technician handles work orders, the inspector patrols; each is unprivileged elsewhere.
    const narrow = [[technician, await grantsOf(technician)], [inspector, await grantsOf(inspector)]] as const;
    const expired = await signedIn(server.url, 'kefu');
    await server.app.db.updateTable('session').set({ last_seen_at: Date.now() - 3 * 3600_000 }).where('token_hash', '=', server.app.sessions.hashOf(expired.token)).execute();
    const anonymous = new Api(server.url);

    const mismatches: string[] = [];
    const cells = { anonymous: 0, expired: 0, unprivileged: 0, otherOrganisation: 0, admin: 0 };
    const expect_ = (name: keyof typeof cells, route: RouteEntry, ok: boolean, got: number) => {
      cells[name]++;
      if (!ok) mismatches.push(`${name} ${route.method} ${route.url}: got ${got}`);
    };

    for (const route of routes) {
      const isPublic = Boolean(route.config.public);
      const codes = codesOf(route);

      const a = await call(anonymous, route);
      expect_('anonymous', route, isPublic ? a.http !== 401 && a.http < 500 : a.http === 401, a.http);

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
      if (!foreign) throw new Error(`${resource.name}: the seed needs a record outside 翠湖天地`);
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

    console.log(`authorisation matrix: ${routes.length} routes, cells ${JSON.stringify(cells)}, mismatches ${mismatches.length}`);
    expect(mismatches).toEqual([]);
  }, 300_000); // five callers times every route: it grows with each module

  it('refuses a role without the code with a message naming the permission', async () => {
    const technician = await signedIn(server.url, 'weixiu');
    const answer = await technician.post('/api/business/label/add', { name: 'x' });
    expect(answer.http).toBe(403);
    expect(answer.body.message).toBe('没有权限执行该操作（需要「新增标签」权限）');
  });

  it('gives a role the union of its own and its posts\' roles, and a disabled post gives nothing', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    expect((await kefu.post('/api/business/label/add', { name: 'x' })).http).toBe(403);
    // The post 客服管家 of kefu is given the project manager role.
    const post = await server.app.db.selectFrom('post').select('id').where('name', '=', '客服管家').where('org_id', '=', 4).executeTakeFirstOrThrow();
    const role = await server.app.db.selectFrom('role').select('id').where('code', '=', 'project_manager').executeTakeFirstOrThrow();
    await server.app.db.insertInto('post_role').values({ post_id: post.id, role_id: role.id }).execute();
    const buttons = await kefu.get('/api/auth/login/getUserButtons');
    expect(buttons.body.data).toContain('label:add');
    expect((await kefu.post('/api/business/label/add', { name: '岗位授权', category: 'basic', color: 'blue', scope: 'customer' })).http).toBe(200);
    await server.app.db.updateTable('post').set({ enabled: 0 }).where('id', '=', post.id).execute();
    expect((await kefu.get('/api/auth/login/getUserButtons')).body.data).not.toContain('label:add');
  });

  it('answers the menu-list and button-permission calls of spec 7.4 for the caller only', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const me = (await kefu.get('/api/auth/login/findUserInfo')).body.data.staffId;
    const menus: any = await kefu.post('/api/auth/login/menuList', { userId: me, type: 2 });
    expect(menus.body.code).toBe('200');
    const routers = menus.body.list.flatMap((g: { items: { menuRouter: string }[] }) => g.items.map((i) => i.menuRouter));
    expect(routers).toContain('/index/home_index');
    expect(routers).toContain('/business-settings/label-manager');
    const labelMenu = menus.body.list.flatMap((g: { items: { menuRouter: string; menuId: number }[] }) => g.items).find((i: { menuRouter: string }) => i.menuRouter === '/business-settings/label-manager');
    const buttons = await kefu.post('/api/auth/login/buttonPermissions', { userId: me, menuId: labelMenu.menuId });
    expect(buttons.body.status).toBe('200');
    expect(buttons.body.data.map((b: { btnCode: string }) => b.btnCode)).toEqual(['label:view']);
    expect((await kefu.post('/api/auth/login/menuList', { userId: 1, type: 2 })).http).toBe(403);
  });
});
