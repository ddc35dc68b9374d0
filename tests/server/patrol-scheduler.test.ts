import { describe, expect, it } from 'vitest';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { runScheduler, schedulerInterval } from '../../server/modules/patrol/schedule.ts';
import { todaySchedule } from '../../server/modules/patrol/todaySchedule.ts';
import { addDays, atTime, dayOf } from '../../server/modules/patrol/common.ts';
import { todayNote, type TodaySchedule } from '../../src/modules/patrol/todayNote.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

/**
 * The task scheduler with a clock of the test's choosing (years ahead, so the server's own
 * minute timer, which runs on the real clock, never touches these plans' days).
 */
const server = setUpServer();
const admin = setUpApi(server);

const P = '/api/patrol';
const pointId = async (name: string) => (await server.app.db.selectFrom('tbp_point').select('id').where('name', '=', name).where('project_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirstOrThrow()).id;
const staffId = async (account: string) => (await server.app.db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const postId = async (name: string) => (await server.app.db.selectFrom('post').select('id').where('org_id', '=', DEMO_PROJECTS.cuihu.id).where('name', '=', name).executeTakeFirstOrThrow()).id;
const tasksOf = (planId: number) => server.app.db.selectFrom('tbp_task').selectAll().where('plan_id', '=', planId).orderBy('task_day').orderBy('id').execute();
const run = (day: string, time: string) => runScheduler(server.app.db, atTime(day, time));

async function addPlan(overrides: Record<string, unknown>) {
  const answer = await admin.post(`${P}/tbpPlan/add`, {
    projectId: DEMO_PROJECTS.cuihu.id,
    stripeCode: 'ENG',
    assignType: 'staff',
    staffIds: [DEMO_STAFF.weixiu],
    freqType: 'daily',
    startTime: '14:00',
    endTime: '16:00',
    leadMinutes: 60,
    pointIds: [await pointId('1号配电房'), await pointId('生活水泵房')],
    ...overrides,
  });
  expect(answer.body.message).toBe('新增成功');
  return answer.body.data.id as number;
}

describe('the scheduler', () => {
  it('gives a weekly plan tasks on exactly its weekdays, and running it again gives no more', async () => {
    const planId = await addPlan({ name: '周一三五机房巡检', freqType: 'weekly', freqDays: [1, 3, 5], startDate: '2031-03-03', endDate: '2031-03-16' });
    for (let day = '2031-03-01'; day <= '2031-03-17'; day = addDays(day, 1)) await run(day, '23:00');
    const tasks = await tasksOf(planId);
    expect(tasks.map((t) => t.task_day)).toEqual(['2031-03-03', '2031-03-05', '2031-03-07', '2031-03-10', '2031-03-12', '2031-03-14']);
    // 2031-03-03 is a Monday: every task day is a Monday, Wednesday or Friday.
    expect(new Set(tasks.map((t) => new Date(`${t.task_day}T12:00:00`).getDay()))).toEqual(new Set([1, 3, 5]));
    expect(tasks.every((t) => t.point_count === 2 && t.executor_id !== null && t.assignee_type === 'staff')).toBe(true);

    for (let day = '2031-03-01'; day <= '2031-03-17'; day = addDays(day, 1)) {
      const again = await run(day, '23:00');
      expect(again.created).toBe(0);
    }
    expect(await tasksOf(planId)).toHaveLength(6);
    // Nobody checked in: every past day's task ended missed.
    expect(new Set((await tasksOf(planId)).map((t) => t.status))).toEqual(new Set(['missed']));
  });

  it('creates a task lead minutes before its window, makes it overdue after, and missed when its day is over', async () => {
    const planId = await addPlan({
      name: '每月 1、15 日消防检查',
      stripeCode: 'QC',
      assignType: 'post',
      postId: await postId('巡检员'),
      staffIds: [],
      freqType: 'monthly',
      freqDays: [1, 15],
      startDate: '2031-04-01',
      endDate: '2031-04-30',
      startTime: '09:00',
      endTime: '11:00',
      leadMinutes: 30,
      pointIds: [await pointId('1栋大堂灭火器')],
    });
    await run('2031-04-01', '08:29');
    expect(await tasksOf(planId)).toHaveLength(0);
    await run('2031-04-01', '08:30');
    let [task] = await tasksOf(planId);
    expect(task).toMatchObject({ task_day: '2031-04-01', status: 'not_started', assignee_type: 'post', executor_id: null, window_start: atTime('2031-04-01', '09:00'), window_end: atTime('2031-04-01', '11:00') });
    await run('2031-04-01', '10:59');
    expect((await tasksOf(planId))[0]!.status).toBe('not_started');
    const overdue = await run('2031-04-01', '11:00');
    expect(overdue.overdue).toBeGreaterThanOrEqual(1);
    expect((await tasksOf(planId))[0]!.status).toBe('overdue');
    await run('2031-04-02', '00:00');
    [task] = await tasksOf(planId);
    expect(task!.status).toBe('missed');
    const log = (await admin.get(`${P}/ptTask/recordList`, { taskId: task!.id })).body.data.map((l: { actionText: string }) => l.actionText);
    expect(log).toEqual(['生成任务', '超期', '漏检']);
    for (let day = '2031-04-02'; day <= '2031-04-30'; day = addDays(day, 1)) await run(day, '12:00');
    expect((await tasksOf(planId)).map((t) => t.task_day)).toEqual(['2031-04-01', '2031-04-15']);
  });

  it('reaches into the next day when the lead time does, and repeats every N days from the start date', async () => {
    const planId = await addPlan({ name: '每三天凌晨巡检', freqType: 'interval', intervalDays: 3, startDate: '2031-05-01', endDate: '2031-05-10', startTime: '00:10', endTime: '01:00', leadMinutes: 30 });
    await run('2031-04-30', '23:39');
    expect(await tasksOf(planId)).toHaveLength(0);
    await run('2031-04-30', '23:40');
    expect((await tasksOf(planId)).map((t) => [t.task_day, t.status])).toEqual([['2031-05-01', 'not_started']]);
    for (let day = '2031-05-01'; day <= '2031-05-12'; day = addDays(day, 1)) await run(day, '12:00');
    expect((await tasksOf(planId)).map((t) => t.task_day)).toEqual(['2031-05-01', '2031-05-04', '2031-05-07', '2031-05-10']);
  });

  it('never generates a transferred or a deleted task again, and stopping a plan withdraws its tasks not yet begun', async () => {
    const planId = await addPlan({ name: '转派不重复', startDate: '2031-06-01', endDate: '2031-06-30', startTime: '10:00', endTime: '12:00', leadMinutes: 0 });
    await run('2031-06-01', '10:00');
    const [task] = await tasksOf(planId);
    const colleague = await staffId('p1s1');
    const transfer = await admin.post(`${P}/ptTask/transfer`, { taskId: task!.id, staffId: colleague, reason: '王师傅请假' });
    expect(transfer.body.message).toMatch(/^已转派给/);
    expect((await run('2031-06-01', '10:30')).created).toBe(0);
    let tasks = await tasksOf(planId);
    expect(tasks.map((t) => [t.task_day, t.executor_id, t.transfer_count])).toEqual([['2031-06-01', colleague, 1]]);

    await run('2031-06-02', '10:00');
    const second = (await tasksOf(planId))[1]!;
    expect((await admin.post(`${P}/ptTask/deleteTask/${second.id}`, {})).body.message).toBe('删除成功');
    expect((await run('2031-06-02', '10:05')).created).toBe(0);
    tasks = await tasksOf(planId);
    expect(tasks).toHaveLength(2);
    expect(tasks[1]!.deleted_at).not.toBeNull();
    const listed = (await admin.get(`${P}/ptTask/pmsList`, { planId })).body.data.records.map((t: { taskDay: string }) => t.taskDay);
    expect(listed).toEqual(['2031-06-01']);

    // A task whose window has not begun (on the real clock) is withdrawn when the plan stops.
    await run('2031-06-03', '10:00');
    const stopped = await admin.post(`${P}/tbpPlan/updatePlanStatus`, { id: planId, status: 'stopped' });
    expect(stopped.body.message).toBe('计划已停用，撤回 1 个未开始的任务');
    expect((await run('2031-06-04', '10:00')).created).toBe(0);
    expect((await tasksOf(planId)).map((t) => [t.task_day, t.deleted_at === null])).toEqual([['2031-06-01', true], ['2031-06-02', false], ['2031-06-03', false]]);
    const again = await admin.post(`${P}/tbpPlan/updatePlanStatus`, { id: planId, status: 'stopped' });
    expect([again.http, again.body.message]).toEqual([409, '计划已停用']);
  });
});

describe("when today's tasks appear (the task list's empty text)", () => {
  const cuihu = [DEMO_PROJECTS.cuihu.id];
  const all = { all: true, projects: [], selfStaffId: null };

  it("reads each round's generation time from its plan, until the scheduler has made the day's tasks", async () => {
    const day = '2031-06-11';
    await addPlan({ name: '六月机房午巡', startDate: '2031-06-01', endDate: '2031-06-30', startTime: '14:00', endTime: '16:00', leadMinutes: 45 });
    const before = await todaySchedule(server.app.db, all, cuihu, atTime(day, '06:00'), 60_000);
    expect(before.tasks).toBe(0);
    const round = before.rounds.find((r) => r.plan === '六月机房午巡');
    expect(round).toMatchObject({ project: DEMO_PROJECTS.cuihu.name, generateAt: atTime(day, '13:15'), windowStart: atTime(day, '14:00') });
    // Another project's list does not count this plan.
    expect((await todaySchedule(server.app.db, all, [DEMO_PROJECTS.jinxiu.id], atTime(day, '06:00'), 60_000)).rounds.map((r) => r.plan)).not.toContain('六月机房午巡');
    const mine = { ...before, rounds: [round!] };
    expect(todayNote(mine)).toBe(`今日巡查任务尚未生成：最早于 13:15 生成（${DEMO_PROJECTS.cuihu.name}「六月机房午巡」，14:00 开始巡查，提前 45 分钟生成）；系统每 1 分钟检查一次计划。`);
    expect(todayNote({ ...mine, everySeconds: 5, now: atTime(day, '13:20') })).toContain('生成时间已到（最晚 13:15）');
    expect(todayNote({ ...mine, rounds: [] })).toBe(`今日（${day}）没有需要执行的巡查计划，不会生成巡查任务。`);

    await run(day, '13:15');
    const after = await todaySchedule(server.app.db, all, cuihu, atTime(day, '13:16'), 60_000);
    expect(after.tasks).toBeGreaterThan(0);
    expect(todayNote(after)).toBeUndefined();
  });

  it('comes with the task figures, on the real clock and the server\'s own scheduler interval', async () => {
    const answer = (await admin.get(`${P}/ptTask/taskStatistics`, { projectId: DEMO_PROJECTS.cuihu.id })).body;
    expect(answer.status).toBe('200');
    const today = answer.data.today as TodaySchedule;
    expect(today.day).toBe(dayOf(Date.now()));
    expect(today.everySeconds).toBe(Math.round(schedulerInterval(server.app) / 1000));
    expect(today.rounds.every((r) => r.generateAt <= r.windowStart)).toBe(true);
  });
});
