import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import type { AnyDB } from '../../server/engine/hooks.ts';

/**
 * Tasks past their deadline (/execution-manager/task, 是否超时): the date timer on plan_end lapses
 * an unfinished task to 已超时 on the timers' clock (injected here), across the day boundary of
 * generated tasks, once; the assignee is told through the push service when a task is sent,
 * generated, transferred, lapsed or sent back; a transfer goes to a staff member of the task's
 * project; a finished task is accepted or sent back for rework.
 */
const server = setUpServer();
const [xmjl, xuncha, weixiu] = setUpApis(server, 'xmjl', 'xuncha', 'weixiu');
const M = '/api/module';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => server.app.db as unknown as AnyDB;
const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (at: number) => {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const at = (day: string, time: string) => new Date(`${day}T${time}:00`).getTime();

const notices = async (staffId: number, taskId: number) =>
  (await db().selectFrom('staff_message').select('content').where('staff_id', '=', staffId).where('type', '=', 'work_task').where('function_id', '=', String(taskId)).orderBy('id').execute()).map((m) => m.content);
const task = async (id: number) => (await xmjl.get(`${M}/task/sheet`, { id })).body.data as Record<string, any>;
const timeline = async (id: number) => (await db().selectFrom('resource_timeline').select(['action', 'staff_name', 'note']).where('resource', '=', 'work_task').where('record_id', '=', id).orderBy('id').execute()) as { action: string; staff_name: string; note: string | null }[];

async function templateId(): Promise<number> {
  return (await db().selectFrom('work_template').select('id').orderBy('id').executeTakeFirstOrThrow()).id as number;
}

async function send(assignee: number, end: number, title = `临时检查${Math.random().toString(36).slice(2, 6)}`): Promise<number> {
  const res = await xmjl.post(`${M}/task/add`, { project_id: DEMO_PROJECTS.cuihu.id, title, template_id: await templateId(), assignee_id: assignee, plan_start: end - 4 * HOUR, plan_end: end });
  expect(res.body.message).toBe('新增成功');
  return res.body.data.id;
}

describe('task deadlines, transfers and reviews', () => {
  it('lapse an unfinished task at its deadline, once, tell its assignee, and keep it counted overdue when finished', async () => {
    const end = Date.now() + HOUR;
    const id = await send(DEMO_STAFF.xuncha, end, '地库排水沟检查');
    expect(await notices(DEMO_STAFF.xuncha, id)).toEqual([expect.stringMatching(/^作业任务「地库排水沟检查」已派给您，请于 \d{4}-\d\d-\d\d \d\d:\d\d 前完成$/)]);
    // A manager may not mark it before its deadline.
    const early = await xmjl.post(`${M}/task/transition`, { id, action: 'lapse' });
    expect([early.http, early.body.message]).toEqual([400, '尚未到截止时间，不能标记超时']);
    await server.app.workflowTimers.run(end - 1);
    expect((await task(id)).status).toBe('pending');
    await server.app.workflowTimers.run(end);
    expect(await task(id)).toMatchObject({ status: 'overdue', overdue: 1 });
    await server.app.workflowTimers.run(end + 5 * 60_000);
    const lapses = (await timeline(id)).filter((t) => t.action === 'lapse');
    expect(lapses).toEqual([{ action: 'lapse', staff_name: '系统', note: '已到截止时间，系统自动标记超时' }]);
    expect((await notices(DEMO_STAFF.xuncha, id)).at(-1)).toMatch(/^作业任务「地库排水沟检查」已超过截止时间 .+ 仍未完成，请尽快处理$/);
    // The overdue list of the execution manager holds it.
    const listed = (await xmjl.post(`${M}/task/list`, { pageSize: 1000, filters: { overdue: 1, status: ['overdue'] } })).body.data.records as { id: number }[];
    expect(listed.map((t) => t.id)).toContain(id);
    const done = await xuncha.post(`${M}/task/transition`, { id, action: 'finish', values: { result: await answers() } });
    expect(done.body.message).toBe('任务已完成');
    expect(await task(id)).toMatchObject({ status: 'done', overdue: 1 });
  });

  it('lapse generated tasks day by day across the day boundary, and tell each assignee of each new task once', async () => {
    const tomorrow = dayText(Date.now() + DAY);
    const after = dayText(Date.now() + 2 * DAY);
    const made = await xmjl.post(`${M}/plan/add`, { project_id: DEMO_PROJECTS.cuihu.id, name: '夜间巡检（测试）', template_id: await templateId(), period: 'day', start_date: tomorrow, end_date: after, start_time: '20:00', end_time: '23:59', lead_minutes: 0, assignee_id: DEMO_STAFF.xuncha });
    const planId = made.body.data.id;
    const tasksOf = async () => ((await xmjl.post(`${M}/task/list`, { pageSize: 100, filters: { plan_id: planId } })).body.data.records as Record<string, any>[]).sort((a, b) => a.period_key.localeCompare(b.period_key));
    // One pass makes the day's task; the next tells its assignee (the schedule writes without hooks).
    await server.app.workflowTimers.run(at(tomorrow, '20:00'));
    await server.app.workflowTimers.run(at(tomorrow, '20:01'));
    const [first] = await tasksOf();
    expect([first.period_key, first.status]).toEqual([tomorrow, 'pending']);
    expect(await notices(DEMO_STAFF.xuncha, first.id)).toHaveLength(1);
    // At midnight the first day's task has lapsed; the next day's is not yet due.
    await server.app.workflowTimers.run(at(after, '00:00'));
    await server.app.workflowTimers.run(at(after, '00:01'));
    expect((await tasksOf()).map((t) => [t.period_key, t.status, t.overdue])).toEqual([[tomorrow, 'overdue', 1]]);
    await server.app.workflowTimers.run(at(after, '20:00'));
    await server.app.workflowTimers.run(at(after, '20:01'));
    expect((await tasksOf()).map((t) => [t.period_key, t.status])).toEqual([[tomorrow, 'overdue'], [after, 'pending']]);
    const second = (await tasksOf())[1];
    expect(await notices(DEMO_STAFF.xuncha, second.id)).toHaveLength(1);
    expect(await notices(DEMO_STAFF.xuncha, first.id)).toHaveLength(2);
  });

  it('transfer a task only to staff of its project, with a later deadline, and tell the new assignee', async () => {
    const id = await send(DEMO_STAFF.xuncha, Date.now() + 2 * HOUR, '单元门禁检查');
    const other = (await db().selectFrom('staff').select('id').where('org_id', '=', DEMO_PROJECTS.binjiang.id).executeTakeFirstOrThrow()).id as number;
    const later = Date.now() + DAY;
    const outside = await xmjl.post(`${M}/task/transition`, { id, action: 'transfer', note: '人员调整', values: { assignee_id: other, plan_end: later } });
    expect([outside.http, outside.body.message]).toEqual([400, '只能转派给本项目在职的员工']);
    const past = await xmjl.post(`${M}/task/transition`, { id, action: 'transfer', note: '人员调整', values: { assignee_id: DEMO_STAFF.weixiu, plan_end: Date.now() - 60_000 } });
    expect(past.body.message).toBe('新的截止时间须晚于当前时间');
    expect((await xmjl.post(`${M}/task/transition`, { id, action: 'transfer', values: { assignee_id: DEMO_STAFF.weixiu, plan_end: later } })).body.message).toBe('请填写转派说明');
    expect((await xuncha.post(`${M}/task/transition`, { id, action: 'transfer', note: '我不想做', values: { assignee_id: DEMO_STAFF.weixiu, plan_end: later } })).http).toBe(403);
    expect(await task(id)).toMatchObject({ assignee_id: DEMO_STAFF.xuncha, status: 'pending' });
    const moved = await xmjl.post(`${M}/task/transition`, { id, action: 'transfer', note: '巡查员休假', values: { assignee_id: DEMO_STAFF.weixiu, plan_end: later } });
    expect(moved.body.message).toBe('任务已转派');
    expect(await task(id)).toMatchObject({ assignee_id: DEMO_STAFF.weixiu, plan_end: later, status: 'pending' });
    expect(await notices(DEMO_STAFF.weixiu, id)).toEqual([expect.stringMatching(/^作业任务「单元门禁检查」已转派给您，请于 .+ 前完成$/)]);
    // The former assignee can no longer finish it; the new one can.
    expect((await xuncha.post(`${M}/task/transition`, { id, action: 'finish', values: { result: await answers() } })).http).toBeGreaterThanOrEqual(403);
    expect((await weixiu.post(`${M}/task/transition`, { id, action: 'finish', values: { result: await answers() } })).body.message).toBe('任务已完成');
  });

  it('accept a finished task, or send it back for rework with a new deadline', async () => {
    const a = await send(DEMO_STAFF.xuncha, Date.now() + 2 * HOUR);
    const b = await send(DEMO_STAFF.xuncha, Date.now() + 2 * HOUR, '消防通道检查');
    const early = await xmjl.post(`${M}/task/transition`, { id: a, action: 'pass' });
    expect([early.http, early.body.message]).toEqual([409, '当前状态为「未开始」，不能验收通过']);
    for (const id of [a, b]) expect((await xuncha.post(`${M}/task/transition`, { id, action: 'finish', values: { result: await answers() } })).body.message).toBe('任务已完成');
    expect((await xuncha.post(`${M}/task/transition`, { id: a, action: 'pass' })).http).toBe(403);
    expect((await xmjl.post(`${M}/task/transition`, { id: a, action: 'pass' })).http).toBe(200);
    expect(await task(a)).toMatchObject({ status: 'accepted', reviewer_id: DEMO_STAFF.xmjl });
    expect((await xmjl.post(`${M}/task/transition`, { id: b, action: 'rework', values: { plan_end: Date.now() + DAY } })).body.message).toBe('请填写退回返工说明');
    const back = await xmjl.post(`${M}/task/transition`, { id: b, action: 'rework', note: '照片不清晰，请重新拍摄', values: { plan_end: Date.now() + DAY } });
    expect(back.body.message).toBe('已退回返工');
    expect(await task(b)).toMatchObject({ status: 'processing', rework_count: 1, finished_at: null });
    // A rework is a review: who and when are kept, so the execution analysis counts it (返工率 = 返工数 ÷ 验收数).
    expect(await task(b)).toMatchObject({ reviewer_id: DEMO_STAFF.xmjl, reviewed_at: expect.any(Number) });
    expect((await notices(DEMO_STAFF.xuncha, b)).at(-1)).toMatch(/^作业任务「消防通道检查」验收未通过，已退回返工，请于 .+ 前重新提交$/);
  });
});

/** Answers that satisfy the first demo template's form (each required item given its first option). */
async function answers(): Promise<Record<string, unknown>> {
  const tpl = await db().selectFrom('work_template').select('form').orderBy('id').executeTakeFirstOrThrow();
  const form = JSON.parse(String(tpl.form)) as { items: { key: string; options?: string[]; component: string; required?: boolean; minimum?: number }[] };
  return Object.fromEntries(form.items.filter((i) => i.required).map((i) => [i.key, i.options?.[0] ?? (i.component === 'NumberPicker' ? i.minimum : '正常')]));
}
