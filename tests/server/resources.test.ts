import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { Api } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { addSignIns } from '../support/signIns.ts';

const server = setUpServer();
const admin = setUpApi(server);

const label = (overrides: Record<string, unknown> = {}) => ({ name: '新标签', category: 'basic', color: 'blue', scope: 'customer', sort: 3, ...overrides });
const count = async (table: string) => Number((await server.app.db.selectFrom(table as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() as { n: number }).n);

async function upload(api: Api, path: string, workbook: ExcelJS.Workbook) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), 'import.xlsx');
  const { replay, sign } = api.signed({});
  const response = await fetch(`${server.url}${path}?${new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)]))}`, { method: 'POST', headers: { token: api.token, sign }, body: form });
  return { http: response.status, body: (await response.json()) as { message: string; data?: { count: number } } };
}

describe('resource engine: the label resource from schemas/settings/resources/label.json', () => {
  it('creates, reads, lists with filters, sorting and pages, updates, disables and deletes', async () => {
    const added = await admin.post('/api/business/label/add', label({ name: '孕期关怀' }));
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id;
    const detail = await admin.get('/api/business/label/detail', { id });
    expect(detail.body.data).toMatchObject({ name: '孕期关怀', category: 'basic', enabled: 1, created_by: 1 });

    const filtered = await admin.post('/api/business/label/list', { filters: { name: '孕期' } });
    expect(filtered.body.data.records.map((r: { name: string }) => r.name)).toEqual(['孕期关怀']);
    const paged = await admin.post('/api/business/label/list', { pageNum: 2, pageSize: 3, sortField: 'sort', sortOrder: 'descend' });
    expect(paged.body.data).toMatchObject({ pageNum: 2, pageSize: 3, total: 8 });
    expect(paged.body.data.records).toHaveLength(3);

    expect((await admin.post('/api/business/label/update', { id, name: '孕期关怀（重点）' })).body.message).toBe('保存成功');
    expect((await admin.post('/api/business/label/enable', { id, enabled: 0 })).body.message).toBe('已停用');
    const options = await admin.get('/api/business/label/options', {});
    expect(options.body.data.map((o: { label: string }) => o.label)).not.toContain('孕期关怀（重点）');
    expect((await admin.post('/api/business/label/delete', { ids: [id] })).body.message).toBe('删除成功');
    expect((await admin.get('/api/business/label/detail', { id })).http).toBe(404);
  });

  it('refuses bad input with the field named in Chinese, and writes nothing', async () => {
    const before = await count('label');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...label(), name: undefined }, 400, '请填写标签名称'],
      [label({ name: 'x'.repeat(21) }), 400, '标签名称不能超过 20 个字符'],
      [label({ color: 'not a colour!' }), 400, '标签颜色：请填写颜色名（如 blue）或 #RRGGBB'],
      [label({ scope: 'planet' }), 400, '适用对象应为 客户、房屋、工单 之一'],
      [label({ category: 'nope' }), 400, '标签分类取值不正确'],
      [label({ name: '独居老人' }), 409, '标签名称「独居老人」已存在'],
      [label({ hacked: 1 }), 400, '不允许的字段 hacked'],
      [label({ sort: 'first' }), 400, '排序格式不正确'],
      // Coerced to ±Infinity, which ajv's minimum and maximum do not test.
      [label({ sort: 'Infinity' }), 400, '数值无效或超出范围'],
      [label({ sort: '-1e999' }), 400, '数值无效或超出范围'],
    ];
    for (const [body, http, message] of cases) {
      const answer = await admin.post('/api/business/label/add', body);
      expect([answer.http, answer.body.message], JSON.stringify(body)).toEqual([http, message]);
    }
    expect(await count('label')).toBe(before);
  });

  it('answers pages up to the resource\'s maxPageSize and refuses larger ones in Chinese', async () => {
    await addSignIns(server, 1200);
    // login_log declares maxPageSize 5000; label keeps the default of 200.
    const large = await admin.post('/api/base/loginLog/list', { pageSize: 1000 });
    expect(large.body.data.records).toHaveLength(1000);
    expect((await admin.post('/api/base/loginLog/list', { pageSize: 5000 })).body.data.records.length).toBeGreaterThan(1200);
    const refusals: [string, number, string][] = [
      ['/api/base/loginLog/list', 5001, '每页条数不能大于 5000'],
      ['/api/business/label/list', 201, '每页条数不能大于 200'],
      ['/api/business/label/list', 0, '每页条数不能小于 1'],
    ];
    for (const [path, pageSize, message] of refusals) {
      const answer = await admin.post(path, { pageSize });
      expect([answer.http, answer.body.message], `${path} ${pageSize}`).toEqual([400, message]);
    }
    expect((await admin.post('/api/business/label/list', { pageSize: 200 })).http).toBe(200);
  });

  it('refuses unknown sort fields instead of building SQL from them', async () => {
    const answer = await admin.post('/api/business/label/list', { sortField: 'name; drop table label', sortOrder: 'ascend' });
    expect(answer.http).toBe(400);
    const like = await admin.post('/api/business/label/list', { filters: { name: "%' or 1=1 --" } });
    expect(like.body.data.total).toBe(0);
  });

  it('exports with titles and display names, escaping formula cells', async () => {
    await admin.post('/api/business/label/add', label({ name: '=1+1', description: '@SUM(A1)' }));
    const { replay, sign } = admin.signed({ filters: '{"scope":"customer"}' });
    const response = await fetch(`${server.url}/api/business/label/export?filters=${encodeURIComponent('{"scope":"customer"}')}&timestamp=${replay.timestamp}&nonce=${replay.nonce}`, { headers: { token: admin.token, sign } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows = workbook.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['标签名称', '标签分类', '标签颜色', '适用对象', '标签说明', '排序', '状态']);
    const formula = rows.find((r) => String(r[0]).includes('1+1'))!;
    expect(formula[0]).toBe("'=1+1");
    expect(formula[4]).toBe("'@SUM(A1)");
    expect(formula[1]).toBe('基础属性');
    expect(rows.every((r, i) => i === 0 || r[3] === '客户')).toBe(true);
  });

  it('imports all rows or none, naming each bad row', async () => {
    const before = await count('label');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['标签名称（必填）', '标签分类（必填）', '标签颜色（必填）', '适用对象（必填）', '标签说明', '排序']);
    sheet.addRow(['夜班工作', '服务偏好', 'purple', '客户', '上门前先联系', 2]);
    sheet.addRow(['', '服务偏好', 'purple', '客户', '', 1]);
    sheet.addRow(['独居老人', '风险提示', 'red', '客户', '', 1]);
    const bad = await upload(admin, '/api/business/label/import', workbook);
    expect(bad.http).toBe(400);
    expect(bad.body.message).toBe('导入失败，未导入任何数据。第 3 行：请填写标签名称；第 4 行：标签名称「独居老人」已存在');
    expect(await count('label')).toBe(before);

    const fixed = new ExcelJS.Workbook();
    const clean = fixed.addWorksheet('Sheet1');
    clean.addRow(sheet.getRow(1).values as unknown[]);
    clean.addRow(sheet.getRow(2).values as unknown[]);
    const good = await upload(admin, '/api/business/label/import', fixed);
    expect(good.body.message).toBe('成功导入 1 条标签');
    const row = await admin.post('/api/business/label/list', { filters: { name: '夜班工作' } });
    expect(row.body.data.records[0]).toMatchObject({ category: 'preference', scope: 'customer', sort: 2 });
  });

  it('keeps a dictionary group that still has items, and serves dictionaries to every select', async () => {
    const groups = await admin.post('/api/basis/dictType/list', { filters: { code: 'gender' } });
    const gender = groups.body.data.records[0];
    const refused = await admin.post('/api/basis/dictType/delete', { ids: [gender.id] });
    expect([refused.http, refused.body.message]).toEqual([409, '该字典下还有字典项，请先删除字典项']);
    const dict = await admin.get('/api/basis/dict/getDictCode', { code: 'gender' });
    expect(dict.body.data.map((i: { label: string }) => i.label)).toEqual(['男', '女']);
  });
});
