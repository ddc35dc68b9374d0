import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';

/**
 * Events (/module-manager/event, /module-manage-sendevent, /module-manage-eventdetail/:id): reported
 * by staff from the app with the template's form, or registered at the desk; handled, closed, or
 * converted into a work order through the work-order intake.
 */
const server = setUpServer();
const [admin, xuncha, diaodu, kefu, weixiu] = setUpApis(server, 'admin', 'xuncha', 'diaodu', 'kefu', 'weixiu');
const M = '/api/module';
const WO = '/api/mkf/questionTask';
const DAY = 86_400_000;

const eventTemplates = async () => (await xuncha.get(`${M}/template/eventOptions`)).body.data as { label: string; value: number }[];
const templateNamed = async (name: string) => (await eventTemplates()).find((t) => t.label === name)!.value;
const report = (body: Record<string, unknown>) => xuncha.post(`${M}/event/report`, body);
const base = async () => ({ template_id: await templateNamed('设施设备异常上报'), title: '7 栋电梯按钮失灵', level: 'important', location: '7 栋 1 号电梯', description: '1 号电梯 5 层外呼按钮按下无反应。' });

describe('events', () => {
  it('are in the demo: six weeks in every project, from the app and the desk, some converted into work orders', async () => {
    const events = (await admin.post(`${M}/event/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(new Set(events.map((e) => e.project_id)).size).toBe(4);
    expect(Math.min(...events.map((e) => e.reported_at))).toBeLessThan(Date.now() - 30 * DAY);
    expect(new Set(events.map((e) => e.status))).toEqual(new Set(['reported', 'handling', 'done', 'closed', 'converted']));
    expect(new Set(events.map((e) => e.channel))).toEqual(new Set(['app', 'console']));
    const converted = events.find((e) => e.status === 'converted')!;
    expect(converted.work_order_code).toMatch(/^WO\d{13}$/);
    const order = (await admin.get(`${WO}/detail`, { id: converted.work_order_id })).body.data;
    expect(order.code).toBe(converted.work_order_code);
    expect(order.content).toContain(converted.code);
  });

  it('are reported from the staff app in their own project, with the template form checked', async () => {
    const body = await base();
    const missing = await report(body);
    expect(missing.body.message).toBe('请填写模板内容');
    expect((await report({ ...body, answers: { q2: '否' } })).body.message).toBe('「设备类别」为必答题');
    expect((await report({ ...body, answers: { q1: '锅炉', q2: '否' } })).body.status).toBe('400');
    expect((await report({ ...body, project_id: DEMO_PROJECTS.jinxiu.id, answers: { q1: '电梯', q2: '否' } })).body.message).toBe('只能上报本人所在项目的事件');
    expect((await eventTemplates()).map((t) => t.label)).toEqual(['设施设备异常上报', '安全隐患上报']);
    const before = (await admin.post(`${M}/event/list`, { pageSize: 1, filters: { title: '7 栋电梯按钮失灵' } })).body.data.total;
    expect(before).toBe(0);
    const ok = await report({ ...body, answers: { q1: '电梯', q2: '是', q3: '已贴告示' } });
    expect(ok.body.message).toMatch(/^事件已上报，编号 EV\d{12}$/);
    const event = (await admin.get(`${M}/event/detail`, { id: ok.body.data.id })).body.data;
    expect(event).toMatchObject({ project_id: DEMO_PROJECTS.cuihu.id, reporter_id: DEMO_STAFF.xuncha, channel: 'app', status: 'reported', form_version: 1 });
    const answers = (await admin.get(`${M}/event/answers`, { id: event.id })).body.data;
    expect(answers.map((a: any) => a.answer)).toEqual(['电梯', '是', '已贴告示']);
    // Staff see their project's events, not another's.
    const jinxiu = (await admin.post(`${M}/event/list`, { pageSize: 1, filters: { project_id: DEMO_PROJECTS.jinxiu.id } })).body.data.records[0];
    expect((await xuncha.get(`${M}/event/answers`, { id: jinxiu.id })).body.message).toBe('事件不存在或无权查看');
    expect((await xuncha.post(`${M}/event/list`, { pageSize: 100 })).body.data.records.every((e: any) => e.project_id === DEMO_PROJECTS.cuihu.id)).toBe(true);
  });

  it('are registered at the desk with an event template only', async () => {
    const body = { ...(await base()), project_id: DEMO_PROJECTS.cuihu.id, title: '大堂玻璃门裂纹' };
    const plans = (await admin.post(`${M}/template/list`, { pageSize: 1, filters: { kind: 'plan' } })).body.data.records[0];
    expect((await kefu.post(`${M}/event/add`, { ...body, template_id: plans.id })).body.message).toBe(`「${plans.name}」不是事件模板，请选择事件类模板`);
    const added = await kefu.post(`${M}/event/add`, body);
    expect(added.body.message).toBe('新增成功');
    const event = (await kefu.get(`${M}/event/detail`, { id: added.body.data.id })).body.data;
    expect(event).toMatchObject({ channel: 'console', reporter_id: DEMO_STAFF.kefu, status: 'reported' });
    expect(event.code).toMatch(/^EV\d{12}$/);
    // Front-line staff may report but not register at the desk.
    expect((await weixiu.post(`${M}/event/add`, body)).http).toBe(403);
  });

  it('convert into a work order through the work-order intake, once', async () => {
    const id = (await kefu.post(`${M}/event/add`, { ...(await base()), project_id: DEMO_PROJECTS.cuihu.id, title: '地库入口道闸不抬杆', level: 'urgent', location: '地库 A 入口', photos: [] })).body.data.id;
    expect((await xuncha.post(`${M}/event/transition`, { id, action: 'convert', values: { order_kind: 'repair' } })).http).toBe(403);
    const bad = await diaodu.post(`${M}/event/transition`, { id, action: 'convert', values: { order_kind: 'nothing' } });
    expect(bad.body.message).toBe('工单类型取值不正确');
    expect((await admin.get(`${M}/event/detail`, { id })).body.data.status).toBe('reported');
    const done = await diaodu.post(`${M}/event/transition`, { id, action: 'convert', values: { order_kind: 'repair' } });
    expect(done.body.message).toBe('已转为工单');
    const event = (await admin.get(`${M}/event/detail`, { id })).body.data;
    expect(event).toMatchObject({ status: 'converted', handler_id: DEMO_STAFF.diaodu });
    const order = (await diaodu.get(`${WO}/detail`, { id: event.work_order_id })).body.data;
    expect(order).toMatchObject({ code: event.work_order_code, kind: 'repair', priority: 'urgent', status: 'pending', address: '地库 A 入口', project_id: DEMO_PROJECTS.cuihu.id });
    const timeline = (await diaodu.get(`${WO}/timeline`, { id: order.id })).body.data;
    expect(timeline[0].note).toBe(`由事件 ${event.code} 转入`);
    expect(order.finish_due_at).toBeGreaterThan(Date.now());
    expect((await diaodu.post(`${M}/event/transition`, { id, action: 'convert', values: { order_kind: 'repair' } })).body.status).not.toBe('200');
  });

  it('are handled and closed by whoever may', async () => {
    const add = async (title: string) => (await kefu.post(`${M}/event/add`, { ...(await base()), project_id: DEMO_PROJECTS.cuihu.id, title })).body.data.id as number;
    const id = await add('垃圾房门无法关闭');
    expect((await diaodu.post(`${M}/event/transition`, { id, action: 'handle' })).body.message).toBe('已受理，由你处理');
    expect((await diaodu.post(`${M}/event/transition`, { id, action: 'finish', values: {} })).body.message).toBe('请填写处理结果');
    expect((await diaodu.post(`${M}/event/transition`, { id, action: 'finish', values: { handle_result: '更换门弓器' } })).body.message).toBe('事件已处理');
    expect((await admin.get(`${M}/event/detail`, { id })).body.data).toMatchObject({ status: 'done', handler_id: DEMO_STAFF.diaodu, handle_result: '更换门弓器' });
    const other = await add('重复上报：垃圾房门');
    expect((await admin.post(`${M}/event/transition`, { id: other, action: 'close' })).body.status).not.toBe('200');
    expect((await admin.post(`${M}/event/transition`, { id: other, action: 'close', note: '与上一事件重复' })).body.status).toBe('200');
  });
});

describe('template devolution', () => {
  const [pinzhi, xmjl] = setUpApis(server, 'pinzhi', 'xmjl');
  const newTemplate = async (name: string, range: { sla_min_hours?: number; sla_max_hours?: number } = {}) =>
    (await admin.post(`${M}/template/add`, { name, kind: 'plan', category: 'environment', sla_hours: 6, ...range, form: { items: [{ key: 'q1', component: 'Radio.Group', label: '绿化带无垃圾', required: true, options: ['合格', '不合格'] }] } })).body.data.id as number;
  const rowOf = async (template: number, project: number) => (await admin.post(`${M}/devolve/list`, { pageSize: 10, filters: { template_id: template, project_id: project } })).body.data.records[0];

  it('is in the demo: every template to every project, one refused, one waiting', async () => {
    const rows = (await admin.post(`${M}/devolve/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(rows.length).toBe(24);
    expect(rows.filter((r) => r.status === 'refused').map((r) => [r.template_name, r.project_name])).toEqual([['秩序岗交接班检查', '云栖雅苑']]);
    expect(rows.filter((r) => r.status === 'pending').map((r) => r.project_name)).toEqual(['滨江一号']);
  });

  it('sends the current version once, is accepted or refused by the project, and reaches it again only when devolved again', async () => {
    const id = await newTemplate('园区绿化巡检', { sla_min_hours: 4, sla_max_hours: 12 });
    const cuihu = DEMO_PROJECTS.cuihu.id;
    expect((await pinzhi.post(`${M}/devolve/devolve`, { template_id: id })).body.message).toBe('请选择下发项目');
    expect((await xmjl.post(`${M}/devolve/devolve`, { template_id: id, project_ids: [cuihu] })).http).toBe(403);
    const sent = await admin.post(`${M}/devolve/devolve`, { template_id: id, project_ids: [cuihu, DEMO_PROJECTS.jinxiu.id], allow_edit: true, remark: '春季绿化' });
    expect(sent.body.message).toBe('已下发到 2 个项目，待项目接收');
    const again = await admin.post(`${M}/devolve/devolve`, { template_id: id, project_ids: [DEMO_PROJECTS.yunqi.id, cuihu] });
    expect(again.body.message).toBe('「翠湖天地」待接收该模板的第 1 版，无需重复下发');
    expect(await rowOf(id, DEMO_PROJECTS.yunqi.id)).toBeUndefined(); // all or nothing
    const row = await rowOf(id, cuihu);
    expect(row).toMatchObject({ status: 'pending', version: 1, accepted_version: null, devolved_by: 1 });
    // The project manager sees and decides their own project's only.
    const mine = (await xmjl.post(`${M}/devolve/list`, { pageSize: 100, filters: { template_id: id } })).body.data.records;
    expect(mine.map((r: any) => r.project_id)).toEqual([cuihu]);
    expect((await xmjl.post(`${M}/devolve/update`, { id: row.id, sla_hours: 4 })).body.message).toBe('接收模板后才能调整');
    expect((await xmjl.post(`${M}/devolve/transition`, { id: row.id, action: 'accept' })).body.message).toBe('已接收，项目按新版本执行');
    expect(await rowOf(id, cuihu)).toMatchObject({ status: 'accepted', accepted_version: 1, sla_hours: 6, handled_by: DEMO_STAFF.xmjl });
    expect((await xmjl.post(`${M}/devolve/update`, { id: row.id, sla_hours: 4 })).body.message).toBe('保存成功');
    expect((await rowOf(id, cuihu)).sla_hours).toBe(4);
    // A change of the template does not reach the project by itself.
    await admin.post(`${M}/template/update`, { id, form: { items: [{ key: 'q1', component: 'Radio.Group', label: '绿化带无垃圾', required: true, options: ['合格', '不合格'] }, { key: 'q2', component: 'Input', label: '病虫害情况', maxLength: 50 }] } });
    expect(await rowOf(id, cuihu)).toMatchObject({ version: 1, accepted_version: 1 });
    expect((await xmjl.get(`${M}/devolve/items`, { id: row.id, which: 'accepted' })).body.data).toHaveLength(1);
    expect((await admin.post(`${M}/devolve/devolve`, { template_id: id, project_ids: [cuihu] })).body.status).toBe('200');
    expect(await rowOf(id, cuihu)).toMatchObject({ status: 'pending', version: 2, accepted_version: 1 });
    expect((await xmjl.get(`${M}/devolve/items`, { id: row.id, which: 'devolved' })).body.data.map((i: any) => i.label)).toEqual(['绿化带无垃圾', '病虫害情况']);
    expect((await xmjl.post(`${M}/devolve/transition`, { id: row.id, action: 'refuse' })).body.status).not.toBe('200');
    expect((await xmjl.post(`${M}/devolve/transition`, { id: row.id, action: 'refuse', note: '本季度暂不执行' })).body.status).toBe('200');
    expect(await rowOf(id, cuihu)).toMatchObject({ status: 'refused', accepted_version: 1 });
    // Refused: may be sent again; a disabled template may not.
    await admin.post(`${M}/template/enable`, { id, enabled: 0 });
    expect((await admin.post(`${M}/devolve/devolve`, { template_id: id, project_ids: [cuihu] })).body.message).toBe('模板「园区绿化巡检」已停用，不能下发');
  });

  it('lets a project adjust only what the template allows', async () => {
    const id = await newTemplate('楼道堆物检查');
    await admin.post(`${M}/devolve/devolve`, { template_id: id, project_ids: [DEMO_PROJECTS.cuihu.id] });
    const row = await rowOf(id, DEMO_PROJECTS.cuihu.id);
    await xmjl.post(`${M}/devolve/transition`, { id: row.id, action: 'accept' });
    expect((await xmjl.post(`${M}/devolve/update`, { id: row.id, sla_hours: 2 })).body.message).toBe('该模板下发时不允许项目调整');
    expect((await rowOf(id, DEMO_PROJECTS.cuihu.id)).sla_hours).toBe(6);
    expect((await xmjl.get(`${M}/devolve/plans`, { id: row.id })).body.data).toEqual([]);
    // Without a range on the template, headquarters cannot let projects adjust it either.
    expect((await admin.post(`${M}/devolve/devolve`, { template_id: id, project_ids: [DEMO_PROJECTS.jinxiu.id], allow_edit: true })).body.message).toBe('模板「楼道堆物检查」未设定项目可调的完成时限范围，不能允许项目调整');
    expect(await rowOf(id, DEMO_PROJECTS.jinxiu.id)).toBeUndefined();
  });

  it("keeps a project's adjustment within the range the template allowed when it was devolved", async () => {
    const bad = await admin.post(`${M}/template/add`, { name: '地库保洁检查', kind: 'plan', category: 'environment', sla_hours: 6, sla_min_hours: 8, sla_max_hours: 12, form: { items: [{ key: 'q1', component: 'Input', label: '地面无积水', maxLength: 20 }] } });
    expect(bad.body.message).toBe('项目可调最短时限不能长于模板的完成时限');
    const id = await newTemplate('地库保洁检查', { sla_min_hours: 3, sla_max_hours: 12 });
    const cuihu = DEMO_PROJECTS.cuihu.id;
    expect((await admin.post(`${M}/devolve/devolve`, { template_id: id, project_ids: [cuihu], allow_edit: true })).body.status).toBe('200');
    const row = await rowOf(id, cuihu);
    expect(row).toMatchObject({ allow_edit: expect.anything(), sla_min_hours: 3, sla_max_hours: 12 });
    await xmjl.post(`${M}/devolve/transition`, { id: row.id, action: 'accept' });
    for (const hours of [2, 13]) expect((await xmjl.post(`${M}/devolve/update`, { id: row.id, sla_hours: hours })).body.message).toBe('完成时限须在模板允许的 3–12 小时之间');
    expect((await rowOf(id, cuihu)).sla_hours).toBe(6);
    expect((await xmjl.post(`${M}/devolve/update`, { id: row.id, sla_hours: 12 })).body.message).toBe('保存成功');
    // Narrowing the template's range reaches the project only when devolved again.
    expect((await admin.post(`${M}/template/update`, { id, sla_max_hours: 8 })).body.status).toBe('200');
    expect(await rowOf(id, cuihu)).toMatchObject({ sla_hours: 12, sla_max_hours: 12 });
    expect((await xmjl.post(`${M}/devolve/update`, { id: row.id, sla_hours: 10 })).body.message).toBe('保存成功');
    await admin.post(`${M}/template/update`, { id, form: { items: [{ key: 'q1', component: 'Input', label: '地面无积水', maxLength: 20 }, { key: 'q2', component: 'Input', label: '排水沟通畅', maxLength: 20 }] } });
    expect((await admin.post(`${M}/devolve/devolve`, { template_id: id, project_ids: [cuihu], allow_edit: true })).body.status).toBe('200');
    await xmjl.post(`${M}/devolve/transition`, { id: row.id, action: 'accept' });
    expect(await rowOf(id, cuihu)).toMatchObject({ sla_min_hours: 3, sla_max_hours: 8 });
    expect((await xmjl.post(`${M}/devolve/update`, { id: row.id, sla_hours: 10 })).body.message).toBe('完成时限须在模板允许的 3–8 小时之间');
    // The demo's cleaning templates allow a range; the others none.
    const demo = (await admin.post(`${M}/devolve/list`, { pageSize: 100, filters: { project_id: DEMO_PROJECTS.yunqi.id } })).body.data.records as Record<string, any>[];
    for (const r of demo) expect(r.sla_min_hours !== null).toBe(String(r.template_name).includes('保洁'));
  });
});

describe('check-item form sets', () => {
  it('are designed with the form designer, checked, versioned and in the demo', async () => {
    const sets = (await admin.post(`${M}/formSet/list`, { pageSize: 20 })).body.data.records as Record<string, any>[];
    expect(sets.map((s) => s.name)).toEqual(expect.arrayContaining(['公共区域保洁日检检查项', '设备房周巡检检查项', '消防设施月检检查项']));
    const bad = await admin.post(`${M}/formSet/add`, { name: '电梯巡检项', category: 'engineering', form: { items: [{ key: 'q1', component: 'Radio.Group', label: '轿厢照明', required: true, options: [] }] } });
    expect(bad.body.status).toBe('400');
    expect((await admin.post(`${M}/formSet/list`, { pageSize: 1, filters: { name: '电梯巡检项' } })).body.data.total).toBe(0);
    const ok = await admin.post(`${M}/formSet/add`, { name: '电梯巡检项', category: 'engineering', form: { items: [{ key: 'q1', component: 'Radio.Group', label: '轿厢照明', required: true, options: ['正常', '异常'] }] } });
    expect(ok.body.message).toBe('新增成功');
    expect((await xuncha.post(`${M}/formSet/list`, { pageSize: 1 })).http).toBe(403);
  });
});
