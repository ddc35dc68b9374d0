import { describe, expect, it } from 'vitest';
import { Api, signedIn, signedInFirstTime } from '../support/api.ts';
import { downloadSheet } from '../support/exports.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { syncPermissionCatalogue } from '../../server/engine/access/permissions.ts';
import { DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

const server = setUpServer();
const admin = setUpApi(server);

const STAFF = '/api/base/crmStaff';
const idOf = async (table: 'role', column: 'code', value: string) =>
  (await server.app.db.selectFrom(table).select('id').where(column as never, '=', value as never).executeTakeFirstOrThrow()).id as number;
const postId = async (project: number, name: string) =>
  (await server.app.db.selectFrom('post').select('id').where('org_id', '=', project).where('name', '=', name).executeTakeFirstOrThrow()).id;

const newStaff = async (overrides: Record<string, unknown> = {}) => ({
  name: '赵新宇',
  account: 'zhaoxy',
  job_number: 'YJ0900',
  mobile: '13912345678',
  gender: 'male',
  entry_date: '2026-11-01',
  org_id: DEMO_PROJECTS.cuihu.id,
  post_ids: [await postId(DEMO_PROJECTS.cuihu.id, '维修工程师')],
  role_ids: [await idOf('role', 'code', 'technician')],
  project_ids: [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id],
  ...overrides,
});

describe('personnel (staff over the core table)', () => {
  it('creates a staff member with posts, roles and projects; the initial password signs in; lists never carry password hashes', async () => {
    const added = await admin.post(`${STAFF}/add`, await newStaff());
    expect(added.http).toBe(200);
    expect(added.body.message).toBe(`新增成功。初始密码：${added.body.data.password}（只显示这一次，请告知本人；首次登录须修改密码）`);
    const id = added.body.data.id;

    const detail = (await admin.get(`${STAFF}/detail`, { id })).body.data;
    expect(detail).toMatchObject({ name: '赵新宇', org_id_label: DEMO_PROJECTS.cuihu.name, post_ids_label: '维修工程师', role_ids_label: '维修技师', project_ids_label: `${DEMO_PROJECTS.cuihu.name}、${DEMO_PROJECTS.jinxiu.name}`, enabled: 1 });
    expect(detail.password_hash).toBeUndefined();
    const list = (await admin.post(`${STAFF}/list`, { filters: { job_number: 'YJ0900' } })).body.data.records;
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]).some((k) => k.includes('password'))).toBe(false);

    const zhao = await signedInFirstTime(server.url, 'zhaoxy', added.body.data.password);
    expect(zhao.token).not.toBe('');
    // Their projects decide what the project scope shows.
    const byProject = (await admin.post(`${STAFF}/list`, { pageSize: 50, filters: { project_ids: DEMO_PROJECTS.jinxiu.id } })).body.data.records;
    expect(byProject.map((r: { account: string }) => r.account).sort()).toEqual(['p2s1', 'p2s2', 'p2s3', 'p2s4', 'zhaoxy']);
    const byRole = (await admin.post(`${STAFF}/list`, { pageSize: 50, filters: { role_ids: await idOf('role', 'code', 'technician') } })).body.data.records;
    expect(byRole.map((r: { account: string }) => r.account)).toContain('zhaoxy');
    expect(byRole.map((r: { account: string }) => r.account)).not.toContain('kefu');
  });

  it('refuses a job number, account or mobile that is taken or malformed, with the field named, and writes nothing', async () => {
    const before = (await admin.post(`${STAFF}/list`, {})).body.data.total;
    const cases: [Record<string, unknown>, number, string][] = [
      [await newStaff({ account: 'other1', job_number: 'YJ0002' }), 409, '工号「YJ0002」已存在'],
      [await newStaff({ account: 'kefu', job_number: 'YJ0901' }), 409, '账号「kefu」已存在'],
      [await newStaff({ account: 'other2', job_number: 'YJ0902', mobile: '1391234' }), 400, '手机号：请填写 11 位手机号码'],
      [await newStaff({ account: 'other3', job_number: 'YJ 09' }), 400, '工号：2 到 20 位字母、数字或连字符'],
      [await newStaff({ account: 'other4', job_number: 'YJ0903', project_ids: [DEMO_ORG.eastRegion] }), 400, '「华东区域」不是项目，所在项目只能选择项目'],
      [await newStaff({ account: 'other5', job_number: 'YJ0904', post_ids: [99999] }), 400, '岗位不存在或已被删除'],
    ];
    for (const [body, http, message] of cases) {
      const answer = await admin.post(`${STAFF}/add`, body);
      expect([answer.http, answer.body.message]).toEqual([http, message]);
    }
    expect((await admin.post(`${STAFF}/list`, {})).body.data.total).toBe(before);
  });

  it('a disabled staff member cannot sign in, and their live session answers 401 at once', async () => {
    const weixiu = await signedIn(server.url, 'weixiu');
    expect((await weixiu.get('/api/auth/login/findUserInfo')).http).toBe(200);
    const id = DEMO_STAFF.weixiu;
    expect((await admin.post(`${STAFF}/enable`, { id, enabled: 0 })).body.message).toBe('已停用');

    const live = await weixiu.get('/api/auth/login/findUserInfo');
    expect([live.http, live.body.message, live.headers.get('token_code')]).toEqual([401, '当前账号已过期，请重新登录！', '-2']);
    const again = await new Api(server.url).login('weixiu', 'Pms@2026');
    expect([again.http, again.body.message]).toEqual([403, '账号已停用，请联系管理员']);
    const open = await server.app.db.selectFrom('session').select('token_hash').where('staff_id', '=', id).where('revoked_at', 'is', null).execute();
    expect(open).toEqual([]);

    expect((await admin.post(`${STAFF}/enable`, { id, enabled: 1 })).body.message).toBe('已启用');
    expect((await new Api(server.url).login('weixiu', 'Pms@2026')).http).toBe(200);
  });

  it('nobody hands out or takes away a role beyond their own rights', async () => {
    // An HR clerk may manage staff but holds only the personnel screen.
    const role = await admin.post('/api/base/role/add', { name: '人事专员', code: 'hr_clerk', data_scope: 'all' });
    const hrRole = role.body.data.id;
    expect((await admin.post('/api/base/role/addPermission', { id: hrRole, grants: ['b:staff:view', 'b:staff:add', 'b:staff:edit'] })).http).toBe(200);
    const clerk = await admin.post(`${STAFF}/add`, await newStaff({ name: '钱人事', account: 'hrclerk', job_number: 'YJ0910', role_ids: [hrRole], post_ids: [] }));
    const hr = await signedInFirstTime(server.url, 'hrclerk', clerk.body.data.password);

    const raise = await hr.post(`${STAFF}/add`, await newStaff({ name: '孙越权', account: 'sunyq', job_number: 'YJ0911', role_ids: [await idOf('role', 'code', 'admin')] }));
    expect([raise.http, raise.body.message]).toEqual([403, '不能分配或撤销超出自身权限的角色：系统管理员']);
    const self = await hr.post(`${STAFF}/update`, { id: clerk.body.data.id, role_ids: [hrRole, await idOf('role', 'code', 'project_manager')] });
    expect([self.http, self.body.message]).toEqual([403, '不能修改自己的角色']);
    const revoke = await hr.post(`${STAFF}/update`, { id: DEMO_STAFF.xmjl, role_ids: [] });
    expect(revoke.http).toBe(403);
    expect(revoke.body.message).toMatch(/^该员工拥有超出您的权限（\d+ 项按钮权限），您不能修改其账号$/);

    // A post hands its roles to whoever holds it: a post carrying a role beyond theirs is beyond them too.
    const managerPost = await postId(DEMO_PROJECTS.cuihu.id, '项目经理');
    expect((await admin.post('/api/base/post/roles', { postId: managerPost, roleIds: [await idOf('role', 'code', 'project_manager')] })).http).toBe(200);
    const viaPost = await hr.post(`${STAFF}/add`, await newStaff({ name: '孙岗位', account: 'sungangwei', job_number: 'YJ0913', role_ids: [], post_ids: [managerPost] }));
    expect([viaPost.http, viaPost.body.message]).toEqual([403, '所选岗位带有超出自身权限的角色（项目经理），不能分配或撤销']);

    // Within their own rights it works, and the form's options say which roles they cannot give.
    const within = await hr.post(`${STAFF}/add`, await newStaff({ name: '孙同事', account: 'suntongshi', job_number: 'YJ0912', role_ids: [hrRole], post_ids: [] }));
    expect(within.body.message).toMatch(/^新增成功。初始密码：/);
    const options = (await hr.get(`${STAFF}/roleOptions`)).body.data as { label: string; disabled?: boolean }[];
    expect(options.find((o) => o.label === '人事专员')?.disabled).toBeUndefined();
    expect(options.find((o) => o.label === '系统管理员')?.disabled).toBe(true);
  });

  it('keeps the administrator account locked, resets passwords (ending sessions) and deletes only staff without records', async () => {
    const adminId = DEMO_STAFF.admin;
    for (const [path, body] of [
      [`${STAFF}/update`, { id: adminId, name: '改名' }],
      [`${STAFF}/enable`, { id: adminId, enabled: 0 }],
      [`${STAFF}/delete`, { ids: [adminId] }],
      [`${STAFF}/resetPassword`, { id: adminId }],
    ] as const) {
      expect((await admin.post(path, body)).body.message).toBe('系统管理员账号受保护，不能修改、停用、删除或重置密码');
    }

    const kefu = await signedIn(server.url, 'kefu');
    const kefuId = DEMO_STAFF.kefu;
    const reset = await admin.post(`${STAFF}/resetPassword`, { id: kefuId });
    const { password } = reset.body.data;
    expect(reset.body.message).toBe(`已将「林晓雯」的密码重置，新密码：${password}（只显示这一次，请告知本人；登录后须修改密码），其登录已全部退出`);
    expect((await kefu.get('/api/auth/login/findUserInfo')).http).toBe(401);
    expect((await new Api(server.url).login('kefu', 'Pms@2026')).http).toBe(400);
    await signedInFirstTime(server.url, 'kefu', password, 'Pms@2026x');

    // A technician with work orders keeps their history: refused; a new colleague without any goes.
    const technician = await server.app.db.selectFrom('work_order').select('processor_id').where('processor_id', 'is not', null).executeTakeFirstOrThrow();
    const refused = await admin.post(`${STAFF}/delete`, { ids: [technician.processor_id!] });
    expect([refused.http, refused.body.message]).toEqual([409, '该员工已有业务记录（工单、巡查、审批等），不能删除，请改为停用']);
    const fresh = await admin.post(`${STAFF}/add`, await newStaff({ name: '周临时', account: 'zhoulinshi', job_number: 'YJ0920' }));
    expect((await admin.post(`${STAFF}/delete`, { ids: [fresh.body.data.id] })).body.message).toBe('删除成功');
    expect(await server.app.db.selectFrom('staff_post').select('post_id').where('staff_id', '=', fresh.body.data.id).execute()).toEqual([]);
    expect((await admin.post(`${STAFF}/delete`, { ids: [adminId] })).http).toBe(400);
  });

  it('exports the filtered staff as an Excel GET download with names, not ids', async () => {
    const { status, rows } = await downloadSheet(admin, `${STAFF}/export`, { org_id: DEMO_PROJECTS.binjiang.id });
    expect(status).toBe(200);
    const [header, ...data] = rows;
    expect(header).toEqual(['姓名', '账号', '工号', '手机号', '性别', '所属组织', '所属部门', '岗位', '角色', '所在项目', '入职日期', '状态']);
    expect(data.length).toBe(4);
    expect(data.every((r) => r[5] === DEMO_PROJECTS.binjiang.name && r[11] === '启用')).toBe(true);
    expect(data.map((r) => r[7])).toContain('维修工程师');
  });
});

describe('business lines (patrol stripes)', () => {
  const STRIPE = '/api/base/stripe';
  it('lists the seeded lines with their posts, refuses a taken or malformed code and keeps the code fixed', async () => {
    const list = (await admin.post(`${STRIPE}/list`, { pageSize: 50 })).body.data.records as { stripe_code: string; post_ids_label: string; id: number }[];
    const eng = list.find((r) => r.stripe_code === 'ENG')!;
    expect(eng.post_ids_label).toBe('维修工程师');

    const taken = await admin.post(`${STRIPE}/add`, { stripe_name: '工程二线', stripe_code: 'ENG' });
    expect([taken.http, taken.body.message]).toEqual([409, '条线编码「ENG」已存在']);
    const bad = await admin.post(`${STRIPE}/add`, { stripe_name: '绿化条线二', stripe_code: '9GREEN' });
    expect([bad.http, bad.body.message]).toEqual([400, '条线编码：以字母开头，2 到 32 位字母、数字、下划线或连字符']);

    const added = await admin.post(`${STRIPE}/add`, { stripe_name: '消防条线', stripe_code: 'FIRE', sort: 9, post_ids: [await postId(DEMO_PROJECTS.cuihu.id, '秩序维护员')] });
    expect(added.body.message).toBe('新增成功');
    const fixed = await admin.post(`${STRIPE}/update`, { id: added.body.data.id, stripe_code: 'FIRE2' });
    expect([fixed.http, fixed.body.message]).toEqual([400, '条线编码创建后不能修改（巡查计划与任务按编码引用条线）']);
    const byPost = (await admin.post(`${STRIPE}/list`, { filters: { post_ids: await postId(DEMO_PROJECTS.cuihu.id, '秩序维护员') } })).body.data.records as { stripe_code: string }[];
    expect(byPost.map((r) => r.stripe_code).sort()).toEqual(['FIRE', 'SEC']);
    expect((await admin.post(`${STRIPE}/delete`, { ids: [added.body.data.id] })).body.message).toBe('删除成功');
    expect(await server.app.db.selectFrom('stripe_post').select('post_id').where('stripe_id', '=', added.body.data.id).execute()).toEqual([]);
  });
});

describe('external staff', () => {
  const EXT = '/api/base/externalStaff';
  const person = async (overrides: Record<string, unknown> = {}) => ({
    name: '吴保洁',
    mobile: '13800138000',
    id_number: '110101199003074477',
    supplier: '上海洁安保洁服务有限公司',
    project_id: DEMO_PROJECTS.cuihu.id,
    work_type: 'cleaning',
    contract_start: '2026-01-01',
    contract_end: '2026-12-31',
    ...overrides,
  });

  it('masks ID numbers in lists, details and exports, shows them whole only through the logged reveal, and checks them', async () => {
    const added = await admin.post(`${EXT}/add`, await person());
    expect(added.body.message).toBe('新增成功');
    const row = (await admin.post(`${EXT}/list`, { filters: { name: '吴保洁' } })).body.data.records[0];
    expect(row.id_number).toBe('110***********4477');
    expect(row.project_name).toBe(DEMO_PROJECTS.cuihu.name);
    expect((await admin.get(`${EXT}/detail`, { id: added.body.data.id })).body.data.id_number).toBe('110***********4477');
    expect((await admin.post(`${EXT}/reveal`, { id: added.body.data.id })).body.data.id_number).toBe('110101199003074477');
    const { rows } = await downloadSheet(admin, `${EXT}/export`, { name: '吴保洁' });
    expect(rows[1]).toContain('110***********4477');

    const wrongCheck = await admin.post(`${EXT}/add`, await person({ id_number: '110101199003074478' }));
    expect([wrongCheck.http, wrongCheck.body.message]).toEqual([400, '身份证号码校验位不正确，请核对后重新填写']);
    const backwards = await admin.post(`${EXT}/add`, await person({ id_number: '110101199003074493', contract_end: '2025-12-31' }));
    expect(backwards.body.message).toBe('合同结束日期不能早于合同开始日期');
  });

  it('follows the project scope: a project manager sees and adds only at their project', async () => {
    const xmjl = await signedIn(server.url, 'xmjl');
    const seen = (await xmjl.post(`${EXT}/list`, { pageSize: 50 })).body.data.records as { project_name: string }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.project_name === DEMO_PROJECTS.cuihu.name)).toBe(true);
    const elsewhere = await xmjl.post(`${EXT}/add`, await person({ id_number: '110101199003074493', project_id: DEMO_PROJECTS.binjiang.id }));
    expect(elsewhere.http).toBe(403);
  });
});

describe('menus and their buttons', () => {
  const MENU = '/api/base/menu';
  const menuList = async (api: Api) => (await api.post('/api/auth/login/menuList', { userId: String(api === admin ? DEMO_STAFF.admin : DEMO_STAFF.xmjl), type: 2 })).body.data as { items: { menuRouter: string; menuName: string; show: number }[] }[];

  it('lists menus by group with their buttons, renames, reorders and hides entries; the overrides survive the catalogue sync at start', async () => {
    const groups = (await admin.get(`${MENU}/groups`)).body.data as { label: string; value: string }[];
    expect(groups).toContainEqual({ label: '组织与人员', value: '/base-information' });
    const rows = (await admin.post(`${MENU}/list`, { pageSize: 100, filters: { group_prefix: '/base-information' } })).body.data.records as { id: number; router: string; buttons_label: string }[];
    const roleMenu = rows.find((r) => r.router === '/base-information/role-manager')!;
    expect(roleMenu.buttons_label).toContain('角色授权');
    const staffMenu = rows.find((r) => r.router === '/base-information/personal-manager')!;

    expect((await admin.post(`${MENU}/update`, { id: staffMenu.id, display_name: '员工档案', display_sort: 0 })).body.message).toBe('保存成功');
    expect((await admin.post(`${MENU}/enable`, { id: roleMenu.id, enabled: 0 })).body.message).toBe('已停用');
    const refused = await admin.post(`${MENU}/update`, { id: staffMenu.id, name: '改页面标题' });
    expect([refused.http, refused.body.message]).toEqual([400, '不允许的字段 name']);

    // What a restart does to the catalogue: the declared titles and order are written again.
    await syncPermissionCatalogue(server.app.db, server.app.catalogue);
    const items = (await menuList(admin)).find((g) => g.items.some((i) => i.menuRouter.startsWith('/base-information/')))!.items;
    expect(items[0]).toMatchObject({ menuRouter: '/base-information/personal-manager', menuName: '员工档案', show: 1 });
    expect(items.find((i) => i.menuRouter === '/base-information/role-manager')!.show).toBe(0);
    const stored = await server.app.db.selectFrom('menu').select(['name', 'display_name']).where('id', '=', staffMenu.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: '人员管理', display_name: '员工档案' });

    // A cleared title falls back to the page's own.
    await admin.post(`${MENU}/update`, { id: staffMenu.id, display_name: '', display_sort: null });
    await admin.post(`${MENU}/enable`, { id: roleMenu.id, enabled: 1 });
    const restored = (await menuList(admin)).flatMap((g) => g.items).find((i) => i.menuRouter === '/base-information/personal-manager')!;
    expect(restored.menuName).toBe('人员管理');
  });
});
