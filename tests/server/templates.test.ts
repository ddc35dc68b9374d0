import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import type { AnyDB } from '../../server/engine/hooks.ts';

/**
 * Standard work (/module-manager/*, /execution-manager/*): templates of check items, plans whose
 * schedule (the engine's recurring generation) makes tasks once per period on the timers' clock
 * and catches up after downtime, tasks finished with the template's form, the execution analysis.
 */
const server = setUpServer();
const [admin, xmjl, xuncha, weixiu, pinzhi] = setUpApis(server, 'admin', 'xmjl', 'xuncha', 'weixiu', 'pinzhi');
const M = '/api/module';
const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (at: number) => {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const at = (day: string, time: string) => new Date(`${day}T${time}:00`).getTime();

async function template(): Promise<number> {
  const res = await admin.post(`${M}/template/add`, {
    name: `电梯机房检查${Math.random().toString(36).slice(2, 7)}`,
    kind: 'plan',
    category: 'engineering',
    sla_hours: 8,
    form: { items: [{ key: 'q1', component: 'Radio.Group', label: '机房温度正常', required: true, options: ['合格', '不合格'] }, { key: 'q2', component: 'Input', label: '备注', maxLength: 10 }] },
  });
  expect(res.body.message).toBe('新增成功');
  return res.body.data.id;
}

async function plan(body: Record<string, unknown>): Promise<number> {
  const res = await xmjl.post(`${M}/plan/add`, { project_id: DEMO_PROJECTS.cuihu.id, name: `计划${Math.random().toString(36).slice(2, 7)}`, start_time: '09:00', end_time: '17:00', lead_minutes: 60, assignee_id: DEMO_STAFF.xuncha, ...body });
  expect(res.body.message).toBe('新增成功');
  return res.body.data.id;
}

const tasksOf = async (planId: number) => ((await xmjl.post(`${M}/task/list`, { pageSize: 100, filters: { plan_id: planId } })).body.data.records as Record<string, any>[]).sort((a, b) => a.period_key.localeCompare(b.period_key));

describe('standard work', () => {
  it('is in the demo: templates, plans in every project, three months of generated tasks, mostly done', async () => {
    const plans = (await admin.post(`${M}/plan/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(new Set(plans.map((p) => p.project_id)).size).toBe(4);
    const tasks = (await admin.post(`${M}/task/list`, { pageSize: 1000 })).body.data;
    expect(tasks.total).toBeGreaterThan(400);
    const records = tasks.records as Record<string, any>[];
    expect(Math.min(...records.map((t) => t.plan_start))).toBeLessThan(Date.now() - 60 * DAY);
    // Today's tasks are still 未开始 until their window ends (then 已超时), so pending depends on the hour.
    const statuses = new Set(records.map((t) => t.status));
    expect([...statuses].every((s) => ['done', 'accepted', 'overdue', 'pending', 'closed'].includes(s))).toBe(true);
    expect(['done', 'accepted', 'overdue', 'closed'].every((s) => statuses.has(s))).toBe(true);
    expect(records.some((t) => t.overdue === 1)).toBe(true);
  });

  it('generate one task per period, a lead before it opens, never twice, and catch up after downtime', async () => {
    const tpl = await template();
    const today = dayText(Date.now());
    const monday = (() => {
      const d = new Date(`${today}T00:00:00`);
      d.setDate(d.getDate() + ((8 - (d.getDay() || 7)) % 7 || 7));
      return dayText(d.getTime());
    })();
    const weekly = await plan({ template_id: tpl, period: 'week', days: ['1', '4'], start_date: today, end_date: dayText(Date.now() + 60 * DAY) });
    // The evening before the Monday: nothing; 08:00 on Monday (the lead of an hour): the Monday task.
    await server.app.workflowTimers.run(at(monday, '07:59') - DAY);
    expect((await tasksOf(weekly)).map((t) => t.period_key).filter((k) => k >= monday)).toEqual([]);
    await server.app.workflowTimers.run(at(monday, '08:00'));
    await server.app.workflowTimers.run(at(monday, '08:01'));
    const first = (await tasksOf(weekly)).filter((t) => t.period_key >= monday);
    expect(first.map((t) => [t.period_key, t.source, t.status, t.assignee_id])).toEqual([[monday, 'plan', 'pending', DEMO_STAFF.xuncha]]);
    expect([first[0].plan_start, first[0].plan_end]).toEqual([at(monday, '09:00'), at(monday, '17:00')]);
    // Down from Monday to the next Monday evening: the Thursday missed and the Monday are made once.
    const nextMonday = dayText(new Date(`${monday}T12:00:00`).getTime() + 7 * DAY);
    const thursday = dayText(new Date(`${monday}T12:00:00`).getTime() + 3 * DAY);
    await server.app.workflowTimers.run(at(nextMonday, '20:00'));
    await server.app.workflowTimers.run(at(nextMonday, '20:01'));
    expect((await tasksOf(weekly)).filter((t) => t.period_key >= monday).map((t) => t.period_key)).toEqual([monday, thursday, nextMonday]);
  });

  it('generate monthly and fixed-date tasks only on their days, and not from a disabled plan', async () => {
    const tpl = await template();
    const base = new Date(Date.now() + 40 * DAY);
    const firstOfMonth = `${base.getFullYear()}-${pad(base.getMonth() + 1)}-01`;
    const monthly = await plan({ template_id: tpl, period: 'month', days: ['1', '15'], start_date: dayText(Date.now()), end_date: dayText(Date.now() + 90 * DAY) });
    const fixed = await plan({ template_id: tpl, period: 'fixed', days: [firstOfMonth], start_date: dayText(Date.now()), end_date: dayText(Date.now() + 90 * DAY) });
    const paused = await plan({ template_id: tpl, period: 'day', start_date: dayText(Date.now()), end_date: dayText(Date.now() + 90 * DAY) });
    expect((await xmjl.post(`${M}/plan/enable`, { id: paused, enabled: 0 })).http).toBe(200);
    await server.app.workflowTimers.run(at(firstOfMonth, '12:00'));
    expect((await tasksOf(monthly)).map((t) => t.period_key).at(-1)).toBe(firstOfMonth);
    expect((await tasksOf(monthly)).every((t) => /-(01|15)$/.test(t.period_key))).toBe(true);
    expect((await tasksOf(fixed)).map((t) => t.period_key)).toEqual([firstOfMonth]);
    expect(await tasksOf(paused)).toEqual([]);
  });

  it('refuse a plan whose window or days are wrong', async () => {
    const tpl = await template();
    const bad = await xmjl.post(`${M}/plan/add`, { project_id: DEMO_PROJECTS.cuihu.id, name: '错误计划', template_id: tpl, period: 'day', start_date: '2026-12-10', end_date: '2026-12-01', start_time: '09:00', end_time: '17:00', lead_minutes: 0, assignee_id: DEMO_STAFF.xuncha });
    expect([bad.http, bad.body.message]).toEqual([400, '结束日期不能早于开始日期']);
    const hours = await xmjl.post(`${M}/plan/add`, { project_id: DEMO_PROJECTS.cuihu.id, name: '错误计划', template_id: tpl, period: 'day', start_date: '2026-12-01', end_date: '2026-12-10', start_time: '18:00', end_time: '17:00', lead_minutes: 0, assignee_id: DEMO_STAFF.xuncha });
    expect(hours.body.message).toBe('每日截止须晚于每日开始');
    const cycle = await xmjl.post(`${M}/plan/add`, { project_id: DEMO_PROJECTS.cuihu.id, name: '错误计划', template_id: tpl, period: 'hourly', start_date: '2026-12-01', end_date: '2026-12-10', start_time: '09:00', end_time: '17:00', lead_minutes: 0, assignee_id: DEMO_STAFF.xuncha });
    expect(cycle.http).toBe(400);
  });

  it('are finished by their assignee with the template form, checked, and counted by the analysis', async () => {
    const tpl = await template();
    const sent = await xmjl.post(`${M}/task/add`, { project_id: DEMO_PROJECTS.cuihu.id, title: '临时机房检查', template_id: tpl, assignee_id: DEMO_STAFF.xuncha, plan_start: Date.now() - 3_600_000, plan_end: Date.now() + 3_600_000 });
    expect(sent.body.message).toBe('新增成功');
    const id = sent.body.data.id;
    // Another technician cannot finish it (not theirs: out of their own-records scope, or not the assignee).
    expect([403, 404]).toContain((await weixiu.post(`${M}/task/transition`, { id, action: 'finish', values: { result: { q1: '合格' } } })).http);
    const wrong = await xuncha.post(`${M}/task/transition`, { id, action: 'finish', values: { result: { q1: '还行' } } });
    expect([wrong.http, wrong.body.message]).toEqual([400, '「机房温度正常」的答案不在选项中']);
    expect((await xuncha.post(`${M}/task/transition`, { id, action: 'finish', values: { result: { q2: '无' } } })).body.message).toBe('「机房温度正常」为必答题');
    const before = (await xmjl.post('/api/execution/report/workTaskSummary/query', { groupBy: 'template', filters: { template_id: tpl } })).body.data;
    const done = await xuncha.post(`${M}/task/transition`, { id, action: 'finish', values: { result: { q1: '合格', q2: '正常' } } });
    expect(done.body.message).toBe('任务已完成');
    const sheet = (await xmjl.get(`${M}/task/sheet`, { id })).body.data;
    expect(sheet).toMatchObject({ status: 'done', source: 'manual', overdue: 0, form_version: 1, result: { q1: '合格', q2: '正常' }, mine: false });
    const after = (await xmjl.post('/api/execution/report/workTaskSummary/query', { groupBy: 'template', filters: { template_id: tpl } })).body.data;
    expect([before.totals.done, after.totals.done, after.totals.total]).toEqual([0, 1, 1]);
  });

  it('count the on-time rate: finished no later than the deadline, of the finished tasks', async () => {
    const tpl = await template();
    const now = Date.now();
    const send = async (title: string, end: number) => (await xmjl.post(`${M}/task/add`, { project_id: DEMO_PROJECTS.cuihu.id, title, template_id: tpl, assignee_id: DEMO_STAFF.xuncha, plan_start: end - 4 * 3_600_000, plan_end: end })).body.data.id as number;
    const finish = async (id: number) => expect((await xuncha.post(`${M}/task/transition`, { id, action: 'finish', values: { result: { q1: '合格' } } })).body.message).toBe('任务已完成');
    await finish(await send('按时完成的检查', now + 3_600_000));
    await finish(await send('逾期完成的检查', now - 3_600_000));
    await send('逾期未完成的检查', now - 3_600_000);
    await server.app.workflowTimers.run(now);
    const mine = (await xmjl.post('/api/execution/report/workTaskSummary/query', { groupBy: 'template', filters: { template_id: tpl } })).body.data;
    expect(mine.totals).toMatchObject({ total: 3, done: 2, onTime: 1, onTimeRate: 50, overdue: 2 });
    expect(mine.measures.find((m: { name: string }) => m.name === 'onTimeRate')).toMatchObject({ title: '按时完成率', cell: 'percent' });
    // Over every task of the demo, by project and by person: the figure is the count of finished tasks not after their deadline.
    const rows = (await (server.app.db as unknown as AnyDB).selectFrom('work_task').select(['project_id', 'assignee_id', 'status', 'finished_at', 'plan_end']).execute()) as Record<string, any>[];
    const finished = rows.filter((t) => ['done', 'accepted'].includes(t.status));
    const onTime = finished.filter((t) => t.finished_at !== null && t.finished_at <= t.plan_end);
    const ratio = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0);
    for (const [groupBy, field] of [['project', 'project_id'], ['assignee', 'assignee_id']] as const) {
      const all = (await admin.post('/api/execution/report/workTaskSummary/query', { groupBy })).body.data;
      expect(all.totals).toMatchObject({ done: finished.length, onTime: onTime.length, onTimeRate: ratio(onTime.length, finished.length) });
      for (const r of all.rows) {
        const n = onTime.filter((t) => t[field] === r.key).length;
        expect([r.key, r.onTime, r.onTimeRate]).toEqual([r.key, n, ratio(n, finished.filter((t) => t[field] === r.key).length)]);
      }
    }
    expect(onTime.length).toBeLessThan(finished.length);
  });

  it('follow the data scope and the grants', async () => {
    expect((await weixiu.post(`${M}/plan/add`, {})).http).toBe(403);
    const south = (await pinzhi.post(`${M}/task/list`, { pageSize: 1000 })).body.data.records as { project_id: number }[];
    expect(new Set(south.map((t) => t.project_id))).toEqual(new Set([DEMO_PROJECTS.binjiang.id, DEMO_PROJECTS.yunqi.id]));
    const cuihu = (await xmjl.post(`${M}/task/list`, { pageSize: 1 })).body.data.records[0];
    expect((await pinzhi.get(`${M}/task/sheet`, { id: cuihu.id })).http).toBe(404);
  });
});
