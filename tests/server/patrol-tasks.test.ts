import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn, type Api } from '../support/api.ts';
import { fetchFile, PNG, postForm, readSheets, uploadFile } from '../support/patrol.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { startServer } from '../support/server.ts';
import { runScheduler } from '../../server/modules/patrol/schedule.ts';
import { addDays, dayOf } from '../../server/modules/patrol/common.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

/**
 * Plans, tasks and records on a running clock that starts at noon today: plans whose window is the
 * whole of today, so the staff app's check-ins (timed by the server, in this process) fall inside
 * it even when the suite starts just before midnight.
 */
beforeAll(async () => {
  // The run's shared template database (and its lock's expiry) is made on the real clock first:
  // seeded under this file's clock, every other file would get a demo company of noon today.
  await (await startServer()).close();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(new Date().setHours(12, 0, 0, 0)));
});
afterAll(() => vi.useRealTimers());
const server = setUpServer();
const [admin, weixiu, xuncha] = setUpApis(server, 'admin', 'weixiu', 'xuncha');
const today = dayOf(Date.now());
const P = '/api/patrol';

const one = async <T>(q: Promise<T | undefined>) => (await q)!;
const pointOf = (name: string) => one(server.app.db.selectFrom('tbp_point').selectAll().where('name', '=', name).where('project_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirst());
const staffId = async (account: string) => (await one(server.app.db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirst())).id;
const postId = async (name: string) => (await one(server.app.db.selectFrom('post').select('id').where('org_id', '=', DEMO_PROJECTS.cuihu.id).where('name', '=', name).executeTakeFirst())).id;
const taskOf = (planId: number) => one(server.app.db.selectFrom('tbp_task').selectAll().where('plan_id', '=', planId).where('task_day', '=', today).executeTakeFirst());
const qrOf = async (name: string) => (await admin.get(`${P}/qr/queryQrCodeByCode`, { code: (await pointOf(name)).code })).body.data.content as string;

let planA: number;
let planB: number;

async function plan(overrides: Record<string, unknown>) {
  const answer = await admin.post(`${P}/tbpPlan/add`, {
    projectId: DEMO_PROJECTS.cuihu.id,
    freqType: 'daily',
    startDate: today,
    endDate: addDays(today, 1),
    startTime: '00:00',
    endTime: '23:59',
    leadMinutes: 0,
    ...overrides,
  });
  expect(answer.body.message).toBe('新增成功');
  return answer.body.data.id as number;
}

beforeAll(async () => {
  planA = await plan({ name: '全天机房巡检', stripeCode: 'ENG', assignType: 'staff', staffIds: [DEMO_STAFF.weixiu], ordered: true, pointIds: [(await pointOf('1号配电房')).id, (await pointOf('生活水泵房')).id] });
  planB = await plan({ name: '全天消防巡检', stripeCode: 'QC', assignType: 'post', postId: await postId('巡检员'), pointIds: [(await pointOf('1栋大堂灭火器')).id] });
  await runScheduler(server.app.db, Date.now());
});

describe('plans', () => {
  it('checks the name through verifyPlanName and again on save', async () => {
    const taken = await admin.get(`${P}/tbpPlan/verifyPlanName`, { planName: '翠湖天地消防设施日巡' });
    expect(taken.body).toMatchObject({ status: '200', message: '计划名称「翠湖天地消防设施日巡」已存在', data: { available: false } });
    expect((await admin.get(`${P}/tbpPlan/verifyPlanName`, { planName: '新的计划' })).body.data.available).toBe(true);
    expect((await admin.get(`${P}/tbpPlan/verifyPlanName`, { planName: '全天机房巡检', planId: planA })).body.data.available).toBe(true);
    const dup = await admin.post(`${P}/tbpPlan/add`, { projectId: DEMO_PROJECTS.cuihu.id, name: '全天机房巡检', stripeCode: 'ENG', assignType: 'staff', staffIds: [DEMO_STAFF.weixiu], freqType: 'daily', startDate: today, endDate: today, startTime: '08:00', endTime: '09:00', leadMinutes: 0, pointIds: [(await pointOf('1号配电房')).id] });
    expect([dup.http, dup.body.message]).toEqual([409, '计划名称「全天机房巡检」已存在']);
  });

  it('refuses what a plan cannot be, each with its reason, and saves nothing', async () => {
    const base = { projectId: DEMO_PROJECTS.cuihu.id, name: '校验计划', stripeCode: 'ENG', assignType: 'staff', staffIds: [DEMO_STAFF.weixiu], freqType: 'daily', startDate: today, endDate: today, startTime: '08:00', endTime: '09:00', leadMinutes: 0, pointIds: [(await pointOf('1号配电房')).id] };
    const cases: [Record<string, unknown>, string][] = [
      [{ endDate: addDays(today, -1) }, '结束日期不能早于开始日期'],
      [{ startTime: '10:00' }, '巡查时段的结束时间应晚于开始时间'],
      [{ freqType: 'weekly' }, '请选择每周巡查的日期'],
      [{ freqType: 'weekly', freqDays: [8] }, '每周巡查的日期应为周一到周日'],
      [{ freqType: 'interval' }, '请填写间隔天数'],
      [{ staffIds: [DEMO_STAFF.kefu] }, '林晓雯不在该项目「工程条线」业务线的岗位上'],
      [{ assignType: 'post', postId: await postId('客服管家') }, '所选岗位不是该项目「工程条线」业务线的岗位'],
      [{ stripeCode: 'NOPE' }, '业务线不存在或已被删除'],
      [{ pointIds: [(await one(server.app.db.selectFrom('tbp_point').select('id').where('project_id', '=', DEMO_PROJECTS.jinxiu.id).executeTakeFirst())).id] }, '点位「1栋大堂灭火器」不属于该项目'],
      [{ startDate: '2026-02-30' }, '日期不正确'],
      [{ leadMinutes: 2000 }, '请求参数不正确：leadMinutes 不能大于 1440'],
    ];
    const before = (await admin.post(`${P}/tbpPlan/query`, {})).body.data.total;
    for (const [change, message] of cases) {
      const answer = await admin.post(`${P}/tbpPlan/add`, { ...base, ...change });
      expect([answer.http, answer.body.message]).toEqual([400, message]);
    }
    expect((await admin.post(`${P}/tbpPlan/query`, {})).body.data.total).toBe(before);
  });

  it('lists, reads, updates and exports plans, and lists the staff and posts of a line', async () => {
    const listed = (await admin.post(`${P}/tbpPlan/query`, { projectId: DEMO_PROJECTS.cuihu.id, name: '全天' })).body.data.records;
    expect(listed.map((p: { name: string }) => p.name).sort()).toEqual(['全天机房巡检', '全天消防巡检']);
    const detail = (await admin.get(`${P}/tbpPlan/${planA}`)).body.data;
    expect(detail).toMatchObject({ name: '全天机房巡检', stripeName: '工程条线', assignType: 'staff', staffNames: ['王师傅'], frequencyText: '每天', ordered: true, pointCount: 2 });
    expect(detail.points.map((p: { name: string }) => p.name)).toEqual(['1号配电房', '生活水泵房']);
    expect((await admin.get(`${P}/tbpPlan/99999`)).http).toBe(404);

    const weekly = (await admin.post(`${P}/tbpPlan/query`, { name: '设备机房' })).body.data.records[0];
    expect(weekly.frequencyText).toBe('每周一、周三、周五');
    const updated = await admin.post(`${P}/tbpPlan/update`, { ...detail, id: detail.id, remark: '王师傅负责', pointIds: detail.pointIds, projectName: undefined, stripeName: undefined, postName: undefined, staffNames: undefined, assigneeText: undefined, frequencyText: undefined, status: undefined, pointCount: undefined, createdAt: undefined, points: undefined });
    expect(updated.body.message).toBe('保存成功');

    const staff = (await admin.get(`${P}/ptTask/getUserListByStripe`, { stripeCode: 'ENG', projectId: DEMO_PROJECTS.cuihu.id })).body.data;
    expect(staff.map((s: { staffName: string }) => s.staffName)).toContain('王师傅');
    expect(staff.every((s: { postName: string }) => s.postName === '维修工程师')).toBe(true);

    const file = await fetchFile(admin, 'POST', `${P}/tbpPlan/exportPatrolPlanExcel`, { projectId: DEMO_PROJECTS.cuihu.id });
    const rows = (await readSheets(file.bytes)).Sheet1!;
    expect(rows[0]![0]).toBe('计划名称');
    expect(rows).toContainEqual(expect.arrayContaining(['全天机房巡检', DEMO_PROJECTS.cuihu.name, '工程条线', '人员：王师傅', '每天', '00:00-23:59', '是', '执行中']));
  });
});

describe('the staff app checks in at points', () => {
  it('scans a point and finds what to check and the task it belongs to', async () => {
    const task = await taskOf(planA);
    const scan = (await weixiu.get(`${P}/pt/scan`, { qr: await qrOf('1号配电房') })).body.data;
    expect(scan.point).toMatchObject({ name: '1号配电房', projectName: DEMO_PROJECTS.cuihu.name });
    expect(scan.standards.map((s: { name: string }) => s.name)).toEqual(['室温与通风正常', '配电柜指示灯正常', '绝缘垫与灭火器到位']);
    // The plan's task, and any other of his open tasks with this point: the demo data's plan for the
    // same room on Mondays, Wednesdays and Fridays (14:00-16:00, an hour's lead) is open from 13:00.
    expect(scan.tasks).toContainEqual(expect.objectContaining({ id: task.id, checked: false }));
    // Someone else's task is not offered.
    expect((await xuncha.get(`${P}/pt/scan`, { qr: await qrOf('1号配电房') })).body.data.tasks).toEqual([]);
    const mine = (await weixiu.get(`${P}/ptTask/myTasks`)).body.data.map((t: { id: number }) => t.id);
    expect(mine).toContain(task.id);
    for (const offered of scan.tasks as { id: number }[]) expect(mine).toContain(offered.id);
  });

  it('refuses a bad check-in with its reason and takes a good one, raising a work order for a problem', async () => {
    const task = await taskOf(planA);
    const room = (await weixiu.get(`${P}/pt/scan`, { qr: await qrOf('1号配电房') })).body.data;
    const [air, lights, mat] = room.standards as { id: number; problems: { id: number; description: string }[] }[];
    const upload = await uploadFile(weixiu, '/api/file/upload', PNG, 'cabinet.png');
    const photo = upload.body.data.cdnUrl as string;
    const qr = await qrOf('1号配电房');
    const good = [
      { standardId: air!.id, result: 'pass' },
      { standardId: lights!.id, result: 'fail', problemIds: [lights!.problems[0]!.id], note: '3 号柜指示灯不亮', photos: [photo], createOrder: true },
      { standardId: mat!.id, result: 'pass' },
    ];
    const refusals: [Api, Record<string, unknown>, number, string][] = [
      [xuncha, { taskId: task.id, qr, items: good }, 403, '这不是您的巡查任务'],
      [weixiu, { taskId: task.id, qr: await qrOf('生活水泵房'), items: good }, 400, '请按顺序巡查，先巡查「1号配电房」'],
      [weixiu, { taskId: task.id, qr: `${qr.slice(0, -3)}abc`, items: good }, 400, '二维码无效，请扫描本系统打印的巡查点位二维码'],
      [weixiu, { taskId: task.id, qr: await qrOf('1栋大堂灭火器'), items: good }, 400, '该点位不在本次巡查任务中'],
      [weixiu, { taskId: task.id, qr, items: good.slice(0, 2) }, 400, '请填写「绝缘垫与灭火器到位」的检查结果'],
      [weixiu, { taskId: task.id, qr, items: [good[0], { ...good[1], photos: [] }, good[2]] }, 400, '「配电柜指示灯正常」需要拍照'],
      [weixiu, { taskId: task.id, qr, items: [good[0], { standardId: lights!.id, result: 'fail', photos: [photo] }, good[2]] }, 400, '「配电柜指示灯正常」不合格，请选择问题或填写说明'],
      [weixiu, { taskId: task.id, qr, items: [good[0], { ...good[1], photos: ['/files/202611/00000000000000000000000000000000.png'] }, good[2]] }, 400, '照片不存在，请重新上传'],
    ];
    for (const [who, body, http, message] of refusals) {
      const answer = await who.post(`${P}/tbpRecord/submit`, body);
      expect([answer.http, answer.body.message]).toEqual([http, message]);
    }
    expect(await server.app.db.selectFrom('tbp_record').select('id').where('task_id', '=', task.id).execute()).toEqual([]);

    const first = await weixiu.post(`${P}/tbpRecord/submit`, { taskId: task.id, qr, items: good, remark: '已通知工程部' });
    expect(first.body.message).toBe('打卡成功');
    expect(first.body.data.task).toMatchObject({ status: 'in_progress', doneCount: 1, pointCount: 2 });
    expect(first.body.data.workOrders).toHaveLength(1);
    const again = await weixiu.post(`${P}/tbpRecord/submit`, { taskId: task.id, qr, items: good });
    expect([again.http, again.body.message]).toEqual([409, '该点位已巡查，不能重复提交']);

    const pump = (await weixiu.get(`${P}/pt/scan`, { qr: await qrOf('生活水泵房') })).body.data.standards as { id: number; needPhoto: number }[];
    const second = await weixiu.post(`${P}/tbpRecord/submit`, { taskId: task.id, qr: await qrOf('生活水泵房'), items: pump.map((s) => ({ standardId: s.id, result: 'pass', photos: s.needPhoto ? [photo] : [] })) });
    expect(second.body.message).toBe('打卡成功，任务已完成');
    const done = await taskOf(planA);
    expect(done).toMatchObject({ status: 'finished', done_count: 2, problem_count: 1, finish_type: 'complete', executor_id: DEMO_STAFF.weixiu });
    const late = await weixiu.post(`${P}/tbpRecord/submit`, { taskId: task.id, qr, items: good });
    expect([late.http, late.body.message]).toEqual([409, '任务已完成，不能再提交巡查记录']);
  });

  it('lets whoever holds the post of a post task check in, and makes them its executor', async () => {
    const task = await taskOf(planB);
    expect(task.executor_id).toBeNull();
    const standards = (await xuncha.get(`${P}/pt/scan`, { qr: await qrOf('1栋大堂灭火器') })).body.data.standards as { id: number; needPhoto: number }[];
    const photo = (await uploadFile(xuncha, '/api/file/upload', PNG, 'label.png')).body.data.cdnUrl;
    const answer = await xuncha.post(`${P}/tbpRecord/submit`, { taskId: task.id, qr: await qrOf('1栋大堂灭火器'), items: standards.map((s) => ({ standardId: s.id, result: 'pass', photos: s.needPhoto ? [photo] : [] })) });
    expect(answer.body.message).toBe('打卡成功，任务已完成');
    expect((await taskOf(planB)).executor_id).toBe(DEMO_STAFF.xuncha);
  });
});

describe('records', () => {
  it("gives a task's records point by point, pages and filters records, marks problems handled, and exports", async () => {
    const task = await taskOf(planA);
    const byTask = (await admin.get(`${P}/tbpRecord/findTaskRecords`, { taskId: task.id })).body.data;
    expect(byTask.task).toMatchObject({ status: 'finished', statusText: '已完成' });
    expect(byTask.points.map((p: { name: string; record: { result: string } }) => [p.name, p.record.result])).toEqual([
      ['1号配电房', 'abnormal'],
      ['生活水泵房', 'normal'],
    ]);
    const record = byTask.points[0].record;
    expect(record.items[1]).toMatchObject({ standardName: '配电柜指示灯正常', result: 'fail', problems: ['指示灯异常'], note: '3 号柜指示灯不亮' });
    expect(record.photos).toHaveLength(1);
    expect(record.remark).toBe('已通知工程部');

    const page = (await admin.post(`${P}/tbpRecord/pageQueryPost`, { taskId: task.id, result: 'abnormal' })).body.data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ id: record.id, staffName: '王师傅', handleStatus: 'pending', onTime: true });
    const byStaff = (await admin.post(`${P}/tbpRecord/pageQueryPost`, { staffName: '王师傅', startDay: today, endDay: today })).body.data;
    expect(byStaff.total).toBe(2);

    const noNote = await admin.post(`${P}/tbpRecord/updateRecord`, { id: record.id, handleStatus: 'handled' });
    expect([noNote.http, noNote.body.message]).toEqual([400, '请填写处理说明']);
    expect((await admin.post(`${P}/tbpRecord/updateRecord`, { id: record.id, handleStatus: 'handled', handleNote: '已更换指示灯' })).body.message).toBe('保存成功');
    expect((await admin.post(`${P}/tbpRecord/pageQueryPost`, { taskId: task.id, handleStatus: 'handled' })).body.data.records[0].handleNote).toBe('已更换指示灯');
    const normal = byTask.points[1].record;
    expect((await admin.post(`${P}/tbpRecord/updateRecord`, { id: normal.id, handleStatus: 'handled', handleNote: 'x' })).body.message).toBe('该记录没有问题，无需处理');

    const rows = (await readSheets((await fetchFile(admin, 'POST', `${P}/tbpRecord/export`, { taskId: task.id })).bytes)).Sheet1!;
    expect(rows[0]).toEqual(['巡查时间', '所属项目', '点位编码', '点位名称', '任务', '巡查人', '结果', '按时', '问题', '处理状态', '照片数', '备注']);
    expect(rows).toContainEqual(expect.arrayContaining(['1号配电房', '全天机房巡检', '王师傅', '异常', '是', '配电柜指示灯正常：指示灯异常、3 号柜指示灯不亮', '已处理', '1', '已通知工程部']));
  });

  it('answers the task-sync calls with the work order the problem raised (form-encoded, both variants)', async () => {
    const task = await taskOf(planA);
    const point = await pointOf('1号配电房');
    const forPt = (await admin.post('/api/mkf/rest/syncTaskInfo/getTaskListForPt', { ptId: point.id })).body.data;
    expect(forPt).toHaveLength(1);
    expect(forPt[0]).toMatchObject({ kind: 'repair', source: 'patrol', status: 'pending', statusText: '待派单', priority: 'high', pointName: '1号配电房', taskId: task.id });
    expect(forPt[0].title).toBe('巡查问题：1号配电房 配电柜指示灯正常');
    const byCodes = await postForm(admin, '/api/mkf/rest/syncTaskInfo/findQuestionTaskList', { taskCodes: forPt[0].code });
    expect(byCodes.body.data.records.map((r: { id: number }) => r.id)).toEqual([forPt[0].id]);
    const byProject = await postForm(admin, '/api/mkf/rest/syncTaskInfo/findQuestionTaskList', { projectId: DEMO_PROJECTS.cuihu.id, status: 'pending', updatedAfter: Date.now() - 60_000, pageNum: 1, pageSize: 5 });
    expect(byProject.body.data.records.map((r: { code: string }) => r.code)).toContain(forPt[0].code);
    const neither = await postForm(admin, '/api/mkf/rest/syncTaskInfo/findQuestionTaskList', { pageSize: 5 });
    expect([neither.http, neither.body.message]).toEqual([400, '请提供 taskCodes，或 projectId 查询项目的工单']);
    // The project manager of 翠湖天地 cannot read another project's work orders by code.
    const manager = await signedIn(server.url, 'xmjl');
    const foreign = await one(server.app.db.selectFrom('work_order').select('code').where('project_id', '=', DEMO_PROJECTS.jinxiu.id).executeTakeFirst());
    expect((await postForm(manager, '/api/mkf/rest/syncTaskInfo/findQuestionTaskList', { taskCodes: foreign.code })).body.data.records).toEqual([]);
  });
});

describe('tasks in the back office', () => {
  it('lists, counts and exports tasks, with the log of each', async () => {
    const list = (await admin.get(`${P}/ptTask/pmsList`, { projectId: DEMO_PROJECTS.cuihu.id, startDay: today, endDay: today, pageSize: 50 })).body.data.records;
    const a = list.find((t: { planId: number }) => t.planId === planA);
    expect(a).toMatchObject({ status: 'finished', statusText: '已完成', executorText: '王师傅', doneCount: 2, problemCount: 1, onTime: true });
    const stats = (await admin.get(`${P}/ptTask/taskStatistics`, { projectId: DEMO_PROJECTS.cuihu.id, startDay: addDays(today, -14), endDay: addDays(today, -1) })).body.data;
    expect(stats.total).toBe(stats.finished + stats.overdue + stats.missed + stats.not_started + stats.in_progress);
    expect(stats.finished).toBeGreaterThan(0);
    expect(stats.completionRate).toBeGreaterThan(0);
    const log = (await admin.get(`${P}/ptTask/recordList`, { taskId: a.id })).body.data.map((l: { actionText: string }) => l.actionText);
    expect(log).toEqual(['生成任务', '巡查打卡', '巡查打卡']);
    const file = await fetchFile(admin, 'GET', `${P}/ptTask/downloadTaskExcel`, { planId: planA });
    const rows = (await readSheets(file.bytes)).Sheet1!;
    expect(rows[0]).toEqual(['任务名称', '所属项目', '任务日期', '巡查时段', '执行人', '状态', '点位数', '已巡点位', '问题数', '完成时间', '按时完成', '转派次数']);
    expect(rows[1]).toEqual(expect.arrayContaining(['全天机房巡检', DEMO_PROJECTS.cuihu.name, today, '00:00-23:59', '王师傅', '已完成', '2', '2', '1', '是', '0']));
  });

  it('transfers an open task to someone on the line and notifies them; refuses anyone else', async () => {
    const planC = await plan({ name: '全天转派演示', stripeCode: 'ENG', assignType: 'staff', staffIds: [DEMO_STAFF.weixiu], pointIds: [(await pointOf('生活水泵房')).id] });
    await runScheduler(server.app.db, Date.now());
    const task = await taskOf(planC);
    const outsider = await admin.post(`${P}/ptTask/transfer`, { taskId: task.id, staffId: DEMO_STAFF.kefu });
    expect([outsider.http, outsider.body.message]).toEqual([400, '林晓雯不在该项目「工程条线」业务线的岗位上，不能接收任务']);
    const same = await admin.post(`${P}/ptTask/transfer`, { taskId: task.id, staffId: DEMO_STAFF.weixiu });
    expect(same.body.message).toBe('任务已由该人员执行，请选择其他人员');
    const colleague = await staffId('p1s1');
    const moved = await admin.post(`${P}/ptTask/transfer`, { taskId: task.id, staffId: colleague, reason: '王师傅外出' });
    expect(moved.body.message).toMatch(/^已转派给/);
    const after = await taskOf(planC);
    expect([after.executor_id, after.transfer_count]).toEqual([colleague, 1]);
    const log = (await admin.get(`${P}/ptTask/recordList`, { taskId: task.id })).body.data.at(-1);
    expect(log).toMatchObject({ actionText: '转派', fromStaff: '王师傅', note: '王师傅外出', operator: '系统管理员' });
    // The old executor no longer may check in; the scheduler does not give them the task back.
    expect((await weixiu.post(`${P}/tbpRecord/submit`, { taskId: task.id, qr: await qrOf('生活水泵房'), items: [{ standardId: 1, result: 'pass' }] })).body.message).toBe('这不是您的巡查任务');
    expect((await runScheduler(server.app.db, Date.now())).createdTasks.filter((t) => t.id === task.id)).toEqual([]);
    expect(await server.app.db.selectFrom('tbp_task').select('id').where('plan_id', '=', planC).where('task_day', '=', today).execute()).toHaveLength(1);
    if (server.app.hasDecorator('notices')) {
      // Their latest notice: without an order PostgreSQL may return an older one first (SQLite happened to return this one).
      const notice = await server.app.db.selectFrom('staff_message' as never).selectAll().where('staff_id' as never, '=', colleague as never).orderBy('id' as never, 'desc').executeTakeFirst();
      expect(notice).toMatchObject({ category: '1', type: 'patrol_task' });
      expect((notice as unknown as { content: string }).content).toContain('「全天转派演示」巡查任务已转派给您');
    }
  });

  it('finishes an open task from the back office, refuses finishing it twice, and deletes only tasks without records', async () => {
    const planD = await plan({ name: '全天后台完成', stripeCode: 'ENG', assignType: 'staff', staffIds: [await staffId('p1s1')], pointIds: [(await pointOf('生活水泵房')).id] });
    const planE = await plan({ name: '全天待删除', stripeCode: 'ENG', assignType: 'staff', staffIds: [await staffId('p1s1')], pointIds: [(await pointOf('1号配电房')).id] });
    await runScheduler(server.app.db, Date.now());
    const d = await taskOf(planD);
    const finished = await admin.post(`${P}/ptTask/pmsFinishTask/${d.id}`, { note: '设备停用，无需巡查' });
    expect(finished.body.message).toBe('任务已完成');
    expect(await taskOf(planD)).toMatchObject({ status: 'finished', finish_type: 'manual', finish_note: '设备停用，无需巡查' });
    const twice = await admin.post(`${P}/ptTask/pmsFinishTask/${d.id}`, {});
    expect([twice.http, twice.body.message]).toEqual([409, '任务已完成，不能完成']);

    const withRecords = await taskOf(planA);
    const refused = await admin.post(`${P}/ptTask/deleteTask/${withRecords.id}`, {});
    expect([refused.http, refused.body.message]).toEqual([409, `任务「全天机房巡检」（${today}）已有巡查记录，不能删除`]);
    const e = await taskOf(planE);
    const batch = await admin.get(`${P}/ptTask/batchDeleteTask`, { ids: `${e.id},${d.id}` });
    expect(batch.body.message).toBe('已删除 2 个任务');
    expect((await admin.get(`${P}/ptTask/pmsList`, { planId: planE })).body.data.total).toBe(0);
    expect((await admin.get(`${P}/ptTask/batchDeleteTask`, { ids: 'x' })).body.message).toBe('请选择要删除的任务');
  });

  it('keeps a project manager to their projects and a technician out', async () => {
    const manager = await signedIn(server.url, 'xmjl');
    const seen = (await manager.get(`${P}/ptTask/pmsList`, { pageSize: 200 })).body.data.records;
    expect(new Set(seen.map((t: { projectName: string }) => t.projectName))).toEqual(new Set([DEMO_PROJECTS.cuihu.name]));
    const foreign = await one(server.app.db.selectFrom('tbp_task').select('id').where('project_id', '=', DEMO_PROJECTS.jinxiu.id).executeTakeFirst());
    expect((await manager.post(`${P}/ptTask/pmsFinishTask/${foreign.id}`, {})).http).toBe(404);
    expect((await manager.get(`${P}/ptTask/pmsList`, { projectId: DEMO_PROJECTS.jinxiu.id })).http).toBe(403);
    expect((await weixiu.get(`${P}/ptTask/pmsList`, {})).http).toBe(403);
  });
});

describe('statistics', () => {
  it('gives completion, on-time and problem rates per project, post and point, with a daily trend, and exports them', async () => {
    const range = { startDay: addDays(today, -14), endDay: addDays(today, -1) };
    const projects = (await admin.get(`${P}/tbpRecord/ptStatisticsPage`, { dimension: 'project', ...range })).body.data;
    expect(projects.records.map((r: { name: string }) => r.name)).toEqual([DEMO_PROJECTS.cuihu.name, DEMO_PROJECTS.jinxiu.name]);
    for (const r of projects.records) {
      expect(r.done).toBeLessThanOrEqual(r.expected);
      expect(r.completionRate).toBe(Math.round((r.done / r.expected) * 1000) / 10);
      expect(r.onTimeRate).toBeLessThanOrEqual(r.completionRate);
    }
    expect(projects.summary.expected).toBe(projects.records.reduce((a: number, r: { expected: number }) => a + r.expected, 0));
    expect(projects.trend).toHaveLength(14);
    const posts = (await admin.get(`${P}/tbpRecord/ptStatisticsPage`, { dimension: 'post', projectId: DEMO_PROJECTS.cuihu.id, ...range })).body.data.records.map((r: { name: string }) => r.name);
    expect(posts.sort()).toEqual(['巡检员', '维修工程师']);
    const points = (await admin.get(`${P}/tbpRecord/ptStatisticsPage`, { dimension: 'point', projectId: DEMO_PROJECTS.cuihu.id, ...range, pageSize: 3 })).body.data;
    expect(points.total).toBe(7);
    expect(points.records).toHaveLength(3);
    expect(points.records[0].name).toMatch(/（XJ\d{6}）$/);
    const file = await fetchFile(admin, 'GET', `${P}/tbpRecord/ptStatisticsExport`, { dimension: 'post', projectId: DEMO_PROJECTS.cuihu.id, ...range });
    expect(file.disposition).toContain('巡查统计_按岗位_');
    const rows = (await readSheets(file.bytes)).Sheet1!;
    expect(rows[0]).toEqual(['岗位', '所属项目', '应巡点次', '已巡点次', '按时点次', '问题点次', '完成率', '按时率', '问题率']);
    expect(rows.at(-1)![0]).toBe('合计');
  });
});
