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
