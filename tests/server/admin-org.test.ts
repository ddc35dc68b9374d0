import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { DEMO_ORG, DEMO_PROJECTS } from '../../server/modules/org/public.ts';

const server = setUpServer();
const admin = setUpApi(server);

const loose = () => server.app.db as any;
const deptId = async (code: string): Promise<number> => (await loose().selectFrom('dept').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const postId = async (org: number, name: string) => (await server.app.db.selectFrom('post').select('id').where('org_id', '=', org).where('name', '=', name).executeTakeFirstOrThrow()).id;
const refusal = (answer: { http: number; body: { message: string } }) => [answer.http, answer.body.message];

describe('organisation tree (org-structure)', () => {
  it('lists organisations with their parent\'s name and filters by type', async () => {
    const projects = await admin.post('/api/base/crmOrg/list', { filters: { type: 'project' }, pageSize: 50 });
    expect(projects.body.data.records.map((r: { name: string }) => r.name)).toEqual([DEMO_PROJECTS.cuihu.name, DEMO_PROJECTS.jinxiu.name, DEMO_PROJECTS.binjiang.name, DEMO_PROJECTS.yunqi.name]);
    expect(projects.body.data.records[0]).toMatchObject({ code: 'YJ-P001', parent_id_label: '华东区域', enabled: 1 });
    const children = await admin.post('/api/base/crmOrg/list', { filters: { parent_id: DEMO_ORG.company } });
    expect(children.body.data.records.map((r: { name: string }) => r.name)).toEqual(['华东区域', '华南区域']);
  });

  it('keeps company → region → project on add and on move, and refuses cycles', async () => {
    const company = DEMO_ORG.company;
    const east = DEMO_ORG.eastRegion;
    const south = DEMO_ORG.southRegion;
    const cuihu = DEMO_PROJECTS.cuihu.id;
    const add = (body: Record<string, unknown>) => admin.post('/api/base/crmOrg/add', { sort: 9, address: null, ...body });
    expect(refusal(await add({ name: '海棠湾', code: 'YJ-P101', type: 'project', parent_id: company }))).toEqual([400, '项目的上级组织必须是区域']);
    expect(refusal(await add({ name: '西南区域', code: 'YJ-R9', type: 'region', parent_id: null }))).toEqual([400, '区域的上级组织必须是公司']);
    expect(refusal(await add({ name: '子公司', code: 'YJ-SUB', type: 'company', parent_id: company }))).toEqual([400, '公司是最上级组织，不能选择上级组织']);
    expect(refusal(await add({ name: '重复编码', code: 'YJ-P001', type: 'project', parent_id: east }))).toEqual([409, '组织编码「YJ-P001」已存在']);
    expect(refusal(await add({ name: '坏编码', code: 'YJ P1', type: 'project', parent_id: east }))).toEqual([400, '组织编码：只能包含字母、数字、下划线和连字符']);

    const added = await add({ name: '海棠湾', code: 'YJ-P101', type: 'project', parent_id: east });
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id;

    expect(refusal(await admin.post('/api/base/crmOrg/update', { id: east, parent_id: cuihu }))).toEqual([400, '不能把组织移到它自己或它的下级组织之下']);
    expect(refusal(await admin.post('/api/base/crmOrg/update', { id: east, parent_id: east }))).toEqual([400, '不能把组织移到它自己或它的下级组织之下']);
    expect(refusal(await admin.post('/api/base/crmOrg/update', { id, parent_id: cuihu }))).toEqual([400, '项目的上级组织必须是区域']);
    expect(refusal(await admin.post('/api/base/crmOrg/update', { id: east, type: 'project' }))).toEqual([400, '该组织下还有下级组织，不能修改组织类型']);

    expect((await admin.post('/api/base/crmOrg/update', { id, parent_id: south })).body.message).toBe('保存成功');
    expect((await admin.get('/api/base/crmOrg/detail', { id })).body.data).toMatchObject({ parent_id: south, parent_id_label: '华南区域' });
    expect((await admin.post('/api/base/crmOrg/delete', { ids: [id] })).body.message).toBe('删除成功');
  });

  it('disables from the leaves up and enables from the root down', async () => {
    const east = DEMO_ORG.eastRegion;
    expect(refusal(await admin.post('/api/base/crmOrg/enable', { id: east, enabled: 0 }))).toEqual([409, '该组织下还有 2 个启用的下级组织，请先停用下级组织']);
    expect((await server.app.db.selectFrom('org').select('enabled').where('id', '=', east).executeTakeFirstOrThrow()).enabled).toBe(1);

    const region = (await admin.post('/api/base/crmOrg/add', { name: '西南区域', code: 'YJ-R9', type: 'region', parent_id: DEMO_ORG.company, sort: 2 })).body.data.id;
    const project = (await admin.post('/api/base/crmOrg/add', { name: '天府云城', code: 'YJ-P109', type: 'project', parent_id: region })).body.data.id;
    expect((await admin.post('/api/base/crmOrg/enable', { id: project, enabled: 0 })).body.message).toBe('已停用');
    expect((await admin.post('/api/base/crmOrg/enable', { id: region, enabled: 0 })).body.message).toBe('已停用');
    expect(refusal(await admin.post('/api/base/crmOrg/enable', { id: project, enabled: 1 }))).toEqual([409, '上级组织「西南区域」已停用，请先启用上级组织']);
    expect(refusal(await admin.post('/api/base/crmOrg/add', { name: '锦城', code: 'YJ-P110', type: 'project', parent_id: region }))).toEqual([400, '上级组织「西南区域」已停用，不能在其下新增或移入组织']);
    expect((await admin.post('/api/base/crmOrg/enable', { id: region, enabled: 1 })).body.message).toBe('已启用');
    expect((await admin.post('/api/base/crmOrg/enable', { id: project, enabled: 1 })).body.message).toBe('已启用');
  });

  it('refuses deleting an organisation with children, staff or business records, and says why', async () => {
    expect(refusal(await admin.post('/api/base/crmOrg/delete', { ids: [DEMO_ORG.eastRegion] }))).toEqual([409, '该组织下还有 2 个下级组织，请先删除或移走下级组织']);
    const staff = await server.app.db.selectFrom('staff').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirstOrThrow();
    expect(refusal(await admin.post('/api/base/crmOrg/delete', { ids: [DEMO_PROJECTS.cuihu.id] }))).toEqual([409, `该组织下还有 ${staff.n} 名员工，请先调离员工再删除`]);

    const empty = (await admin.post('/api/base/crmOrg/add', { name: '临港新城', code: 'YJ-P120', type: 'project', parent_id: DEMO_ORG.eastRegion })).body.data.id;
    await server.app.db.insertInto('building').values({ project_id: empty, name: '1栋', floors: 18, units: 2, created_at: Date.now(), updated_at: Date.now() }).execute();
    expect(refusal(await admin.post('/api/base/crmOrg/delete', { ids: [empty] }))).toEqual([409, '该组织下已有 1 条楼栋数据，不能删除；不再使用时请停用']);
    await server.app.db.deleteFrom('building').where('project_id', '=', empty).execute();
    const post = (await admin.post('/api/base/crmPost/add', { org_id: empty, name: '项目经理', code: 'YJ-P120-XMJL' })).body.data.id;
    expect(refusal(await admin.post('/api/base/crmOrg/delete', { ids: [empty] }))).toEqual([409, '该组织仍被 1 条岗位使用，不能删除；不再使用时请停用']);
    await admin.post('/api/base/crmPost/delete', { ids: [post] });
    expect((await admin.post('/api/base/crmOrg/delete', { ids: [empty] })).body.message).toBe('删除成功');
  });

  it('exports the organisations as an Excel download', async () => {
    const answer = await admin.get('/api/base/crmOrg/export', { filters: JSON.stringify({ type: 'region' }) });
    expect(answer.http).toBe(200);
    expect(answer.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('department tree (dept-manager)', () => {
  it('lists the seeded departments with organisation, parent and leader names', async () => {
    const list = await admin.post('/api/base/crmDept/list', { filters: { org_id: DEMO_PROJECTS.cuihu.id }, pageSize: 50 });
    const byCode = Object.fromEntries(list.body.data.records.map((r: { code: string }) => [r.code, r]));
    expect(byCode['YJ-P001-FWZX']).toMatchObject({ name: `${DEMO_PROJECTS.cuihu.name}服务中心`, org_id_label: DEMO_PROJECTS.cuihu.name, parent_id_label: null, leader_id_label: '刘海燕' });
    expect(byCode['YJ-P001-GC-WX']).toMatchObject({ name: '维修班', parent_id_label: '工程部', leader_id_label: '王师傅' });
  });

  it('keeps a department in its parent\'s organisation, refuses cycles and repeated codes', async () => {
    const cuihu = DEMO_PROJECTS.cuihu.id;
    const centre = await deptId('YJ-P001-FWZX');
    const add = (body: Record<string, unknown>) => admin.post('/api/base/crmDept/add', { org_id: cuihu, ...body });
    expect(refusal(await add({ name: '绿化班', code: 'YJ-P001-KF' }))).toEqual([409, '部门编码「YJ-P001-KF」已存在']);
    expect(refusal(await add({ name: '绿化班', code: 'YJ-P001-LH', parent_id: await deptId('YJ-P002-HJ') }))).toEqual([400, '上级部门「环境部」属于其他组织，请选择同一组织的部门']);
    expect(refusal(await add({ name: '绿化班', code: 'YJ-P001-LH', phone: '12345' }))).toEqual([400, '联系电话：请填写手机号、座机号（如 021-61234567）或 400 号码']);
    const added = await add({ name: '绿化班', code: 'YJ-P001-LH', parent_id: await deptId('YJ-P001-HJ'), phone: '021-61234567', sort: 3 });
    expect(added.body.message).toBe('新增成功');

    expect(refusal(await admin.post('/api/base/crmDept/update', { id: centre, parent_id: await deptId('YJ-P001-GC-WX') }))).toEqual([400, '不能把部门移到它自己或它的下级部门之下']);
    expect(refusal(await admin.post('/api/base/crmDept/update', { id: centre, parent_id: centre }))).toEqual([400, '不能把部门移到它自己或它的下级部门之下']);
    expect(refusal(await admin.post('/api/base/crmDept/update', { id: centre, org_id: DEMO_PROJECTS.jinxiu.id }))).toEqual([400, '该部门下还有下级部门，不能更换所属组织']);
    expect((await admin.post('/api/base/crmDept/update', { id: added.body.data.id, parent_id: await deptId('YJ-P001-GC') })).body.message).toBe('保存成功');

    const tree = await admin.get('/api/base/crmDept/tree', { orgId: cuihu });
    const root = tree.body.data[0];
    expect(root.name).toBe(`${DEMO_PROJECTS.cuihu.name}服务中心`);
    const engineering = root.children.find((d: { name: string }) => d.name === '工程部');
    expect(engineering.children.map((d: { name: string }) => d.name)).toEqual(['维修班', '绿化班']);
  });

  it('enables and disables in tree order', async () => {
    const engineering = await deptId('YJ-P001-GC');
    expect(refusal(await admin.post('/api/base/crmDept/enable', { id: engineering, enabled: 0 }))).toEqual([409, '该部门下还有 2 个启用的下级部门，请先停用下级部门']);
    const repair = await deptId('YJ-P001-GC-WX');
    const green = await deptId('YJ-P001-LH');
    expect((await admin.post('/api/base/crmDept/enable', { id: repair, enabled: 0 })).body.message).toBe('已停用');
    expect((await admin.post('/api/base/crmDept/enable', { id: green, enabled: 0 })).body.message).toBe('已停用');
    expect((await admin.post('/api/base/crmDept/enable', { id: engineering, enabled: 0 })).body.message).toBe('已停用');
    expect(refusal(await admin.post('/api/base/crmDept/enable', { id: green, enabled: 1 }))).toEqual([409, '上级部门「工程部」已停用，请先启用上级部门']);
    for (const id of [engineering, repair, green]) expect((await admin.post('/api/base/crmDept/enable', { id, enabled: 1 })).body.message).toBe('已启用');
  });

  it('refuses deleting a department with sub-departments, staff on its posts, or posts', async () => {
    expect(refusal(await admin.post('/api/base/crmDept/delete', { ids: [await deptId('YJ-P001-FWZX')] }))).toEqual([409, '该部门下还有 4 个下级部门，请先删除或移走下级部门']);
    expect(refusal(await admin.post('/api/base/crmDept/delete', { ids: [await deptId('YJ-P001-KF')] }))).toEqual([409, '该部门的岗位上还有 3 名员工，请先调整员工岗位再删除']);
    const cuihu = DEMO_PROJECTS.cuihu.id;
    const dept = (await admin.post('/api/base/crmDept/add', { org_id: cuihu, name: '会所', code: 'YJ-P001-HS' })).body.data.id;
    const post = (await admin.post('/api/base/crmPost/add', { org_id: cuihu, name: '会所服务员', code: 'YJ-P001-HSFW', dept_id: dept })).body.data.id;
    expect(refusal(await admin.post('/api/base/crmDept/delete', { ids: [dept] }))).toEqual([409, '该部门仍被 1 条岗位使用，不能删除；不再使用时请停用']);
    await admin.post('/api/base/crmPost/delete', { ids: [post] });
    expect((await admin.post('/api/base/crmDept/delete', { ids: [dept] })).body.message).toBe('删除成功');
  });

  it('offers the enabled staff of an organisation as leaders', async () => {
    const options = await admin.get('/api/base/crmDept/leaderOptions', { orgId: DEMO_PROJECTS.cuihu.id });
    expect(options.body.data.map((o: { label: string }) => o.label)).toContain('林晓雯（YJ0002）');
  });
});

describe('posts, post groups and post authority (post-manager)', () => {
  it('checks a post\'s department against its organisation and its name within the organisation', async () => {
    const cuihu = DEMO_PROJECTS.cuihu.id;
    const add = (body: Record<string, unknown>) => admin.post('/api/base/crmPost/add', { org_id: cuihu, ...body });
    expect(refusal(await add({ name: '工程主管', code: 'YJ-P001-GCZG', dept_id: await deptId('YJ-P002-GC') }))).toEqual([400, `所属部门「工程部」不属于「${DEMO_PROJECTS.cuihu.name}」，请重新选择部门`]);
    expect(refusal(await add({ name: '项目经理', code: 'YJ-P001-XMJL2' }))).toEqual([409, '岗位名称「项目经理」已存在']);
    expect(refusal(await add({ name: '工程主管', code: 'YJ-P001-项目经理' }))).toEqual([409, '岗位编码「YJ-P001-项目经理」已存在']);
    const groups = (await admin.get('/api/base/crmPostGroup/getPostGroupList')).body.data as { value: number; label: string }[];
    const engineering = groups.find((g) => g.label === '工程类')!.value;
    const added = await add({ name: '工程主管', code: 'YJ-P001-GCZG', dept_id: await deptId('YJ-P001-GC'), group_id: engineering, description: '带班维修与设备巡检' });
    expect(added.body.message).toBe('新增成功');
    expect((await admin.get('/api/base/crmPost/detail', { id: added.body.data.id })).body.data).toMatchObject({ dept_id_label: '工程部', group_id_label: '工程类', org_id_label: DEMO_PROJECTS.cuihu.name });
    expect((await admin.post('/api/base/crmPost/enable', { id: added.body.data.id, enabled: 0 })).body.message).toBe('已停用');
    expect((await admin.post('/api/base/crmPost/enable', { id: added.body.data.id, enabled: 1 })).body.message).toBe('已启用');
    expect((await admin.post('/api/base/crmPost/delete', { ids: [added.body.data.id] })).body.message).toBe('删除成功');
  });

  it('refuses deleting a post that staff hold', async () => {
    expect(refusal(await admin.post('/api/base/crmPost/delete', { ids: [await postId(DEMO_PROJECTS.cuihu.id, '客服管家')] }))).toEqual([409, '该岗位仍有员工在岗，请先调整这些员工的岗位再删除']);
  });

  it('manages post groups: unique names, enable/disable, no delete while posts are in them', async () => {
    expect(refusal(await admin.post('/api/base/crmPostGroup/add', { name: '工程类', code: 'eng2' }))).toEqual([409, '分组名称「工程类」已存在']);
    const id = (await admin.post('/api/base/crmPostGroup/add', { name: '财务类', code: 'finance', sort: 6 })).body.data.id;
    expect((await admin.post('/api/base/crmPostGroup/enable', { id, enabled: 0 })).body.message).toBe('已停用');
    expect((await admin.get('/api/base/crmPostGroup/getPostGroupList')).body.data.map((g: { label: string }) => g.label)).not.toContain('财务类');
    expect((await admin.get('/api/base/crmPostGroup/getPostGroupList', { all: true })).body.data.map((g: { label: string }) => g.label)).toContain('财务类');
    const add = await admin.post('/api/base/crmPost/add', { org_id: DEMO_PROJECTS.cuihu.id, name: '出纳', code: 'YJ-P001-CN', group_id: id });
    expect(refusal(add)).toEqual([400, '岗位分组「财务类」已停用']);
    expect((await admin.post('/api/base/crmPostGroup/delete', { ids: [id] })).body.message).toBe('删除成功');
    const service = (await admin.get('/api/base/crmPostGroup/getPostGroupList')).body.data.find((g: { label: string }) => g.label === '客服类').value;
    expect(refusal(await admin.post('/api/base/crmPostGroup/delete', { ids: [service] }))).toEqual([409, '该分组下还有岗位，请先把岗位移出该分组再删除']);
  });

  it('sets the roles of a post through the post manager, within the caller\'s rights', async () => {
    const post = await postId(DEMO_PROJECTS.jinxiu.id, '巡检员');
    const inspector = (await server.app.db.selectFrom('role').select('id').where('code', '=', 'inspector').executeTakeFirstOrThrow()).id;
    const loaded = await admin.get('/api/base/crmPost/roles', { id: post });
    expect(loaded.body.data).toMatchObject({ id: post, name: '巡检员', org_name: DEMO_PROJECTS.jinxiu.name, roleIds: [] });
    expect((await admin.post('/api/base/crmPost/roles', { id: post, roleIds: [inspector] })).body.message).toBe('岗位角色已保存');
    expect((await admin.get('/api/base/post/roles', { postId: post })).body.data).toEqual([inspector]);
    // The form sends null when every role is removed.
    expect((await admin.post('/api/base/crmPost/roles', { id: post, roleIds: null })).body.message).toBe('岗位角色已保存');
    expect((await admin.get('/api/base/post/roles', { postId: post })).body.data).toEqual([]);
    const xmjl = await signedIn(server.url, 'xmjl');
    expect((await xmjl.post('/api/base/crmPost/roles', { id: post, roleIds: [] })).http).toBe(403);
  });
});

describe('base service calls of spec 7.3, in the caller\'s data scope', () => {
  type Node = { name: string; selectable?: boolean; children?: Node[] };
  const names = (nodes: Node[]): unknown[] => nodes.map((n) => (n.children ? [n.name, names(n.children)] : n.name));

  it('POST /crmOrg/getUserCrmOrg answers the caller\'s organisation tree', async () => {
    const all = await admin.post('/api/base/crmOrg/getUserCrmOrg', {});
    expect(names(all.body.data)).toEqual([['悦家物业服务有限公司', [['华东区域', [DEMO_PROJECTS.cuihu.name, DEMO_PROJECTS.jinxiu.name]], ['华南区域', [DEMO_PROJECTS.binjiang.name, DEMO_PROJECTS.yunqi.name]], ['西南区域', ['天府云城']]]]]);
    const levels = await admin.post('/api/base/crmOrg/getUserCrmOrg', { types: ['company', 'region'] });
    expect(names(levels.body.data)).toEqual([['悦家物业服务有限公司', ['华东区域', '华南区域', '西南区域']]]);

    const kefu = await signedIn(server.url, 'kefu');
    const own = (await kefu.post('/api/base/crmOrg/getUserCrmOrg', {})).body.data as Node[];
    expect(names(own)).toEqual([['悦家物业服务有限公司', [['华东区域', [DEMO_PROJECTS.cuihu.name]]]]]);
    expect(own[0]!.selectable).toBe(false);
    expect(own[0]!.children![0]!.children![0]!.selectable).toBeUndefined();
  });

  it('GET /crmPostGroup/getPostGroupList answers the enabled groups for selects', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const groups = await kefu.get('/api/base/crmPostGroup/getPostGroupList');
    expect(groups.body.data.map((g: { label: string }) => g.label)).toEqual(['管理类', '客服类', '工程类', '秩序类', '环境类']);
  });

  it('GET /crmPost/getPostListByOrgId and /crmStaff/getPostStaffListByOrgId answer within the data scope', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const cuihu = DEMO_PROJECTS.cuihu.id;
    const posts = (await kefu.get('/api/base/crmPost/getPostListByOrgId', { orgId: cuihu })).body.data as { name: string; groupName: string; deptName: string; staffCount: number }[];
    expect(posts.map((p) => p.name)).toEqual(['项目经理', '客服管家', '调度员', '维修工程师', '巡检员', '秩序维护员', '保洁员']);
    expect(posts.find((p) => p.name === '客服管家')).toMatchObject({ groupName: '客服类', deptName: '客服部', staffCount: 2 });
    const staff = (await kefu.get('/api/base/crmStaff/getPostStaffListByOrgId', { orgId: cuihu })).body.data as { staffName: string; postName: string }[];
    expect(staff).toContainEqual(expect.objectContaining({ staffName: '林晓雯', postName: '客服管家' }));
    const repair = (await kefu.get('/api/base/crmStaff/getPostStaffListByOrgId', { orgId: cuihu, postId: await postId(DEMO_PROJECTS.cuihu.id, '维修工程师') })).body.data as { staffName: string }[];
    expect(repair.map((s) => s.staffName)).toContain('王师傅');
    expect(repair.every((s) => s.staffName !== '林晓雯')).toBe(true);

    const other = DEMO_PROJECTS.jinxiu.id;
    expect(refusal(await kefu.get('/api/base/crmPost/getPostListByOrgId', { orgId: other }))).toEqual([403, `「${DEMO_PROJECTS.jinxiu.name}」不在您的数据权限范围内`]);
    expect(refusal(await kefu.get('/api/base/crmStaff/getPostStaffListByOrgId', { orgId: other }))).toEqual([403, `「${DEMO_PROJECTS.jinxiu.name}」不在您的数据权限范围内`]);
    expect((await admin.get('/api/base/crmStaff/getPostStaffListByOrgId', { orgId: other })).body.data.length).toBe(4);
  });

  it('GET /crmProject/getCrmOrgAssetByProjectId answers a project\'s buildings, units, houses and parking yards', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const cuihu = DEMO_PROJECTS.cuihu.id;
    const assets = (await kefu.get('/api/base/crmProject/getCrmOrgAssetByProjectId', { projectId: cuihu })).body.data;
    expect(assets.project).toMatchObject({ name: DEMO_PROJECTS.cuihu.name, code: 'YJ-P001' });
    expect(assets.buildings.map((b: { name: string }) => b.name)).toEqual(['1栋', '2栋', '3栋']);
    expect(assets.buildings[0].units.map((u: { name: string }) => u.name)).toEqual(['1单元', '2单元']);
    expect(assets.buildings[0].units[0].houses[0]).toMatchObject({ roomNo: expect.any(String), area: expect.any(Number) });
    expect(assets.parkingYards.map((y: { name: string }) => y.name)).toEqual(['地下车库', '东门地面停车场']);
    expect(refusal(await kefu.get('/api/base/crmProject/getCrmOrgAssetByProjectId', { projectId: DEMO_PROJECTS.binjiang.id }))).toEqual([403, `「${DEMO_PROJECTS.binjiang.name}」不在您的数据权限范围内`]);
    expect(refusal(await admin.get('/api/base/crmProject/getCrmOrgAssetByProjectId', { projectId: DEMO_ORG.eastRegion }))).toEqual([400, '「华东区域」不是项目，请选择项目']);
  });

  it('GET basis /dict/getDictCode answers a dictionary\'s enabled items', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const items = await kefu.get('/api/basis/dict/getDictCode', { code: 'gender' });
    expect(items.body.data.map((i: { label: string; value: string }) => [i.value, i.label])).toEqual([['male', '男'], ['female', '女']]);
    expect((await kefu.get('/api/basis/dict/getDictCode', {})).http).toBe(400);
  });

  it('refuses the administration calls to staff without the permission', async () => {
    const weixiu = await signedIn(server.url, 'weixiu');
    expect(refusal(await weixiu.post('/api/base/crmOrg/list', {}))).toEqual([403, '没有权限执行该操作（需要「查看组织」权限）']);
    expect((await weixiu.post('/api/base/crmDept/add', { name: 'x' })).http).toBe(403);
    expect((await weixiu.post('/api/base/crmPost/enable', { id: 1, enabled: 0 })).http).toBe(403);
  });
});
