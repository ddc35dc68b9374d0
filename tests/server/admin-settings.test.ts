import { describe, expect, it } from 'vitest';
import { Api, signedIn } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

const server = setUpServer();
const admin = setUpApi(server);

describe('privacy agreement versions', () => {
  const base = '/api/base/privacyAgreement';

  it('archives the previously published version of the same kind when a new one is published', async () => {
    const before = (await admin.post(`${base}/list`, { filters: { kind: 'privacy', status: 'published' } })).body.data.records;
    expect(before).toHaveLength(1);
    const draft = await admin.post(`${base}/add`, { kind: 'privacy', version: '1.1', title: '隐私政策（修订）', content: '<p>新增人脸识别门禁条款。</p>' });
    expect(draft.body.message).toBe('新增成功');
    const id = draft.body.data.id;
    expect((await admin.post(`${base}/transition`, { id, action: 'publish' })).body.message).toBe('发布成功');

    const old = (await admin.get(`${base}/detail`, { id: before[0].id })).body.data;
    expect(old.status).toBe('archived');
    const timeline = (await admin.get(`${base}/timeline`, { id: before[0].id })).body.data;
    expect(timeline.at(-1)).toMatchObject({ actionText: '归档', stateText: '已归档', note: '发布新版本 1.1 后自动归档' });
    // The other kind keeps its published version.
    expect((await admin.post(`${base}/list`, { filters: { kind: 'service', status: 'published' } })).body.data.total).toBe(1);

    const shown = await new Api(server.url).get(`${base}/published`, { kind: 'privacy' });
    expect(shown.body.data).toMatchObject({ version: '1.1', title: '隐私政策（修订）' });

    const locked = await admin.post(`${base}/update`, { id, title: '改' });
    expect([locked.http, locked.body.message]).toEqual([400, '已发布或已归档的协议不能修改或删除，请新建版本']);
    expect((await admin.post(`${base}/delete`, { ids: [id] })).body.message).toBe('已发布或已归档的协议不能修改或删除，请新建版本');
  });
});

describe('customer portrait levels', () => {
  const base = '/api/business/portraitLevel';
  const level = (over: Record<string, unknown>) => ({ name: '测试等级', code: 'TEST', level_order: 50, min_score: 5000, max_score: 5999, color: 'cyan', ...over });

  it('refuses score ranges that overlap another level, and an upside-down range', async () => {
    const levels = (await admin.post(`${base}/list`, { pageSize: 50 })).body.data.records as { name: string; min_score: number; max_score: number }[];
    expect(levels.length).toBeGreaterThan(2);
    const taken = levels.find((l) => l.max_score > l.min_score)!;
    const overlap = await admin.post(`${base}/add`, level({ min_score: taken.max_score, max_score: taken.max_score + 1 }));
    expect([overlap.http, overlap.body.message]).toEqual([409, `分值区间 ${taken.max_score}-${taken.max_score + 1} 与等级「${taken.name}」（${taken.min_score}-${taken.max_score}）重叠`]);
    expect((await admin.post(`${base}/add`, level({ min_score: 9000, max_score: 8000 }))).body.message).toBe('最低分不能大于最高分');

    const added = await admin.post(`${base}/add`, level({ min_score: 50000, max_score: 50999 }));
    expect(added.body.message).toBe('新增成功');
    // Its own range does not count against it when it is edited.
    expect((await admin.post(`${base}/update`, { id: added.body.data.id, max_score: 51999 })).body.message).toBe('保存成功');
    expect((await admin.post(`${base}/update`, { id: added.body.data.id, min_score: 52000 })).body.message).toBe('最低分不能大于最高分');
  });

  it('checks unique names, codes and level orders with a clear message', async () => {
    const first = (await admin.post(`${base}/list`, { pageSize: 1, sortField: 'level_order', sortOrder: 'ascend' })).body.data.records[0];
    expect((await admin.post(`${base}/add`, level({ name: '另一个等级', min_score: 60000, max_score: 60001, code: first.code }))).body.message).toBe(`等级编码「${first.code}」已存在`);
    expect((await admin.post(`${base}/add`, level({ name: '另一个等级', code: 'OTHER', min_score: 60000, max_score: 60001, level_order: first.level_order }))).body.message).toBe(`等级顺序「${first.level_order}」已存在`);
  });
});

describe('service and application categories (a tree)', () => {
  const base = '/api/base/serviceCategory';
  const add = (body: Record<string, unknown>) => admin.post(`${base}/add`, { kind: 'service', ...body });

  it('keeps the tree valid: no cycles, at most three levels, children of the parent\'s kind, sibling names unique', async () => {
    const root = (await add({ name: '测试一级', code: 'test_root' })).body.data.id;
    const child = (await add({ name: '测试二级', code: 'test_child', parent_id: root })).body.data.id;
    const leaf = (await add({ name: '测试三级', code: 'test_leaf', parent_id: child })).body.data.id;
    expect((await add({ name: '测试四级', code: 'test_deep', parent_id: leaf })).body.message).toBe('分类最多 3 级，不能放在「测试三级」之下');
    expect((await admin.post(`${base}/update`, { id: root, parent_id: leaf })).body.message).toBe('不能把分类移动到它自己或它的下级分类之下');
    expect((await add({ name: '应用', code: 'test_app', kind: 'application', parent_id: root })).body.message).toBe('子分类的类型必须与上级分类一致');
    expect((await add({ name: '测试二级', code: 'test_twin', parent_id: root })).body.message).toBe('同一上级下已有分类「测试二级」');
    expect((await add({ name: '测试一级', code: 'test_root2' })).body.message).toBe('同一上级下已有分类「测试一级」');
    expect((await add({ name: '重复编码', code: 'test_root' })).body.message).toBe('分类编码「test_root」已存在');

    const del = await admin.post(`${base}/delete`, { ids: [root] });
    expect([del.http, del.body.message]).toEqual([409, '该分类下还有子分类，请先删除子分类']);

    // Disabling a category disables everything below it; a child cannot be enabled under a disabled parent.
    expect((await admin.post(`${base}/enable`, { id: root, enabled: 0 })).body.message).toBe('已停用');
    expect((await admin.get(`${base}/detail`, { id: leaf })).body.data.enabled).toBe(0);
    expect((await admin.post(`${base}/enable`, { id: child, enabled: 1 })).body.message).toBe('上级分类「测试一级」已停用，请先启用上级分类');
    expect((await admin.get(`${base}/detail`, { id: child })).body.data.enabled).toBe(0);

    expect((await admin.post(`${base}/delete`, { ids: [leaf] })).body.message).toBe('删除成功');
  });
});

describe('knowledge tables and their columns', () => {
  it('needs an existing dictionary for a dictionary column, codes unique within a table, and no delete of a table with columns', async () => {
    const table = (await admin.post('/api/business/knowledgeTable/add', { name: '测试知识表', code: 'test_table' })).body.data.id;
    const base = '/api/business/knowledgeColumn';
    const column = (over: Record<string, unknown>) => admin.post(`${base}/add`, { table_id: table, name: '宠物类型', code: 'pet_kind', data_type: 'dict', ...over });
    expect((await column({})).body.message).toBe('数据类型为字典选项时，请选择字典编码');
    expect((await column({ dict_code: 'no_such_dict' })).body.message).toBe('字典编码「no_such_dict」不存在');
    const added = await column({ dict_code: 'gender' });
    expect(added.body.message).toBe('新增成功');
    expect((await column({ name: '另一个', dict_code: 'gender' })).body.message).toBe('字段编码「pet_kind」已存在');
    // A column that stops being a dictionary column forgets its dictionary.
    await admin.post(`${base}/update`, { id: added.body.data.id, data_type: 'string' });
    expect((await admin.get(`${base}/detail`, { id: added.body.data.id })).body.data.dict_code).toBeNull();
    expect((await admin.get(`${base}/dictCodes`)).body.data).toContainEqual({ label: '性别（gender）', value: 'gender' });

    const del = await admin.post('/api/business/knowledgeTable/delete', { ids: [table] });
    expect([del.http, del.body.message]).toEqual([409, '该知识表下还有字段，请先删除字段']);
  });
});

describe('project assets: buildings and houses', () => {
  const building = '/api/base/building';
  const house = '/api/base/house';

  it('keeps houses inside their building, room numbers unique within a unit, and refuses deleting what is in use', async () => {
    const project = (await admin.get('/api/base/org/projects')).body.data[0].value;
    const b = (await admin.post(`${building}/add`, { project_id: project, name: '9栋', floors: 18, units: 2 })).body.data.id;
    expect((await admin.post(`${building}/add`, { project_id: project, name: '9栋', floors: 6, units: 1 })).body.message).toBe('楼栋名称「9栋」已存在');
    const room = { project_id: project, building_id: b, unit_no: 1, floor: 12, room_no: '1201', area: 98.5, status: 'vacant' };
    const added = await admin.post(`${house}/add`, room);
    expect(added.body.message).toBe('新增成功');
    expect((await admin.get(`${house}/detail`, { id: added.body.data.id })).body.data.building_name).toBe('9栋');
    expect((await admin.post(`${house}/add`, room)).body.message).toBe('9栋 1 单元已有房号 1201');
    expect((await admin.post(`${house}/add`, { ...room, unit_no: 3, room_no: '1202' })).body.message).toBe('「9栋」只有 2 个单元，单元不能大于 2');
    expect((await admin.post(`${house}/add`, { ...room, floor: 19, room_no: '1901' })).body.message).toBe('「9栋」共 18 层，楼层不能大于 18');
    expect((await admin.post(`${house}/add`, { ...room, room_no: '12 01' })).body.message).toBe('房号：只能包含字母、数字和连字符，如 1201');
    const other = (await admin.get('/api/base/org/projects')).body.data[1].value;
    expect((await admin.post(`${house}/add`, { ...room, project_id: other, room_no: '1203' })).body.message).toBe('楼栋「9栋」不属于所选项目');
    expect((await admin.post(`${house}/update`, { id: added.body.data.id, project_id: other })).body.message).toBe('不能修改所属项目；如需调整，请在新项目中重新新增');

    expect((await admin.post(`${building}/update`, { id: b, floors: 10 })).body.message).toBe('该楼栋已有第 12 层的房屋，总层数不能少于 12');
    expect((await admin.post(`${building}/update`, { id: b, project_id: project, name: '9号楼' })).body.message).toBe('保存成功');
    expect((await admin.get(`${house}/detail`, { id: added.body.data.id })).body.data.building_name).toBe('9号楼');
    const del = await admin.post(`${building}/delete`, { ids: [b] });
    expect([del.http, del.body.message]).toEqual([409, '该楼栋下还有房屋，请先删除房屋']);

    // A seeded house with a customer stays.
    const customer = await server.app.db.selectFrom('customer').innerJoin('house', 'house.id', 'customer.house_id').select(['house.id', 'house.building_name', 'house.unit_no', 'house.room_no']).executeTakeFirstOrThrow();
    const refused = await admin.post(`${house}/delete`, { ids: [customer.id] });
    expect(refused.http).toBe(409);
    expect(refused.body.message).toMatch(new RegExp(`^房屋「${customer.building_name} ${customer.unit_no} 单元 ${customer.room_no}」下还有 \\d+ 位客户，不能删除$`));

    expect((await admin.post(`${house}/delete`, { ids: [added.body.data.id] })).body.message).toBe('删除成功');
    expect((await admin.post(`${building}/delete`, { ids: [b] })).body.message).toBe('删除成功');
  });

  it('lists only the buildings and houses of the caller\'s projects', async () => {
    const manager = await signedIn(server.url, 'xmjl');
    const role = await server.app.db.selectFrom('role').select('id').where('code', '=', 'project_manager').executeTakeFirstOrThrow();
    await admin.post('/api/base/role/addPermission', { id: role.id, grants: ['b:asset:view'] });
    const choices = (await manager.get(`${building}/choices`)).body.data as { label: string }[];
    expect(choices.length).toBe(3);
    expect(choices.every((c) => c.label.startsWith(`${DEMO_PROJECTS.cuihu.name} `))).toBe(true);
    const houses = (await manager.post(`${house}/list`, { pageSize: 200 })).body.data.records as { project_name: string }[];
    expect(houses.length).toBeGreaterThan(0);
    expect(houses.every((h) => h.project_name === DEMO_PROJECTS.cuihu.name)).toBe(true);
  });
});

describe('project opening settings', () => {
  const base = '/api/base/projectOpening';

  it('keeps one record per project, checks what opening needs, and deletes only projects still being prepared', async () => {
    const records = (await admin.post(`${base}/list`, { pageSize: 50 })).body.data.records as { id: number; project_id: number; project_name: string; status: string }[];
    expect(records.map((r) => r.status).sort()).toEqual(['open', 'open', 'planned', 'suspended']);
    const first = records[0]!;
    const twice = await admin.post(`${base}/add`, { project_id: first.project_id });
    expect([twice.http, twice.body.message]).toEqual([409, `「${first.project_name}」已有开通设置，请直接编辑`]);

    const planned = records.find((r) => r.status === 'planned')!;
    expect((await admin.post(`${base}/transition`, { id: planned.id, action: 'open' })).body.message).toBe('开通前请填写上线日期');
    await admin.post(`${base}/update`, { id: planned.id, golive_date: '2027-04-01', hotline: '400-820-5678', service_repair: false, service_complaint: false, service_notice: false });
    expect((await admin.post(`${base}/transition`, { id: planned.id, action: 'open' })).body.message).toBe('请至少开通一项住户服务');
    expect((await admin.get(`${base}/detail`, { id: planned.id })).body.data.status).toBe('planned');
    await admin.post(`${base}/update`, { id: planned.id, service_repair: true });
    expect((await admin.post(`${base}/transition`, { id: planned.id, action: 'open' })).body.message).toBe('开通成功');
    const opened = (await admin.get(`${base}/detail`, { id: planned.id })).body.data;
    expect(opened.status).toBe('open');
    expect(opened.opened_at).toBeGreaterThan(0);
    // An open project keeps what residents rely on.
    expect((await admin.post(`${base}/update`, { id: planned.id, hotline: null })).body.message).toBe('开通前请填写服务热线');
    expect((await admin.post(`${base}/transition`, { id: planned.id, action: 'suspend' })).body.message).toBe('请填写暂停说明');
    expect((await admin.post(`${base}/transition`, { id: planned.id, action: 'suspend', note: '系统迁移，暂停三天' })).body.data.state).toBe('suspended');
    const del = await admin.post(`${base}/delete`, { ids: [planned.id] });
    expect([del.http, del.body.message]).toEqual([409, '已开通或暂停的项目不能删除开通设置']);
    expect((await admin.post(`${base}/update`, { id: planned.id, golive_date: '2027/04/01' })).body.message).toBe('上线日期：请按 2026-10-01 的格式填写');
  });
});

describe('message categories and system notices', () => {
  const categories = '/api/message/messageCategory';
  const notices = '/api/message/systemNotice';

  it('sends a notice to the holders of the chosen posts through the push notices, once', async () => {
    const safety = (await admin.post(`${categories}/list`, { filters: { name: '安全通知' } })).body.data.records[0];
    expect((await admin.post(`${categories}/add`, { name: '安全通知', code: 'safety2', category: '2' })).body.message).toBe('分类名称「安全通知」已存在');
    const posts = (await admin.get(`${notices}/postOptions`)).body.data as { label: string; value: number }[];
    const kefuPost = posts.find((p) => p.label === `${DEMO_PROJECTS.cuihu.name} · 客服管家`)!;
    const draft = await admin.post(`${notices}/add`, { title: '台风预警', category_id: safety.id, content: '今晚台风过境，请检查门窗。', recipient_scope: 'post' });
    expect(draft.body.message).toBe('请选择接收岗位');
    const saved = await admin.post(`${notices}/add`, { title: '台风预警', category_id: safety.id, content: '今晚台风过境，请检查门窗。', recipient_scope: 'post', post_ids: [kefuPost.value], staff_ids: [DEMO_STAFF.admin] });
    expect(saved.body.message).toBe('新增成功');
    const id = saved.body.data.id;
    // Only the list of the chosen scope is kept.
    expect((await admin.get(`${notices}/detail`, { id })).body.data).toMatchObject({ status: 'draft', post_ids: [kefuPost.value], staff_ids: null });

    const kefu = await signedIn(server.url, 'kefu');
    const before = (await kefu.post('/api/message/categoryPage', { pageSize: 50 })).body.data;
    expect((await admin.post(`${notices}/transition`, { id, action: 'send' })).body.message).toBe('通知已发送');
    const sent = (await admin.get(`${notices}/detail`, { id })).body.data;
    expect(sent).toMatchObject({ status: 'sent', recipient_count: 2 });
    expect(sent.sent_at).toBeGreaterThan(0);
    const after = (await kefu.post('/api/message/categoryPage', { pageSize: 50 })).body.data;
    expect(after.total).toBe(before.total + 1);
    expect(after.records[0]).toMatchObject({ title: '台风预警', content: '今晚台风过境，请检查门窗。', category: '2', type: 'pending_receive_msg', isRead: 0 });

    expect((await admin.post(`${notices}/transition`, { id, action: 'send' })).body.message).toBe('当前状态为「已发送」，不能立即发送');
    expect((await admin.post(`${notices}/update`, { id, title: '改' })).body.message).toBe('已定时或已发送的通知不能修改或删除；定时通知请先取消定时');
    const del = await admin.post(`${categories}/delete`, { ids: [safety.id] });
    expect([del.http, del.body.message]).toEqual([409, '该分类下已有通知，不能删除，可改为停用']);
  });

  it('schedules a notice and sends it when its time comes; a disabled category cannot be chosen', async () => {
    const todo = (await admin.post(`${categories}/list`, { filters: { name: '工作待办' } })).body.data.records[0];
    const xuncha = (await admin.get(`${notices}/staffOptions`)).body.data.find((s: { label: string }) => s.label === '陈志强（xuncha）');
    const notice = { title: '巡查路线调整', category_id: todo.id, content: '自下周一起夜间巡查增加地下车库。', recipient_scope: 'staff', staff_ids: [xuncha.value] };
    const id = (await admin.post(`${notices}/add`, notice)).body.data.id;
    expect((await admin.post(`${notices}/transition`, { id, action: 'schedule' })).body.message).toBe('请先编辑通知，填写定时发送时间');
    await admin.post(`${notices}/update`, { id, send_at: '2020-01-01 08:00' });
    expect((await admin.post(`${notices}/transition`, { id, action: 'schedule' })).body.message).toBe('定时发送时间必须晚于当前时间');
    const soon = new Date(Date.now() + 3_600_000);
    const at = `${soon.toLocaleDateString('sv-SE')} ${soon.toTimeString().slice(0, 5)}`;
    await admin.post(`${notices}/update`, { id, send_at: at });
    expect((await admin.post(`${notices}/transition`, { id, action: 'schedule' })).body.data.state).toBe('scheduled');

    const { sendDueNotices } = await import('../../server/modules/messages/hooks/system_notice.ts');
    expect(await sendDueNotices(server.app)).toBe(0);
    expect(await sendDueNotices(server.app, Date.now() + 2 * 3_600_000)).toBe(1);
    expect((await admin.get(`${notices}/detail`, { id })).body.data).toMatchObject({ status: 'sent', recipient_count: 1 });
    const timeline = (await admin.get(`${notices}/timeline`, { id })).body.data;
    expect(timeline.at(-1)).toMatchObject({ stateText: '已发送', note: '到达定时发送时间，自动发送' });
    const inbox = (await (await signedIn(server.url, 'xuncha')).post('/api/message/categoryPage', { category: '1' })).body.data.records;
    expect(inbox[0]).toMatchObject({ title: '巡查路线调整', type: '121' });

    await admin.post(`${categories}/enable`, { id: todo.id, enabled: 0 });
    expect((await admin.post(`${notices}/add`, { ...notice, title: '另一条' })).body.message).toBe('消息分类「工作待办」已停用，请选择其他分类');
    await admin.post(`${categories}/enable`, { id: todo.id, enabled: 1 });
  });
});
