import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';

/**
 * 社区信箱 (/opearator-manager/communityMailbox, replies reviewed at /approve-manager/mailApprove)
 * and 小区管理 (/opearator-manager/communityManagement): a letter is accepted and given to a
 * handler within the dispatcher's scope, the handler's reply reaches the writer only once its
 * approval passes; each project has one owner-facing profile.
 */
const server = setUpServer();
const [admin, yunying, xmjl, weixiu] = setUpApis(server, 'admin', 'yunying', 'xmjl', 'weixiu');
const L = '/api/wxmanage/communityLetter';
const P = '/api/wxmanage/communityProfile';
const DAY = 86_400_000;

const listOf = async (api: typeof admin, path: string, filters: Record<string, unknown> = {}) => (await api.post(`${path}/list`, { pageSize: 200, filters })).body.data.records as Record<string, any>[];

describe('the community mailbox', () => {
  it('holds four months of letters of the four projects, writers’ phones masked', async () => {
    const rows = await listOf(admin, L);
    expect(new Set(rows.map((r) => r.project_id))).toEqual(new Set(Object.values(DEMO_PROJECTS).map((p) => p.id)));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['new', 'handling', 'replied', 'closed']));
    expect(Math.min(...rows.map((r) => r.received_at))).toBeLessThan(Date.now() - 100 * DAY);
    expect(rows.filter((r) => r.writer_mobile).every((r) => /^\d{3}\*{4}\d{4}$/.test(r.writer_mobile))).toBe(true);
    expect(rows.filter((r) => r.status === 'closed' || r.status === 'replied').every((r) => r.reply)).toBe(true);
  });

  it('gives a letter to a handler in scope; the reply goes out only once approved', async () => {
    const letter = (await listOf(yunying, L, { status: ['new'], project_id: DEMO_PROJECTS.cuihu.id }))[0]!;
    // The handler must be within the dispatcher's scope (华东): 何志华 of 华南 is refused.
    const beyond = await yunying.post(`${L}/transition`, { id: letter.id, action: 'accept', values: { handler_id: DEMO_STAFF.pinzhi } });
    expect([beyond.http, beyond.body.message]).toEqual([403, '承办人超出了您的数据范围，只能选择您负责的项目内的人员']);
    const handlers = (await yunying.get(`${L}/handlers`)).body.data.map((o: { value: number }) => o.value);
    expect(handlers).toContain(DEMO_STAFF.xmjl);
    expect(handlers).not.toContain(DEMO_STAFF.pinzhi);
    expect((await yunying.post(`${L}/transition`, { id: letter.id, action: 'accept', values: { handler_id: DEMO_STAFF.xmjl } })).body.data.state).toBe('handling');
    expect((await xmjl.post(`${L}/transition`, { id: letter.id, action: 'draftReply', values: {} })).body.message).toBe('请填写回复内容');
    const reply = '您好，您反映的问题已处理，感谢您的来信。';
    expect((await xmjl.post(`${L}/transition`, { id: letter.id, action: 'draftReply', values: { reply } })).body.data.state).toBe('reply_pending');
    const task = async () => ((await admin.post('/api/approve/task/list', { pageSize: 50, filters: { view: 'todo', biz_type: 'mailbox' } })).body.data.records as { id: number; title: string }[]).find((t) => t.title === letter.title);
    expect((await admin.post('/api/approve/task/reject', { id: (await task())!.id, comment: '请写明处理结果与时间' })).body.data.status).toBe('rejected');
    expect((await xmjl.get(`${L}/detail`, { id: letter.id })).body.data.status).toBe('handling');
    await xmjl.post(`${L}/transition`, { id: letter.id, action: 'draftReply', values: { reply: `${reply}维修已于昨日完成。` } });
    expect((await admin.post('/api/approve/task/approve', { id: (await task())!.id })).body.data.status).toBe('approved');
    const done = (await xmjl.get(`${L}/detail`, { id: letter.id })).body.data;
    expect(done).toMatchObject({ status: 'replied', reply: `${reply}维修已于昨日完成。`, handler_id_label: '刘海燕' });
    expect(done.replied_at).toBeGreaterThan(Date.now() - 60_000);
    expect((await xmjl.post(`${L}/transition`, { id: letter.id, action: 'close' })).body.data.state).toBe('closed');
  });

  it('turns a letter into a work order through the work-order intake, and the letter names its order', async () => {
    const db = server.app.db;
    const orders = async () => Number((await db.selectFrom('work_order').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const letter = (await listOf(yunying, L, { status: ['handling'], project_id: DEMO_PROJECTS.cuihu.id })).find((l) => !l.anonymous)!;
    const before = await orders();
    // Only the granted convert; the kind is required and must be a work-order kind.
    expect((await weixiu.post(`${L}/transition`, { id: letter.id, action: 'toOrder', values: { order_kind: 'repair' } })).http).toBe(403);
    expect((await yunying.post(`${L}/transition`, { id: letter.id, action: 'toOrder', values: {} })).http).toBe(400);
    const wrong = await yunying.post(`${L}/transition`, { id: letter.id, action: 'toOrder', values: { order_kind: 'nonsense' } });
    expect([wrong.http, wrong.body.message]).toEqual([400, '工单类型取值不正确']);
    expect(await orders()).toBe(before);
    expect((await yunying.get(`${L}/detail`, { id: letter.id })).body.data.status).toBe('handling');
    const done = await yunying.post(`${L}/transition`, { id: letter.id, action: 'toOrder', values: { order_kind: 'repair' } });
    expect([done.body.message, done.body.data.state]).toEqual(['已转为工单', 'to_order']);
    expect(await orders()).toBe(before + 1);
    const after = (await yunying.get(`${L}/detail`, { id: letter.id })).body.data;
    expect(after).toMatchObject({ status: 'to_order', order_kind: 'repair', work_order_code: expect.stringMatching(/\S/) });
    // The order is the intake's: its code, source, the writer's house, its SLA deadline and the first timeline step naming the letter.
    const order = await db.selectFrom('work_order').selectAll().where('id', '=', after.work_order_id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ code: after.work_order_code, project_id: DEMO_PROJECTS.cuihu.id, kind: 'repair', title: letter.title, source: 'owner_app', status: 'pending', house_id: letter.house_id });
    expect(order.finish_due_at).toBeGreaterThan(Date.now());
    const first = await db.selectFrom('resource_timeline').select(['action', 'note']).where('resource', '=', 'work_order').where('record_id', '=', order.id).executeTakeFirstOrThrow();
    expect(first).toEqual({ action: 'create', note: `由社区信箱来信 ${letter.code} 转入` });
    // Converted once: a second convert is refused and makes no second order.
    expect((await yunying.post(`${L}/transition`, { id: letter.id, action: 'toOrder', values: { order_kind: 'repair' } })).http).toBe(409);
    expect(await orders()).toBe(before + 1);
    // Another region's letter is out of reach.
    const south = (await listOf(admin, L, { project_id: DEMO_PROJECTS.binjiang.id, status: ['new', 'handling'] }))[0]!;
    expect((await yunying.post(`${L}/transition`, { id: south.id, action: 'toOrder', values: { order_kind: 'repair' } })).http).toBe(404);
  });

  it('is read within the data scope and acted on by those granted', async () => {
    expect((await listOf(xmjl, L)).every((r) => r.project_id === DEMO_PROJECTS.cuihu.id)).toBe(true);
    expect((await weixiu.post(`${L}/list`, {})).http).toBe(403);
    const south = (await listOf(admin, L, { project_id: DEMO_PROJECTS.yunqi.id, status: ['new'] }))[0]!;
    expect((await yunying.post(`${L}/transition`, { id: south.id, action: 'accept', values: { handler_id: DEMO_STAFF.yunying } })).http).toBe(404);
  });
});

describe('community profiles', () => {
  it('one a project, with households counted from its houses', async () => {
    const rows = await listOf(admin, P);
    expect(rows.map((r) => r.alias).sort()).toEqual(['云栖雅苑', '滨江一号', '翠湖天地', '锦绣华庭'].sort());
    const houses = await server.app.db.selectFrom('house').select('id').where('project_id', '=', DEMO_PROJECTS.cuihu.id).execute();
    const cuihu = rows.find((r) => r.project_id === DEMO_PROJECTS.cuihu.id)!;
    expect(cuihu.households).toBe(houses.length);
    const twice = await yunying.post(`${P}/add`, { project_id: DEMO_PROJECTS.cuihu.id, alias: '翠湖', address: '浦东', service_hotline: '021-58881234' });
    expect([twice.http, twice.body.message]).toEqual([409, '该项目已有小区资料，请直接编辑']);
    const badPhone = await yunying.post(`${P}/update`, { id: cuihu.id, service_hotline: '客服电话' });
    expect([badPhone.http, badPhone.body.message]).toEqual([400, '服务热线：请填写电话号码，如 021-58881234 或 400-820-1234']);
    expect((await yunying.post(`${P}/update`, { id: cuihu.id, service_hours: '每日 8:00–21:00' })).body.message).toBe('保存成功');
    const south = rows.find((r) => r.project_id === DEMO_PROJECTS.yunqi.id)!;
    expect((await yunying.post(`${P}/update`, { id: south.id, service_hours: 'x' })).http).toBe(404);
  });
});
