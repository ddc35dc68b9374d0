import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, signedIn } from '../support/api.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let admin: Api;

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server.url, 'admin');
});
afterAll(() => server?.close());

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
