import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../support/api.ts';
import { signedInFirstTime } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import type { ResourceField } from '../../src/shared/schemaTypes.ts';

// Issue 40 finding 3, as a generated family of the authorisation matrix: a delegated
// administrator (staff, role, post and grant buttons, scope "own projects" at 翠湖天地) tries
// every field of the staff, role and post resources that widens access or identifies a person,
// on themselves, on an account or role holding more than they hold, and on a colleague within
// their reach with a value beyond their own; and every grant route on a richer and on their own
// role or post. Each attempt must be refused (403) and change nothing.
const server = setUpServer();
const admin = setUpApi(server);

const DELEGATE_BUTTONS = [
  'staff:view', 'staff:add', 'staff:edit', 'staff:enable', 'staff:resetPwd', 'staff:delete',
  'role:view', 'role:add', 'role:edit', 'role:enable', 'role:delete', 'role:grant',
  'post:view', 'post:edit', 'post:grant', 'post:enable', 'post:delete',
];

const idOf = async (table: 'role' | 'staff' | 'post', column: string, value: unknown) =>
  (await server.app.db.selectFrom(table).select('id').where(column as never, '=', value as never).executeTakeFirstOrThrow()).id as number;

/** Fields that widen what an account reaches, or identify a person: references to organisations, roles, posts; data scopes; masked personal data; login identifiers. */
function wideningFields(resource: string): [string, ResourceField][] {
  const def = server.app.catalogue.resources.get(resource)!;
  return Object.entries(def.fields).filter(([name, f]) => ['org', 'role', 'post', 'dept'].includes(f.ref ?? '') || name === 'data_scope' || f.mask || name === 'job_number');
}

let delegate: Api;
let ids: { self: number; ownRole: number; peer: number; peerRole: number; richStaff: number; richRole: number; richPost: number; otherProjectPost: number; ownPost: number };

beforeAll(async () => {
  const role = await admin.post('/api/base/role/add', { name: '人事授权专员', code: 'delegate_clerk', data_scope: 'project' });
  const ownRole = role.body.data.id as number;
  expect((await admin.post('/api/base/role/addPermission', { id: ownRole, grants: DELEGATE_BUTTONS.map((b) => `b:${b}`) })).http).toBe(200);
  const peerRoleAnswer = await admin.post('/api/base/role/add', { name: '员工查询', code: 'peer_viewer', data_scope: 'project' });
  const peerRole = peerRoleAnswer.body.data.id as number;
  expect((await admin.post('/api/base/role/addPermission', { id: peerRole, grants: ['b:staff:view'] })).http).toBe(200);
  const ownPostAnswer = await admin.post('/api/base/crmPost/add', { name: '人事岗', code: 'YJ-DELEGATE-POST', org_id: DEMO_PROJECTS.cuihu.id });
  const ownPost = ownPostAnswer.body.data.id as number;
  const cuihu = DEMO_PROJECTS.cuihu.id;
  const made = await admin.post('/api/base/crmStaff/add', { name: '钱授权', account: 'delegate1', job_number: 'YJ0981', mobile: '13912340981', org_id: cuihu, role_ids: [ownRole], post_ids: [ownPost], project_ids: [cuihu] });
  expect(made.http).toBe(200);
  const peer = await admin.post('/api/base/crmStaff/add', { name: '孙同事', account: 'peer1', job_number: 'YJ0982', mobile: '13912340982', org_id: cuihu, role_ids: [peerRole], post_ids: [], project_ids: [cuihu] });
  delegate = await signedInFirstTime(server.url, 'delegate1', made.body.data.password);
  ids = {
    self: made.body.data.id,
    ownRole,
    peer: peer.body.data.id,
    peerRole,
    richStaff: DEMO_STAFF.xmjl,
    richRole: await idOf('role', 'code', 'project_manager'),
    richPost: (await server.app.db.selectFrom('post').select('id').where('org_id', '=', cuihu).where('name', '=', '项目经理').executeTakeFirstOrThrow()).id,
    otherProjectPost: (await server.app.db.selectFrom('post').select('id').where('org_id', '=', DEMO_PROJECTS.binjiang.id).where('name', '=', '项目经理').executeTakeFirstOrThrow()).id,
    ownPost,
  };
  // The project manager's post gives the project manager's role: a post holding more than the delegate.
  expect((await admin.post('/api/base/post/roles', { postId: ids.richPost, roleIds: [ids.richRole] })).http).toBe(200);
});

/** A value of the field beyond the delegate's own reach (another region's project, a richer role or post, the widest scope) or, for identifying fields, just another value. */
function beyondValue(name: string, f: ResourceField): unknown {
  const many = f.through !== undefined;
  switch (f.ref) {
    case 'org':
      return many ? [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.binjiang.id, DEMO_PROJECTS.yunqi.id] : DEMO_PROJECTS.binjiang.id;
    case 'role':
      return many ? [ids.richRole] : ids.richRole;
    case 'post':
      return many ? [ids.otherProjectPost] : ids.otherProjectPost;
    case 'dept':
      return null;
  }
  if (name === 'data_scope') return 'all';
  if (name === 'mobile') return '13700009999';
  if (name === 'job_number') return 'YJ9999';
  return null;
}

const refused = (answer: { http: number }, what: string) => expect(answer.http, what).toBe(403);

describe('delegated administrators never reach beyond their own grants (issue 40, finding 3)', () => {
  it('staff: every widening or identifying field, on themselves, on a richer account, and beyond their reach on a colleague', async () => {
    const fields = wideningFields('staff');
    expect(fields.map(([n]) => n)).toEqual(expect.arrayContaining(['mobile', 'org_id', 'post_ids', 'role_ids', 'project_ids']));
    for (const [name, f] of fields) {
      const value = beyondValue(name, f);
      if (value === null) continue;
      // A richer account (the project manager): nothing of it may change.
      refused(await delegate.post('/api/base/crmStaff/update', { id: ids.richStaff, [name]: value }), `staff.${name} of a richer account`);
      if (f.ref) {
        refused(await delegate.post('/api/base/crmStaff/update', { id: ids.self, [name]: value }), `own staff.${name}`);
        refused(await delegate.post('/api/base/crmStaff/update', { id: ids.peer, [name]: value }), `staff.${name} beyond reach on a colleague`);
        refused(await delegate.post('/api/base/crmStaff/add', { name: '新员工', account: `new_${name}`, job_number: `YJ09${name.length}`, mobile: '13912340999', org_id: DEMO_PROJECTS.cuihu.id, [name]: value }), `staff.${name} beyond reach on a new account`);
      }
    }
    // Neither the richer account's password nor its enabled state.
    refused(await delegate.post('/api/base/crmStaff/resetPassword', { id: ids.richStaff }), 'reset of a richer account');
    refused(await delegate.post('/api/base/crmStaff/enable', { id: ids.richStaff, enabled: 0 }), 'disabling a richer account');
    // Within their reach it works: a colleague's name.
    expect((await delegate.post('/api/base/crmStaff/update', { id: ids.peer, name: '孙同事二' })).http).toBe(200);
  });

  it('roles: the data scope and every setting, on their own role, on a richer role, and beyond their scope on a new one', async () => {
    for (const [name, f] of wideningFields('role')) {
      const value = beyondValue(name, f);
      refused(await delegate.post('/api/base/role/update', { id: ids.ownRole, [name]: value }), `own role.${name}`);
      refused(await delegate.post('/api/base/role/update', { id: ids.richRole, [name]: value }), `role.${name} of a richer role`);
      refused(await delegate.post('/api/base/role/update', { id: ids.peerRole, [name]: value }), `role.${name} beyond scope`);
      refused(await delegate.post('/api/base/role/add', { name: '越权角色', code: `beyond_${name}`, data_scope: 'project', [name]: value }), `new role.${name} beyond scope`);
    }
    refused(await delegate.post('/api/base/role/update', { id: ids.richRole, name: '改名' }), 'renaming a richer role');
    refused(await delegate.post('/api/base/role/enable', { id: ids.richRole, enabled: 0 }), 'disabling a richer role');
    const scope = await server.app.db.selectFrom('role').select('data_scope').where('id', 'in', [ids.ownRole, ids.peerRole, ids.richRole]).execute();
    expect(scope.map((r) => r.data_scope)).toEqual(['project', 'project', 'project']);
  });

  it('grants: neither a richer role nor their own role, post authority neither on a richer post nor on their own', async () => {
    const before = (await server.app.db.selectFrom('role_button').select('button_id').where('role_id', '=', ids.richRole).execute()).length;
    refused(await delegate.post('/api/base/role/addPermission', { id: ids.richRole, grants: ['b:role:view'] }), 'removing a richer role’s grants');
    refused(await delegate.post('/api/base/role/addPermission', { id: ids.ownRole, grants: ['b:role:view'] }), 'changing their own role’s grants');
    expect((await server.app.db.selectFrom('role_button').select('button_id').where('role_id', '=', ids.richRole).execute()).length).toBe(before);
    refused(await delegate.post('/api/base/post/roles', { postId: ids.richPost, roleIds: [] }), 'taking a richer role from a post');
    refused(await delegate.post('/api/base/crmPost/roles', { id: ids.ownPost, roleIds: [ids.peerRole] }), 'their own post’s roles');
    // Within their rights: a colleague's role, which grants less, may be re-granted.
    expect((await delegate.post('/api/base/role/addPermission', { id: ids.peerRole, grants: ['b:staff:view', 'b:role:view'] })).http).toBe(200);
  });

  it('posts: every widening field, beyond their reach', async () => {
    for (const [name, f] of wideningFields('post')) {
      const value = beyondValue(name, f);
      if (value === null) continue;
      refused(await delegate.post('/api/base/crmPost/update', { id: ids.ownPost, [name]: value }), `post.${name} beyond reach`);
    }
  });
});
