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
const [admin, xmjl, xuncha, weixiu] = setUpApis(server, 'admin', 'xmjl', 'xuncha', 'weixiu');
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

describe('the actions a template allows its tasks', () => {
  const FORM = { items: [{ key: 'q1', component: 'Radio.Group', label: '地面洁净', required: true, options: ['合格', '不合格'] }] };
  const move = (id: number, action: string, body: Record<string, unknown> = {}) => xmjl.post(`${M}/task/transition`, { id, action, ...body });
  const sendWith = async (template: number, end: number) => (await xmjl.post(`${M}/task/add`, { project_id: DEMO_PROJECTS.cuihu.id, title: `模板操作检查${Math.random().toString(36).slice(2, 6)}`, template_id: template, assignee_id: DEMO_STAFF.xuncha, plan_start: end - 4 * HOUR, plan_end: end })).body.data.id as number;
  async function devolved(actions: string[]): Promise<{ template: number; devolve: number }> {
    const template = (await admin.post(`${M}/template/add`, { name: `大堂巡检${Math.random().toString(36).slice(2, 6)}`, kind: 'task', category: 'environment', sla_hours: 4, actions, form: FORM })).body.data.id as number;
    expect((await admin.post(`${M}/devolve/devolve`, { template_id: template, project_ids: [DEMO_PROJECTS.cuihu.id] })).body.message).toBe('已下发到 1 个项目，待项目接收');
    const devolve = (await db().selectFrom('template_devolve').select('id').where('template_id', '=', template).executeTakeFirstOrThrow()).id as number;
    return { template, devolve };
  }

  it('let a project narrow them once accepted, never widen them, and follow the narrowing on its open tasks and plans', async () => {
    const { template, devolve } = await devolved(['transfer', 'suspend', 'extend']);
    const early = await xmjl.post(`${M}/devolve/update`, { id: devolve, actions: ['transfer'] });
    expect([early.http, early.body.message]).toEqual([409, '接收模板后才能调整']);
    expect((await xmjl.post(`${M}/devolve/transition`, { id: devolve, action: 'accept' })).http).toBe(200);
    const open = await sendWith(template, Date.now() + 2 * HOUR);
    expect((await task(open)).actions).toEqual(['transfer', 'suspend', 'extend']);
    const wider = await xmjl.post(`${M}/devolve/update`, { id: devolve, actions: ['transfer', 'copy', 'assist'] });
    expect([wider.http, wider.body.message]).toEqual([409, '模板未允许「协助、抄送」，项目只能在模板允许的操作中取舍']);
    expect((await xmjl.post(`${M}/devolve/update`, { id: devolve, actions: ['extend', 'transfer'] })).body.message).toBe('保存成功');
    const plan = (await xmjl.post(`${M}/plan/add`, { project_id: DEMO_PROJECTS.cuihu.id, name: '大堂巡检计划', template_id: template, period: 'day', start_date: dayText(Date.now() + DAY), end_date: dayText(Date.now() + 2 * DAY), start_time: '09:00', end_time: '17:00', lead_minutes: 0, assignee_id: DEMO_STAFF.xuncha })).body.data.id as number;
    await server.app.workflowTimers.run(at(dayText(Date.now() + DAY), '09:00'));
    const generated = (await db().selectFrom('work_task').select('id').where('plan_id', '=', plan).executeTakeFirstOrThrow()).id as number;
    const fresh = await sendWith(template, Date.now() + 2 * HOUR);
    for (const id of [open, generated, fresh]) expect((await task(id)).actions).toEqual(['transfer', 'extend']);
    const held = await move(fresh, 'suspend', { note: '大堂装修' });
    expect([held.http, held.body.message]).toEqual([409, '该任务的作业模板不允许挂起']);
  });

  it('refuse every move the template does not allow, changing nothing', async () => {
    const { template, devolve } = await devolved([]);
    expect((await xmjl.post(`${M}/devolve/transition`, { id: devolve, action: 'accept' })).http).toBe(200);
    const id = await sendWith(template, Date.now() + 2 * HOUR);
    const later = Date.now() + DAY;
    const refusals = [
      await move(id, 'transfer', { note: '人员调整', values: { assignee_id: DEMO_STAFF.weixiu, plan_end: later } }),
      await move(id, 'suspend', { note: '停水' }),
      await move(id, 'extend', { note: '材料未到', values: { plan_end: later } }),
    ];
    expect(refusals.map((r) => [r.http, r.body.message])).toEqual([
      [409, '该任务的作业模板不允许转派'],
      [409, '该任务的作业模板不允许挂起'],
      [409, '该任务的作业模板不允许延期'],
    ]);
    expect(await task(id)).toMatchObject({ status: 'pending', assignee_id: DEMO_STAFF.xuncha, actions: [] });
    expect((await timeline(id)).map((t) => t.action)).toEqual(['create']);
  });

  it('suspend a task, stopping its deadline clock, and resume it with the deadline moved on by the time held', async () => {
    const end = Date.now() + 2 * HOUR;
    const id = await send(DEMO_STAFF.xuncha, end, '中庭绿化保洁');
    expect((await move(id, 'suspend')).body.message).toBe('请填写挂起说明');
    expect((await xuncha.post(`${M}/task/transition`, { id, action: 'suspend', note: '下雨' })).http).toBe(403);
    expect((await move(id, 'suspend', { note: '暴雨，室外保洁暂停' })).body.message).toBe('任务已挂起，截止时间暂停计时');
    expect(await task(id)).toMatchObject({ status: 'suspended', suspended_at: expect.any(Number) });
    expect((await notices(DEMO_STAFF.xuncha, id)).at(-1)).toBe('作业任务「中庭绿化保洁」已挂起，暂停计时，恢复后再继续执行');
    // Suspended past its deadline: the timer leaves it, and its assignee cannot submit it.
    await server.app.workflowTimers.run(end + HOUR);
    expect((await task(id)).status).toBe('suspended');
    expect((await xuncha.post(`${M}/task/transition`, { id, action: 'finish', values: { result: await answers() } })).http).toBe(409);
    // Held three hours: the deadline moves three hours on.
    await db().updateTable('work_task').set({ suspended_at: Date.now() - 3 * HOUR }).where('id', '=', id).execute();
    expect((await move(id, 'resume')).body.message).toBe('任务已恢复，截止时间顺延挂起的时长');
    const resumed = await task(id);
    expect(resumed).toMatchObject({ status: 'processing', suspended_at: null });
    expect(Math.abs(resumed.plan_end - (end + 3 * HOUR))).toBeLessThan(60_000);
    expect((await notices(DEMO_STAFF.xuncha, id)).at(-1)).toMatch(/^作业任务「中庭绿化保洁」已恢复，截止时间顺延至 .+$/);
  });

  it('add helpers and watchers of the project who then see the task and are told, where the template allows it', async () => {
    const cleaning = await send(DEMO_STAFF.xuncha, Date.now() + 2 * HOUR, '架空层保洁');
    const people = (action: string, staff_ids: number[], id = cleaning, who = xmjl) => who.post(`${M}/task/${action}`, { id, staff_ids, note: '人手不足' });
    const mine = async (who: typeof weixiu) => ((await who.post(`${M}/task/list`, { pageSize: 1000 })).body.data.records as { id: number }[]).map((t) => t.id);
    expect(await mine(weixiu)).not.toContain(cleaning);
    const other = (await db().selectFrom('staff').select('id').where('org_id', '=', DEMO_PROJECTS.binjiang.id).executeTakeFirstOrThrow()).id as number;
    const refusals = [await people('assist', [other]), await people('assist', [DEMO_STAFF.xuncha]), await people('copy', [DEMO_STAFF.kefu]), await people('assist', [DEMO_STAFF.weixiu], cleaning, xuncha)];
    expect(refusals.map((r) => [r.http, r.body.message])).toEqual([
      [400, '只能协助本项目在职的员工'],
      [400, '执行人本人不必协助'],
      [409, '该任务的作业模板不允许抄送'],
      [403, expect.any(String)],
    ]);
    expect((await people('assist', [DEMO_STAFF.weixiu])).body.message).toBe('已邀请协助');
    expect((await people('assist', [DEMO_STAFF.weixiu])).body.message).toBe('所选员工都已在协助名单中');
    expect(await mine(weixiu)).toContain(cleaning);
    expect(await notices(DEMO_STAFF.weixiu, cleaning)).toEqual(['作业任务「架空层保洁」邀请您协助执行，可在任务详情查看']);
    expect((await task(cleaning)).helpers).toEqual(['王师傅']);
    expect((await timeline(cleaning)).at(-1)).toMatchObject({ action: '协助', note: '王师傅：人手不足' });
    // A helper works beside the assignee: the result is still the assignee's to submit.
    expect((await weixiu.post(`${M}/task/transition`, { id: cleaning, action: 'finish', values: { result: await answers() } })).http).toBe(403);
    // The equipment rounds allow 抄送: a watcher reads the task and is told.
    const rounds = (await db().selectFrom('work_template').select('id').where('name', '=', '设备房周巡检').executeTakeFirstOrThrow()).id as number;
    const watched = (await xmjl.post(`${M}/task/add`, { project_id: DEMO_PROJECTS.cuihu.id, title: '水泵房巡检', template_id: rounds, assignee_id: DEMO_STAFF.weixiu, plan_start: Date.now(), plan_end: Date.now() + 4 * HOUR })).body.data.id as number;
    expect((await people('copy', [DEMO_STAFF.kefu], watched)).body.message).toBe('已抄送');
    expect(await notices(DEMO_STAFF.kefu, watched)).toEqual(['作业任务「水泵房巡检」已抄送给您，请知悉']);
    expect((await task(watched)).watchers).toEqual(['林晓雯']);
    // Finished: nobody is added any more.
    expect((await xuncha.post(`${M}/task/transition`, { id: cleaning, action: 'finish', values: { result: await answers() } })).body.message).toBe('任务已完成');
    const late = await people('assist', [DEMO_STAFF.kefu]);
    expect([late.http, late.body.message]).toEqual([409, '当前状态为「已完成」，不能协助']);
  });

  it('extend a task to a later deadline with a note, also one already overdue', async () => {
    const end = Date.now() + 2 * HOUR;
    const id = await send(DEMO_STAFF.xuncha, end, '屋面排水检查');
    expect((await move(id, 'extend', { values: { plan_end: end + DAY } })).body.message).toBe('请填写延期说明');
    const sooner = await move(id, 'extend', { note: '材料未到', values: { plan_end: end - HOUR } });
    expect([sooner.http, sooner.body.message]).toEqual([400, '延期后的截止时间须晚于原截止时间和当前时间']);
    expect((await task(id)).plan_end).toBe(end);
    expect((await move(id, 'extend', { note: '防水材料周三到货', values: { plan_end: end + DAY } })).body.message).toBe('任务已延期');
    expect(await task(id)).toMatchObject({ status: 'pending', plan_end: end + DAY });
    expect((await notices(DEMO_STAFF.xuncha, id)).at(-1)).toMatch(/^作业任务「屋面排水检查」已延期，请于 .+ 前完成$/);
    const lapsed = await send(DEMO_STAFF.xuncha, Date.now() - HOUR, '水箱间检查');
    await server.app.workflowTimers.run(Date.now());
    expect((await task(lapsed)).status).toBe('overdue');
    expect((await move(lapsed, 'extendStarted', { note: '水箱间钥匙在物业总部', values: { plan_end: Date.now() + DAY } })).body.message).toBe('任务已延期');
    expect(await task(lapsed)).toMatchObject({ status: 'processing', overdue: 1 });
  });
});

/** Answers that satisfy the first demo template's form (each required item given its first option). */
async function answers(): Promise<Record<string, unknown>> {
  const tpl = await db().selectFrom('work_template').select('form').orderBy('id').executeTakeFirstOrThrow();
  const form = JSON.parse(String(tpl.form)) as { items: { key: string; options?: string[]; component: string; required?: boolean; minimum?: number }[] };
  return Object.fromEntries(form.items.filter((i) => i.required).map((i) => [i.key, i.options?.[0] ?? (i.component === 'NumberPicker' ? i.minimum : '正常')]));
}
