import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

const server = setUpServer();
const admin = setUpApi(server);

const roleId = async (code: string) => (await server.app.db.selectFrom('role').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('role calls (spec 6)', () => {
  it('adds, updates, disables and deletes a role; the administrator role stays untouchable', async () => {
    const added = await admin.post('/api/base/role/add', { name: '维修班长', code: 'repair_leader', data_scope: 'project', remark: '带班维修' });
    const id = added.body.data.id;
    expect((await admin.post('/api/base/role/update', { id, name: '维修主管' })).body.message).toBe('保存成功');
    expect((await admin.post('/api/base/role/enable', { id, enabled: 0 })).body.message).toBe('已停用');
    expect((await admin.post('/api/base/role/add', { name: '重复', code: 'repair_leader', data_scope: 'self' })).body.message).toBe('角色编码「repair_leader」已存在');
    expect((await admin.post('/api/base/role/delete', { ids: [id] })).body.message).toBe('删除成功');

    const adminRole = await roleId('admin');
    for (const [path, body] of [
      ['/api/base/role/update', { id: adminRole, name: 'x' }],
      ['/api/base/role/enable', { id: adminRole, enabled: 0 }],
      ['/api/base/role/delete', { ids: [adminRole] }],
    ] as const) {
      expect((await admin.post(path, body)).body.message).toBe('系统管理员角色拥有全部权限，不能修改、停用或删除');
    }
    expect((await admin.post('/api/base/role/addPermission', { id: adminRole, grants: [] })).body.message).toBe('系统管理员角色拥有全部权限，无需授权');
  });

  it('refuses to delete a role that staff still hold', async () => {
    const answer = await admin.post('/api/base/role/delete', { ids: [await roleId('technician')] });
    expect([answer.http, answer.body.message]).toEqual([409, '该角色仍有员工在使用，请先解除后再删除']);
  });

  it('lists a role\'s grants and replaces them; a button brings its screen', async () => {
    const id = await roleId('dispatcher');
    const before = await admin.get('/api/base/role/permissions', { id });
    expect(before.body.data.grants).toContain('b:label:view');
    const saved = await admin.post('/api/base/role/addPermission', { id, grants: ['b:dict:view', 'b:dict:export'] });
    expect(saved.body.message).toBe('授权已保存');
    const after = await admin.get('/api/base/role/permissions', { id });
    const dictMenu = await server.app.db.selectFrom('menu').select('id').where('router', '=', '/business-settings/data-dictionary').executeTakeFirstOrThrow();
    expect(after.body.data.grants.sort()).toEqual(['b:dict:export', 'b:dict:view', `m:${dictMenu.id}`].sort());
    const diaodu = await signedIn(server.url, 'diaodu');
    expect((await diaodu.post('/api/business/label/list', {})).http).toBe(403);
    expect((await diaodu.post('/api/basis/dictItem/list', {})).http).toBe(200);
  });

  it('answers the grantable tree in the left menu\'s order, each screen once', async () => {
    const tree = (await admin.get('/api/base/role/grantable')).body.data as { key: string; children: { key: string }[] }[];
    const prefixes = tree.map((g) => g.key.slice(2));
    const declared = server.app.catalogue.menuGroups.map((g) => g.prefix).filter((p) => prefixes.includes(p));
    expect(prefixes.slice(0, declared.length)).toEqual(declared);
    const screens = tree.flatMap((g) => g.children.map((m) => m.key));
    expect(new Set(screens).size).toBe(screens.length);
  });

  it("notes under a screen the buttons it borrows from another, granted there and not here", async () => {
    type Node = { key: string; title: string; checkable?: boolean; children?: Node[] };
    const tree = (await admin.get('/api/base/role/grantable')).body.data as Node[];
    const screens = tree.flatMap((g) => g.children ?? []);
    const meetings = screens.find((m) => m.title === '会议预约')!;
    const borrowed = meetings.children!.filter((c) => c.key.startsWith('r:'));
    expect(borrowed.map((c) => [c.key, c.title, c.checkable])).toEqual([[`r:${meetings.key.slice(2)}:minutes:add`, '借用「新增会议纪要」（在「会议纪要」下授予）', false]]);
    // The code itself is granted under its own screen only.
    const owners = screens.filter((m) => m.children?.some((c) => c.key === 'b:minutes:add')).map((m) => m.title);
    expect(owners).toEqual(['会议纪要']);
  });

  it('never lets anyone grant more than they hold, to others or to a role they hold', async () => {
    // The project manager may grant roles, but holds no dictionary editing.
    const pm = await roleId('project_manager');
    await admin.post('/api/base/role/addPermission', { id: pm, grants: ['b:label:view', 'b:label:add', 'b:role:view', 'b:role:grant'] });
    const xmjl = await signedIn(server.url, 'xmjl');
    const raise = await xmjl.post('/api/base/role/addPermission', { id: pm, grants: ['b:label:view', 'b:label:add', 'b:role:view', 'b:role:grant', 'b:dict:edit'] });
    expect([raise.http, raise.body.message]).toEqual([403, '不能授予自己没有的权限：编辑字典']);
    // A role holding more than the caller is not theirs to change, taking away included (issue 40).
    const richer = await xmjl.post('/api/base/role/addPermission', { id: await roleId('inspector'), grants: ['b:label:view'] });
    expect([richer.http, richer.body.message]).toEqual([403, '该角色拥有超出您的权限，您不能修改其授权']);
    const within = (await admin.post('/api/base/role/add', { name: '标签查看', code: 'label_viewer', data_scope: 'project' })).body.data.id;
    const other = await xmjl.post('/api/base/role/addPermission', { id: within, grants: ['b:label:view'] });
    expect(other.body.message).toBe('授权已保存');
    const grantable = await xmjl.get('/api/base/role/grantable');
    const keys = JSON.stringify(grantable.body.data);
    expect(keys).toContain('b:label:add');
    expect(keys).not.toContain('b:dict:edit');
  });

  it('sets the roles of a post within the caller\'s own rights', async () => {
    const post = await server.app.db.selectFrom('post').select('id').where('name', '=', '保洁员').where('org_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirstOrThrow();
    const saved = await admin.post('/api/base/post/roles', { postId: post.id, roleIds: [await roleId('inspector')] });
    expect(saved.body.message).toBe('岗位角色已保存');
    expect((await admin.get('/api/base/post/roles', { postId: post.id })).body.data).toEqual([await roleId('inspector')]);
    // The project manager may grant (set here, so this test stands alone), but holds less than the administrator role.
    await admin.post('/api/base/role/addPermission', { id: await roleId('project_manager'), grants: ['b:role:view', 'b:role:grant'] });
    const xmjl = await signedIn(server.url, 'xmjl');
    const beyond = await xmjl.post('/api/base/post/roles', { postId: post.id, roleIds: [await roleId('admin')] });
    expect([beyond.http, beyond.body.message]).toEqual([403, '不能分配或撤销超出自身权限的角色']);
  });
});
