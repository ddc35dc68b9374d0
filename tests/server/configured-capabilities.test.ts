import { describe, expect, it, vi } from 'vitest';
import { setUpApi, setUpApis, setUpFixtureServer } from '../support/setup.ts';
import { storeFile } from '../support/storedFiles.ts';
import { fetchFile, PNG, readSheets, uploadFile, workbookOf } from '../support/patrol.ts';
import { sheetRows } from '../support/exports.ts';
import { Api } from '../support/api.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

/**
 * The engine's capabilities (issue 31), each declared in JSON alone in tests/fixtures/capabilities
 * and added to a copy of the project: a notice board, inspection plans and two reports, proven over HTTP.
 */
// The copy is linted and seeded before the server starts: more than the default minute on a busy machine
// (and several on PostgreSQL, seeding through a pool): a longer PMS_TEST_HOOK_TIMEOUT still applies.
vi.setConfig({ hookTimeout: Math.max(240_000, Number(process.env.PMS_TEST_HOOK_TIMEOUT ?? 0)), testTimeout: 60_000 });
const server = setUpFixtureServer();
const admin = setUpApi(server);
const [manager, anon] = setUpApis(server, 'xmjl', 'kefu');

const B = '/api/basis/bulletin';
const P = '/api/basis/inspectionPlan';
const R = '/api/basis/inspectionRound';
const DAY = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const db = () => server.app.db as never as { selectFrom: (t: string) => any };
const day = (ms: number) => new Date(ms).toLocaleDateString('sv-SE');

/** Grants the fixture's button codes to the demo role of 翠湖天地's project manager (xmjl), as the role screen would. */
async function grantManager(...codes: string[]) {
  const buttons = await server.app.db.selectFrom('menu_button').select('id').where('code', 'in', codes).execute();
  const role = await server.app.db.selectFrom('role').select('id').where('code', '=', 'project_manager').executeTakeFirstOrThrow();
  await server.app.db.insertInto('role_button').values(buttons.map((b) => ({ role_id: role.id, button_id: b.id }))).execute();
}

async function finishedExport(api: Api, id: number) {
  for (;;) {
    const job = ((await api.get('/api/report/downloadCenter/list')).body.data as { id: number; status: string }[]).find((j) => j.id === id);
    if (!job) throw new Error(`job ${id} is not listed`);
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('reports declared in JSON', () => {
  it('divides measures of two sources: registered households ÷ houses, per project and per building, within the data scope', async () => {
    const customers = (await db().selectFrom('customer').select(['project_id', 'house_id']).execute()) as { project_id: number; house_id: number | null }[];
    const houses = (await db().selectFrom('house').select(['id', 'project_id', 'building_id']).execute()) as { id: number; project_id: number; building_id: number }[];
    const expected = (project?: number) => {
      const h = houses.filter((x) => project === undefined || x.project_id === project).length;
      const hh = new Set(customers.filter((c) => c.house_id !== null && (project === undefined || c.project_id === project)).map((c) => c.house_id)).size;
      return { households: hh, houses: h, occupancy: h ? Math.round((1000 * hh) / h) / 10 : 0 };
    };
    const Q = '/api/base/report/fixtureOccupancy';
    const all = (await admin.post(`${Q}/query`, { groupBy: 'project' })).body.data;
    expect(all.totals).toMatchObject(expected());
    expect(all.totals.houses).toBeGreaterThan(0);
    const cuihu = all.rows.find((r: { key: number }) => r.key === DEMO_PROJECTS.cuihu.id);
    expect(cuihu).toMatchObject({ label: DEMO_PROJECTS.cuihu.name, ...expected(DEMO_PROJECTS.cuihu.id) });
    // Every project with houses is a row, customers or not.
    expect(new Set(all.rows.map((r: { key: number }) => r.key))).toEqual(new Set([...houses.map((h) => h.project_id), ...customers.map((c) => c.project_id)]));
    // By building: a customer's building is reached through the house, a house's is its own column.
    const buildings = (await admin.post(`${Q}/query`, { groupBy: 'building', project_id: DEMO_PROJECTS.cuihu.id })).body.data;
    const b = houses.find((h) => h.project_id === DEMO_PROJECTS.cuihu.id)!.building_id;
    const inB = new Set(houses.filter((h) => h.building_id === b).map((h) => h.id));
    expect(buildings.rows.find((r: { key: number }) => r.key === b)).toMatchObject({ houses: inB.size, households: new Set(customers.filter((c) => c.house_id !== null && inB.has(c.house_id)).map((c) => c.house_id)).size });
    expect(buildings.totals).toMatchObject(expected(DEMO_PROJECTS.cuihu.id));
    // A project manager of 翠湖天地 counts 翠湖天地's customers and houses only, and no other source is read wider.
    await grantManager('occupancy:view');
    const scoped = (await manager.post(`${Q}/query`, { groupBy: 'project' })).body.data;
    expect(scoped.rows.map((r: { key: number }) => r.key)).toEqual([DEMO_PROJECTS.cuihu.id]);
    expect(scoped.totals).toMatchObject(expected(DEMO_PROJECTS.cuihu.id));
    // Another source's count has no records of the report's source behind it: no drill into it.
    expect((await admin.post(`${Q}/query`, { groupBy: 'street' })).http).toBe(400);
  });

  it('measures expressions, groups through a reference, crosses two dimensions, drills to the records and exports in the background', async () => {
    const Q = '/api/task/report/fixtureService';
    const orders = (await db().selectFrom('work_order').select(['project_id', 'accepted_at', 'response_due_at', 'customer_id']).where('response_due_at', 'is not', null).execute()) as { project_id: number; accepted_at: number | null; response_due_at: number; customer_id: number | null }[];
    const timely = orders.filter((o) => o.accepted_at !== null && o.accepted_at <= o.response_due_at).length;
    const answer = (await admin.post(`${Q}/query`, { groupBy: 'project', pivotBy: 'month' })).body.data;
    expect(answer.totals).toMatchObject({ due: orders.length, timely, timelyRate: Math.round((1000 * timely) / orders.length) / 10, customers: new Set(orders.map((o) => o.customer_id).filter((c) => c !== null)).size });
    expect(answer.totals.avgResponse).toBeGreaterThan(0);
    // The pivot: each row's cells per month add up to the row, each column's total to the whole.
    const row = answer.rows.find((r: { key: number }) => r.key === DEMO_PROJECTS.cuihu.id);
    expect(Object.values(row.cells as Record<string, { due: number }>).reduce((n, c) => n + c.due, 0)).toBe(row.due);
    expect(answer.pivot.columns.reduce((n: number, c: { totals: { due: number } }) => n + c.totals.due, 0)).toBe(orders.length);
    // Through a reference: a service type's parent category, named by the service type table.
    const categories = (await admin.post(`${Q}/query`, { groupBy: 'category' })).body.data;
    expect(categories.rows.reduce((n: number, r: { due: number }) => n + r.due, 0)).toBe(orders.length);
    expect(categories.rows.every((r: { label: string }) => !/^#/.test(r.label))).toBe(true);
    // Drill: the records behind 翠湖天地's timely figure, as many as the figure says.
    const drill = (await admin.post(`${Q}/drill`, { groupBy: 'project', key: DEMO_PROJECTS.cuihu.id, measure: 'timely', pageSize: 5 })).body.data;
    expect(drill.total).toBe(row.timely);
    expect(drill.records[0]).toMatchObject({ project_id: DEMO_PROJECTS.cuihu.name });
    expect((await admin.post(`${Q}/drill`, { measure: 'timelyRate' })).http).toBe(400);
    // The table with its summary row, written in the background to the caller's download center.
    const queued = await admin.post(`${Q}/exportAsync`, { groupBy: 'project' });
    expect(queued.body.message).toBe('已加入导出队列，可在下载中心查看进度并下载');
    expect((await finishedExport(admin, queued.body.data.id)).status).toBe('done');
    const request = admin.prepare('GET', '/api/report/downloadCenter/download', { id: queued.body.data.id });
    const rows = await sheetRows(await (await fetch(`${admin.baseUrl}${request.path}`, { headers: request.headers })).arrayBuffer());
    expect(rows.at(-1)!.slice(0, 3)).toEqual(['合计', orders.length, timely]);
  });
});

describe('a notice board declared in JSON', () => {
  const add = (values: Record<string, unknown> = {}) =>
    admin.post(`${B}/add`, {
      project_id: DEMO_PROJECTS.cuihu.id,
      title: '电梯年检通知',
      start_at: Date.now() + DAY,
      end_at: Date.now() + 3 * DAY,
      audience: { mode: 'staff', ids: [DEMO_STAFF.weixiu, DEMO_STAFF.xuncha] },
      quota: 4,
      budget: 120.5,
      ...values,
    });

  it('checks files, map points and audiences on every write, and shows children as computed and progress figures', async () => {
    const pdf = await storeFile(admin, '年检报告.pdf', PDF, 'application/pdf');
    const png = await storeFile(admin, '照片.pdf', PNG, 'application/pdf');
    const point = { type: 'Point', coordinates: [121.4737, 31.2204] };
    const wrongKind = await add({ documents: [png] });
    expect([wrongKind.http, wrongKind.body.message]).toEqual([400, '附件只接受 PDF、MP4 视频 文件']);
    expect((await add({ location: { type: 'Point', coordinates: [200, 31] } })).http).toBe(400);
    expect((await add({ audience: { mode: 'staff', ids: [999999] } })).http).toBe(400);
    const id = (await add({ documents: [pdf], location: point })).body.data.id;
    expect(id).toBeGreaterThan(0);
    const options = (await admin.get(`${B}/audienceOptions`, { field: 'audience', mode: 'staff' })).body.data;
    expect(options.length).toBeGreaterThan(0);

    for (const reader of ['王建国', '李卫东', '赵敏']) await admin.post('/api/basis/bulletinRead/add', { bulletin_id: id, reader });
    const listed = (await admin.post(`${B}/list`, { filters: { title: '电梯年检' } })).body.data.records.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({ read_count: 3, quota: 4, budget: 120.5, documents: [pdf], location: point });
    // The detail's tab of readers: the child list by its reference, paged.
    expect((await admin.post('/api/basis/bulletinRead/list', { filters: { bulletin_id: id } })).body.data.total).toBe(3);
  });

  it('goes live at its start and down at its end on the timers’ clock, as 系统, and reorders by drag', async () => {
    const start = Date.now() + 2 * DAY;
    const id = (await add({ title: '停水通知', start_at: start, end_at: start + DAY })).body.data.id;
    await add({ title: '停电通知' });
    await admin.post(`${B}/transition`, { id, action: 'publish' });
    await server.app.workflowTimers.run(start - 60_000);
    expect((await admin.get(`${B}/detail`, { id })).body.data.status).toBe('scheduled');
    await server.app.workflowTimers.run(start);
    await server.app.workflowTimers.run(start + 1000);
    expect((await admin.get(`${B}/detail`, { id })).body.data.status).toBe('online');
    await server.app.workflowTimers.run(start + DAY);
    expect((await admin.get(`${B}/detail`, { id })).body.data.status).toBe('offline');
    const steps = (await admin.get(`${B}/timeline`, { id })).body.data.map((t: { actionText: string; staff_name: string }) => [t.actionText, t.staff_name]);
    expect(steps).toEqual([['创建', '系统管理员'], ['发布', '系统管理员'], ['上线', '系统'], ['下线', '系统']]);

    const ids = (await admin.post(`${B}/list`, { pageSize: 100 })).body.data.records.map((r: { id: number }) => r.id) as number[];
    expect(ids.length).toBeGreaterThan(1);
    const reversed = [...ids].reverse();
    expect((await admin.post(`${B}/reorder`, { ids: reversed })).http).toBe(200);
    expect((await admin.post(`${B}/list`, { pageSize: 100 })).body.data.records.map((r: { id: number }) => r.id)).toEqual(reversed);
    expect((await manager.post(`${B}/reorder`, { ids })).http).toBe(403);
  });

  it('opens one notice to anyone holding its signed link, and nothing else', async () => {
    const id = (await add({ title: '消防演练通知' })).body.data.id;
    const other = (await add({ title: '内部通知' })).body.data.id;
    const made = await admin.post(`${B}/publicLink`, { id, route: '/bulletin/public' });
    expect(made.body.data.url).toContain('/bulletin/public?token=');
    // No session: the token alone.
    const stranger = new Api(server.url);
    const open = async (token: string) => (await stranger.get(`${B}/publicDetail`, { token })).body;
    const read = await open(made.body.data.token);
    expect(read.data, JSON.stringify(read)).toMatchObject({ id, title: '消防演练通知' });
    const forged = await open(`${made.body.data.token.slice(0, -2)}${made.body.data.token.endsWith('xx') ? 'yy' : 'xx'}`);
    expect(forged.message).toBe('链接无效或已被篡改，请向发起人索取新的链接');
    expect((await stranger.get(`${B}/detail`, { id: other })).http).toBe(401);
    // Only a holder of the link's button makes one.
    expect((await anon.post(`${B}/publicLink`, { id: other, route: '/bulletin/public' })).http).toBe(403);
  });
});

describe('inspection plans declared in JSON', () => {
  const FORM = {
    items: [
      { key: 'q1', component: 'Radio.Group', label: '消防通道是否畅通', required: true, options: ['畅通', '堵塞'] },
      { key: 'q2', component: 'Input.TextArea', label: '堵塞位置', required: true, maxLength: 50, showWhen: { key: 'q1', in: ['堵塞'] } },
    ],
  };

  it('generates rounds on a schedule, once a period, shown by the calendar, answered against the designed checklist', async () => {
    const today = day(Date.now());
    const bad = await admin.post(`${P}/add`, { name: '坏表', period: 'day', start_date: today, end_date: today, form: { items: [{ key: 'q1', component: 'Radio.Group', label: '甲', options: ['是'] }] } });
    expect(bad.http).toBe(400);
    const plan = (await admin.post(`${P}/add`, { name: '消防通道巡检', period: 'day', start_date: today, end_date: day(Date.now() + 5 * DAY), form: FORM })).body.data.id;
    const noon = new Date(`${day(Date.now() + 2 * DAY)}T12:00:00`).getTime();
    await server.app.workflowTimers.run(noon);
    await server.app.workflowTimers.run(noon + 60_000);
    const rounds = (await admin.post(`${R}/list`, { pageSize: 100, filters: { plan_id: plan } })).body.data.records as { id: number; period_key: string; title: string }[];
    const keys = rounds.map((r) => r.period_key).sort();
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rounds[0]!.title).toBe('消防通道巡检');
    // The calendar asks the list for the days in view.
    const inView = (await admin.post(`${R}/list`, { pageSize: 1000, filters: { plan_id: plan, plan_start: [day(noon), day(noon)] } })).body.data.records;
    expect(inView.map((r: { period_key: string }) => r.period_key)).toEqual([day(noon)]);

    const round = inView[0].id;
    const refused = await admin.post(`${R}/update`, { id: round, answers: { q1: '堵塞' } });
    expect([refused.http, refused.body.message]).toEqual([400, '「堵塞位置」为必答题']);
    expect((await admin.post(`${R}/update`, { id: round, answers: { q1: '堵塞', q2: '3 号楼地库出口' } })).body.message).toBe('保存成功');
    expect((await admin.get(`${R}/detail`, { id: round })).body.data).toMatchObject({ form_version: 1, answers: { q1: '堵塞', q2: '3 号楼地库出口' } });

    // The plan's detail page charts its rounds per month: the report's answer filtered to this plan.
    const chart = async (api: Api, planId: number) => api.post('/api/basis/report/fixtureRounds/query', { groupBy: 'month', filters: { plan_id: planId } });
    const figures = (await chart(admin, plan)).body.data;
    expect(figures.totals).toEqual({ rounds: keys.length, answered: 1 });
    expect(figures.rows.reduce((n: number, r: { rounds: number }) => n + r.rounds, 0)).toBe(keys.length);
    expect((await chart(admin, plan + 1000)).body.data.totals).toEqual({ rounds: 0, answered: 0 });
    // Without the report's permission (the plans screen's 查看) there is no chart to read.
    expect((await chart(anon, plan)).http).toBe(403);
  });

  it('imports plans with their checkpoints from one sheet, all or nothing', async () => {
    // The template the screen offers: the plan's columns, then the checkpoint's.
    const template = await fetchFile(admin, 'GET', `${P}/template`);
    const header = Object.values(await readSheets(template.bytes))[0]![0]!;
    expect(header.slice(-2)).toEqual(['巡检点名称', '用时（分钟）']);
    const row = (values: Record<string, string | number>) => header.map((h) => values[h.replace(/（必填）$/, '')] ?? '');
    const plan = (name: string, period: string) => ({ 计划名称: name, 周期: period, 开始日期: '2027-01-01', 结束日期: '2027-01-31', 每日开始: '08:00', 每日截止: '18:00', '提前生成（分钟）': 60 });
    const count = async () => (await admin.post(`${P}/list`, { filters: { name: '巡检' } })).body.data.total as number;
    const before = await count();
    const bad = await workbookOf(header, [row({ 巡检点名称: '负一层', '用时（分钟）': 10 }), row({ ...plan('地库巡检', '每日'), 巡检点名称: '负一层', '用时（分钟）': 999 })]);
    const refused = await uploadFile(admin, `${P}/import`, bad, '巡检计划.xlsx');
    expect(refused.body.message).toMatch(/^导入失败，未导入任何数据。第 2 行：.*；第 3 行：/);
    expect(await count()).toBe(before);
    const good = await workbookOf(header, [
      row({ ...plan('地库巡检', '每日'), 巡检点名称: '负一层', '用时（分钟）': 10 }),
      row({ 巡检点名称: '负二层', '用时（分钟）': 15 }),
      row({ ...plan('屋面巡检', '每周'), 巡检点名称: '水箱间', '用时（分钟）': 5 }),
    ]);
    const imported = await uploadFile(admin, `${P}/import`, good, '巡检计划.xlsx');
    expect(imported.body.message, JSON.stringify(imported.body)).toMatch(/^成功导入 2 条/);
    const records = (await admin.post(`${P}/list`, { filters: { name: '地库巡检' } })).body.data.records;
    expect(records[0].checkpoints).toEqual([{ name: '负一层', minutes: 10 }, { name: '负二层', minutes: 15 }]);
  });
});
