import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { authorizationMatrix } from '../support/authorizationMatrix.ts';
import { setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

const server = setUpServer({ PMS_LOGIN_RATE_LIMIT: '1000' });

describe('authorisation matrix, generated from the route table', () => {
  it('answers every API route as expected for anonymous, expired, unprivileged, other-organisation and admin callers', async () => {
    const matrix = await authorizationMatrix(server);
    expect(matrix.routes).toBeGreaterThan(40);
    console.log(`authorisation matrix: ${matrix.routes} routes, cells ${JSON.stringify(matrix.cells)}, mismatches ${matrix.mismatches.length}`);
    expect(matrix.mismatches).toEqual([]);
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
    const post = await server.app.db.selectFrom('post').select('id').where('name', '=', '客服管家').where('org_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirstOrThrow();
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
    expect((await kefu.post('/api/auth/login/menuList', { userId: DEMO_STAFF.admin, type: 2 })).http).toBe(403);
  });
});
