import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Api } from '../support/api.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { generateReturnVisits, sampled, sampledSql, visitCandidates } from '../../server/modules/returnVisit/generate.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';
import { asInteger, jsonEach } from '../../server/platform/db/dialect.ts';
import { testPostgres } from '../support/postgresDatabases.ts';

/**
 * Return visits: questionnaires checked and frozen once answered, visits generated for finished
 * orders by rule on a clock of the test's choosing (days ahead, so the server's own minute
 * timer, on the real clock, never reaches these orders), carried out with the questionnaire,
 * and the failures in the error list; then the statistics over them.
 */
const server = setUpServer();
const [admin, kefu] = setUpApis(server, 'admin', 'kefu');
const projectId = DEMO_PROJECTS.cuihu.id;
const T0 = Date.now() + 10 * 86_400_000;
const HOUR = 3_600_000;
const M = '/api/mkf';

type Row = Record<string, unknown>;
const db = () => server.app.db as unknown as import('kysely').Kysely<any>;
const visitOf = async (orderId: number) => (await db().selectFrom('return_visit').selectAll().where('work_order_id', '=', orderId).executeTakeFirst()) as Row | undefined;

/** A finished order as the lifecycle leaves it (the test's own data, at the test's time). */
async function finishedOrder(kind: string, finishedAt: number, status = 'finished'): Promise<number> {
  const customer = (await db().selectFrom('customer').select(['id', 'house_id', 'name', 'mobile']).where('project_id', '=', projectId).orderBy('id').executeTakeFirstOrThrow()) as Row;
  const n = Number((await db().selectFrom('work_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) + 1;
  const row = await db()
    .insertInto('work_order')
    .values({
      code: `WOTEST${String(n).padStart(6, '0')}`,
      project_id: projectId,
      house_id: customer.house_id,
      customer_id: customer.id,
      kind,
      title: `回访测试 ${kind} ${n}`,
      content: '测试',
      status,
      source: '400',
      priority: 'normal',
      processor_id: DEMO_STAFF.weixiu,
      created_by: null,
      created_at: finishedAt - 5 * HOUR,
      updated_at: finishedAt,
      finished_at: finishedAt,
      state_at: finishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

let questionnaireId: number;
let ruleId: number;

beforeAll(async () => {
  // The demo's rules of the project step aside, so only the test's rule decides.
  for (const rule of (await admin.post(`${M}/returnVisitRule/list`, { pageSize: 50, filters: { project_id: projectId } })).body.data.records) {
    await admin.post(`${M}/returnVisitRule/enable`, { id: rule.id, enabled: 0 });
  }
});

describe('questionnaires', () => {
  it('refuses questions that cannot be answered, each named', async () => {
    const add = (questions: unknown) => admin.post(`${M}/questionnaire/add`, { name: '测试问卷', scene: 'return_visit', questions });
    expect((await add([])).body.message).toBe('问卷至少需要一道题目');
    expect((await add([{ type: 'single', title: '是否满意', options: ['满意'] }])).body.message).toBe('第 1 题「是否满意」需要 2 到 10 个选项');
    expect((await add([{ type: 'single', title: '是否满意', options: ['满意', '满意'] }])).body.message).toBe('第 1 题「是否满意」的选项有重复');
    expect((await add([{ type: 'single', title: '是否满意', options: ['满意', '一般'], alarmOptions: ['很差'] }])).body.message).toBe('第 1 题的不满意选项「很差」不在选项中');
    expect((await add([{ type: 'text', title: '建议' }, { type: 'score', title: '打分', maxScore: 7 }])).body.message).toBe('第 2 题「打分」的满分只能是 5 分或 10 分');
    expect((await add([{ type: 'score', title: '打分', maxScore: 5, passScore: 6 }])).body.message).toBe('第 1 题「打分」的及格分应为 1 到 5 的整数');
    expect((await add([{ type: 'poll', title: '投票' }])).body.message).toBe('第 1 题请选择题型（单选、多选、评分或问答）');
    expect((await add([{ type: 'text', title: '  ' }])).body.message).toBe('第 1 题请填写题目');
    expect((await admin.post(`${M}/questionnaire/list`, { filters: { name: '测试问卷' } })).body.data.total).toBe(0);
  });

  it('stores the questions with stable keys and their count', async () => {
    const answer = await admin.post(`${M}/questionnaire/add`, {
      name: '测试回访问卷',
      scene: 'return_visit',
      description: '您好，这里是悦家物业回访',
      questions: [
        { type: 'single', title: '是否按时上门？', options: ['准时', '迟到'], alarmOptions: ['迟到'] },
        { type: 'score', title: '服务打分', maxScore: 5 },
        { type: 'multiple', title: '需要改进', options: '速度，态度，结果', required: false },
        { type: 'text', title: '其他建议', required: false },
      ],
    });
    expect(answer.body.message).toBe('新增成功');
    questionnaireId = answer.body.data.id;
    const detail = (await admin.get(`${M}/questionnaire/detail`, { id: questionnaireId })).body.data;
    expect(detail.question_count).toBe(4);
    expect(detail.answer_count).toBe(0);
    expect(detail.questions.map((q: { key: string }) => q.key)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(detail.questions[1]).toMatchObject({ type: 'score', maxScore: 5, passScore: 3, required: true });
    expect(detail.questions[2].options).toEqual(['速度', '态度', '结果']);
  });
});

describe('generation by rule', () => {
  it('creates one visit per finished order of the rule’s kinds once its delay has passed, and never a second', async () => {
    const rule = await admin.post(`${M}/returnVisitRule/add`, {
      project_id: projectId,
      name: '测试：报修 24 小时后回访',
      kinds: ['repair'],
      delay_hours: 24,
      rate: 100,
      questionnaire_id: questionnaireId,
      visitor_id: DEMO_STAFF.kefu,
    });
    expect(rule.body.message).toBe('新增成功');
    ruleId = rule.body.data.id;
    expect((await admin.post(`${M}/returnVisitRule/add`, { project_id: projectId, name: '坏规则', kinds: ['flying'], delay_hours: 1, rate: 100, questionnaire_id: questionnaireId })).body.message).toBe('工单类型「flying」不存在');

    const repair = await finishedOrder('repair', T0);
    const consult = await finishedOrder('consult', T0);
    const abnormal = await finishedOrder('repair', T0, 'improper_closed');
    const old = await finishedOrder('repair', T0 - 40 * 86_400_000, 'closed');

    await generateReturnVisits(server.app, T0 + 23 * HOUR);
    expect(await visitOf(repair)).toBeUndefined();

    const created = await generateReturnVisits(server.app, T0 + 25 * HOUR);
    expect(created).toBeGreaterThanOrEqual(1);
    const visit = (await visitOf(repair))!;
    expect(visit).toMatchObject({ status: 'pending', rule_id: ruleId, questionnaire_id: questionnaireId, visitor_id: DEMO_STAFF.kefu, plan_at: T0 + 24 * HOUR, attempts: 0, order_kind: 'repair' });
    expect(String(visit.code)).toMatch(/^RV\d{8}\d{5}$/);
    expect(visit.contact_phone).toMatch(/^1\d{10}$/);
    for (const id of [consult, abnormal, old]) expect(await visitOf(id)).toBeUndefined();

    expect(await generateReturnVisits(server.app, T0 + 26 * HOUR)).toBe(0);
    expect(await generateReturnVisits(server.app, T0 + 48 * HOUR)).toBe(0);
    expect(await db().selectFrom('return_visit').select('id').where('work_order_id', '=', repair).execute()).toHaveLength(1);

    const timeline = await db().selectFrom('resource_timeline').selectAll().where('resource', '=', 'return_visit').where('record_id', '=', visit.id).execute();
    expect(timeline).toMatchObject([{ action: 'create', to_state: 'pending', staff_name: '系统', note: expect.stringContaining('测试：报修 24 小时后回访') }]);
    const notice = await db().selectFrom('staff_message').selectAll().where('staff_id', '=', DEMO_STAFF.kefu).where('type', '=', 'return_visit').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ category: '1', title: '回访任务', content: expect.stringContaining('测试：报修 24 小时后回访') });
  });

  it('leaves a disabled rule alone and samples at its rate, the same way every time', async () => {
    const order = await finishedOrder('repair', T0 + HOUR);
    await admin.post(`${M}/returnVisitRule/enable`, { id: ruleId, enabled: 0 });
    expect(await generateReturnVisits(server.app, T0 + 30 * HOUR)).toBe(0);
    expect(await visitOf(order)).toBeUndefined();
    await admin.post(`${M}/returnVisitRule/enable`, { id: ruleId, enabled: 1 });
    await generateReturnVisits(server.app, T0 + 30 * HOUR);
    expect(await visitOf(order)).toBeDefined();

    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const picked = ids.filter((id) => sampled(id, 30));
    expect(picked.length).toBeGreaterThan(250);
    expect(picked.length).toBeLessThan(350);
    expect(ids.filter((id) => sampled(id, 30))).toEqual(picked);
    expect(ids.every((id) => sampled(id, 100))).toBe(true);
  });

  it('samples in SQL exactly as in JavaScript, for any id', async () => {
    const ids = [...Array.from({ length: 300 }, (_, i) => i + 1), 65_535, 65_536, 2 ** 31 + 5, 2 ** 32 + 7, 2 ** 40 + 123, 2 ** 53 - 1];
    for (const rate of [1, 30, 99]) {
      // The ids as a table through the dialect seam (json_each, jsonb_array_elements); a pick is 1/0 on SQLite, true/false on PostgreSQL.
      const { rows } = await sql<{ picked: unknown }>`select ${sampledSql(asInteger(sql`e.value`), rate)} as picked from ${jsonEach(sql`${JSON.stringify(ids)}`)} e order by e.key`.execute(db());
      expect(rows.map((r) => (r.picked ? 1 : 0)).join('')).toBe(ids.map((id) => (sampled(id, rate) ? 1 : 0)).join(''));
    }
  });

  it('visits a sampled order in one run even behind a full batch of orders out of the sample', async () => {
    const rule = await admin.post(`${M}/returnVisitRule/add`, { project_id: projectId, name: '测试：投诉抽样回访', kinds: ['complaint'], delay_hours: 1, rate: 20, questionnaire_id: questionnaireId });
    expect(rule.body.message).toBe('新增成功');
    const orders: number[] = [];
    // Finished one minute apart: more than a batch (500) out of the sample come before the last sampled ones.
    while (orders.filter((id) => !sampled(id, 20)).length <= 520 || !sampled(orders.at(-1)!, 20)) orders.push(await finishedOrder('complaint', T0 + 4 * HOUR + orders.length * 60_000));
    await generateReturnVisits(server.app, T0 + 30 * HOUR);
    for (const id of orders) expect(Boolean(await visitOf(id)), `order ${id}`).toBe(sampled(id, 20));
    await admin.post(`${M}/returnVisitRule/enable`, { id: rule.body.data.id, enabled: 0 });
  });

  // SQLite's plan: PostgreSQL picks its plan from statistics (an index-only scan also needs a vacuumed visibility map), so no fixed plan to assert there.
  it.skipIf(Boolean(testPostgres()))('finds the orders to visit from the covering index alone, the orders’ rows unread', async () => {
    const rule = { project_id: projectId, kinds: '["repair"]', delay_hours: 24, rate: 30 };
    const { sql: text, parameters } = visitCandidates(db(), rule, T0).compile();
    const plan = (server.app.sqlite!.prepare(`explain query plan ${text}`).all(...(parameters as unknown[])) as { detail: string }[]).map((step) => step.detail);
    expect(plan.find((step) => /^SEARCH w /.test(step))).toMatch(/^SEARCH w USING COVERING INDEX work_order\(project_id,finished_at,status,kind,contact_phone,customer_id\) /);
  });

  it('runs now for the caller’s projects from the list’s button', async () => {
    const answer = await kefu.post(`${M}/returnVisit/generate`, {});
    expect(answer.http).toBe(200);
    expect(answer.body.message).toMatch(/^(已生成 \d+ 条回访任务|没有需要生成的回访任务：符合规则的已完成工单都已安排回访)$/);
    expect((await (await signedIn(server.url, 'weixiu')).post(`${M}/returnVisit/generate`, {})).http).toBe(403);
  });
});

describe('carrying out a visit', () => {
  const carry = (api: Api, body: Record<string, unknown>) => api.post(`${M}/returnVisit/carryOut`, body);
  const good = { q1: '准时', q2: 5, q3: ['速度'], q4: '师傅很专业' };

  it('refuses incomplete or wrong answers and changes nothing', async () => {
    const order = await finishedOrder('repair', T0 + 2 * HOUR);
    await generateReturnVisits(server.app, T0 + 40 * HOUR);
    const visit = (await visitOf(order))!;
    expect((await carry(kefu, { id: visit.id, outcome: 'connected', answers: {} })).body.message).toBe('请回答第 1 题「是否按时上门？」');
    expect((await carry(kefu, { id: visit.id, outcome: 'connected', answers: { ...good, q1: '早到' } })).body.message).toBe('第 1 题「是否按时上门？」的选项不正确');
    expect((await carry(kefu, { id: visit.id, outcome: 'connected', answers: { ...good, q2: 6 } })).body.message).toBe('第 2 题「服务打分」请打 1 到 5 分');
    expect((await carry(kefu, { id: visit.id, outcome: 'connected', answers: { ...good, q3: ['价格'] } })).body.message).toBe('第 3 题「需要改进」的选项不正确');
    expect((await carry(kefu, { id: visit.id, outcome: 'connected', answers: { ...good, q9: 'x' } })).body.message).toBe('答卷中有问卷以外的题目，请刷新页面后重新填写');
    expect(await visitOf(order)).toMatchObject({ status: 'pending', attempts: 0, answers: null });
    expect(await db().selectFrom('questionnaire_answer').select('id').where('visit_id', '=', visit.id).execute()).toEqual([]);

    // Only the named visitor (or an administrator) carries it out; a technician may not at all.
    const colleague = await signedIn(server.url, 'p1s2');
    expect((await carry(colleague, { id: visit.id, outcome: 'unreachable' })).body).toMatchObject({ status: '403', message: '该回访已指定由「林晓雯」完成' });
    expect((await carry(await signedIn(server.url, 'weixiu'), { id: visit.id, outcome: 'unreachable' })).http).toBe(403);
    // Another project's staff do not see it at all.
    const p3 = await signedIn(server.url, 'p3s2');
    expect((await carry(p3, { id: visit.id, outcome: 'unreachable' })).body).toMatchObject({ status: '404', message: '回访任务不存在或已被删除' });
  });

  it('records a satisfied customer’s answers, question by question', async () => {
    const order = await finishedOrder('repair', T0 + 3 * HOUR);
    await generateReturnVisits(server.app, T0 + 40 * HOUR);
    const visit = (await visitOf(order))!;
    const form = await kefu.get(`${M}/returnVisit/form`, { id: visit.id });
    expect(form.body.data.questionnaire.questions).toHaveLength(4);
    expect(form.body.data.visit.contact_phone).toMatch(/^1\d{10}$/);
    const answer = await carry(kefu, { id: visit.id, outcome: 'connected', answers: good, remark: '业主很满意' });
    expect(answer.body).toMatchObject({ message: '回访完成，业主满意', data: { status: 'success', complaints: [] } });
    expect(await visitOf(order)).toMatchObject({ status: 'success', outcome: 'connected', satisfaction: 'satisfied', score: 5, attempts: 1, remark: '业主很满意', error_reason: null, visited_by: DEMO_STAFF.kefu });
    const rows = (await kefu.get(`${M}/returnVisit/answers`, { id: visit.id })).body.data;
    expect(rows.map((r: Row) => [r.question_no, r.answer, r.alarm])).toEqual([
      [1, '准时', 0],
      [2, '5 分', 0],
      [3, '速度', 0],
      [4, '师傅很专业', 0],
    ]);
    expect((await admin.get(`${M}/questionnaire/detail`, { id: questionnaireId })).body.data.answer_count).toBeGreaterThanOrEqual(1);
    expect((await carry(kefu, { id: visit.id, outcome: 'unreachable' })).body).toMatchObject({ status: '409', message: '当前状态为「回访成功」，不能回访' });
    const results = await kefu.post(`${M}/returnVisit/list`, { filters: { view: 'result', work_order_code: visit.work_order_code } });
    expect(results.body.data.records.map((r: Row) => r.id)).toEqual([visit.id]);
    const timeline = (await kefu.get(`${M}/returnVisit/timeline`, { id: visit.id })).body.data;
    // (The visit was created on the test's clock, days ahead; the visit itself happened now.)
    expect(timeline.find((t: Row) => t.actionText === '电话回访')).toMatchObject({ stateText: '回访成功', staff_name: '林晓雯', note: '回访成功，业主满意。业主很满意' });

    // Answered questions are frozen; the name may still change.
    const detail = (await admin.get(`${M}/questionnaire/detail`, { id: questionnaireId })).body.data;
    const changed = await admin.post(`${M}/questionnaire/update`, { id: questionnaireId, questions: [...detail.questions, { type: 'text', title: '新题' }] });
    expect(changed.body.status).toBe('409');
    expect(changed.body.message).toMatch(/^问卷「测试回访问卷」已有 \d+ 份答卷，不能再修改题目；如需调整，请新建问卷$/);
    expect((await admin.post(`${M}/questionnaire/update`, { id: questionnaireId, name: '测试回访问卷（报修）', questions: detail.questions })).body.message).toBe('保存成功');
    // In use: it cannot be deleted.
    expect((await admin.post(`${M}/questionnaire/delete`, { ids: [questionnaireId] })).body.status).toBe('409');
  });

  it('sends a dissatisfied customer to the error list with the reason, and tells who handles it', async () => {
    const order = await finishedOrder('repair', T0 + 4 * HOUR);
    await generateReturnVisits(server.app, T0 + 40 * HOUR);
    const visit = (await visitOf(order))!;
    const answer = await carry(kefu, { id: visit.id, outcome: 'connected', answers: { q1: '迟到', q2: 2 } });
    expect(answer.body.data).toEqual({ status: 'dissatisfied', complaints: ['「是否按时上门？」选择了「迟到」', '「服务打分」仅 2 分'] });
    expect(answer.body.message).toBe('回访完成：业主不满意，已转入回访异常列表（「是否按时上门？」选择了「迟到」；「服务打分」仅 2 分）');
    expect(await visitOf(order)).toMatchObject({ status: 'dissatisfied', satisfaction: 'dissatisfied', score: 2, error_reason: '业主不满意：「是否按时上门？」选择了「迟到」；「服务打分」仅 2 分' });
    const errors = await kefu.post(`${M}/returnVisit/list`, { pageSize: 200, filters: { view: 'error' } });
    expect(errors.body.data.records.map((r: Row) => r.id)).toContain(visit.id);
    const notice = await db().selectFrom('staff_message').selectAll().where('staff_id', '=', DEMO_STAFF.xmjl).where('type', '=', 'return_visit_alarm').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notice.content).toContain(String(visit.work_order_code));

    const xmjl = await signedIn(server.url, 'xmjl');
    expect((await xmjl.post(`${M}/returnVisit/transition`, { id: visit.id, action: 'resolve' })).body.message).toBe('请填写处理异常说明');
    expect((await xmjl.post(`${M}/returnVisit/transition`, { id: visit.id, action: 'resolve', note: '已安排维修主管上门致歉并返修' })).body.message).toBe('异常已处理');
    expect(await visitOf(order)).toMatchObject({ status: 'resolved' });
  });

  it('sends an unreachable customer to the error list; the visit may be tried again', async () => {
    const order = await finishedOrder('repair', T0 + 5 * HOUR);
    await generateReturnVisits(server.app, T0 + 40 * HOUR);
    const visit = (await visitOf(order))!;
    const answer = await carry(kefu, { id: visit.id, outcome: 'unreachable', remark: '无人接听' });
    expect(answer.body.message).toBe('已记录电话未接通，回访转入异常列表，可稍后重新回访');
    expect(await visitOf(order)).toMatchObject({ status: 'unreachable', outcome: 'unreachable', attempts: 1, error_reason: '电话未接通（第 1 次回访）', connected_pct: 0 });
    const errors = await kefu.post(`${M}/returnVisit/list`, { pageSize: 200, filters: { view: 'error', status: ['unreachable'] } });
    expect(errors.body.data.records.map((r: Row) => r.id)).toContain(visit.id);

    expect((await kefu.post(`${M}/returnVisit/transition`, { id: visit.id, action: 'retry' })).body.message).toBe('重新回访成功');
    expect(await visitOf(order)).toMatchObject({ status: 'pending', attempts: 1 });
    await carry(kefu, { id: visit.id, outcome: 'unreachable' });
    expect(await visitOf(order)).toMatchObject({ status: 'unreachable', attempts: 2, error_reason: '电话未接通（第 2 次回访）' });
    const mine = await kefu.post(`${M}/returnVisit/list`, { pageSize: 200, filters: { view: 'mine' } });
    expect(mine.body.data.records.map((r: Row) => r.id)).not.toContain(visit.id);
  });

  it('sums up the questionnaire and the visits in the statistics', async () => {
    const collected = (await admin.get(`${M}/questionnaire/collect`, { id: questionnaireId })).body.data;
    expect(collected.visits).toBe(2);
    expect(collected.questions[0]).toMatchObject({ answered: 2, alarms: 1, options: [{ option: '准时', count: 1, percent: 50, alarm: false }, { option: '迟到', count: 1, percent: 50, alarm: true }] });
    expect(collected.questions[1]).toMatchObject({ average: 3.5, spread: [{ score: 1, count: 0 }, { score: 2, count: 1 }, { score: 3, count: 0 }, { score: 4, count: 0 }, { score: 5, count: 1 }] });
    expect(collected.questions[3].texts.map((t: Row) => t.text)).toEqual(['师傅很专业']);

    const stats = (await admin.post(`${M}/report/returnVisitStats/query`, { project_id: projectId, groupBy: 'project' })).body.data;
    const row = stats.rows.find((r: Row) => r.label === DEMO_PROJECTS.cuihu.name);
    const counts = await db()
      .selectFrom('return_visit')
      .select((eb) => [eb.fn.countAll().as('total'), eb.fn.sum(eb.case().when('satisfaction', '=', 'satisfied').then(1).else(0).end()).as('satisfied')])
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ total: Number(counts.total), satisfied: Number(counts.satisfied) });
    expect(row.satisfactionRate).toBeGreaterThan(0);
    expect(row.satisfactionRate).toBeLessThanOrEqual(100);
  });
});

describe('evaluations, feedback and order messages', () => {
  it('lists the evaluated orders with their scores, and the satisfaction report counts them by project', async () => {
    const evaluated = await db().selectFrom('work_order').select((eb) => eb.fn.countAll().as('n')).where('evaluated_at', 'is not', null).executeTakeFirstOrThrow();
    const list = await admin.post(`${M}/serviceEvaluation/list`, { pageSize: 5 });
    expect(list.body.data.total).toBe(Number(evaluated.n));
    expect(list.body.data.records[0].evaluation_score).toBeGreaterThanOrEqual(1);
    const withAdd = await admin.post(`${M}/serviceEvaluation/list`, { filters: { has_add: 1 } });
    expect(withAdd.body.data.records.every((r: Row) => r.add_evaluation)).toBe(true);
    const report = (await admin.post(`${M}/satisfaction/project/query`, { groupBy: 'project' })).body.data;
    expect(report.totals.total).toBe(Number(evaluated.n));
    expect(report.rows.reduce((sum: number, r: Row) => sum + Number(r.star5) + Number(r.star4) + Number(r.star3) + Number(r.star2) + Number(r.star1), 0)).toBe(Number(evaluated.n));
    // kefu sees the evaluations of 翠湖天地 only.
    const mine = await kefu.post(`${M}/serviceEvaluation/list`, { pageSize: 200 });
    expect(new Set(mine.body.data.records.map((r: Row) => r.project_name))).toEqual(new Set([DEMO_PROJECTS.cuihu.name]));
    expect((await (await signedIn(server.url, 'weixiu')).post(`${M}/serviceEvaluation/list`, {})).http).toBe(403);
  });

  it('records owner feedback, answers it, and keeps it as answered', async () => {
    const bad = await kefu.post('/api/business/feedback/add', { project_id: projectId, customer_name: '张女士', contact_phone: '12345', category: 'suggestion', content: '建议增加健身器材' });
    expect(bad.body.message).toBe('联系电话：请填写 11 位手机号或带区号的固定电话');
    const added = await kefu.post('/api/business/feedback/add', { project_id: projectId, customer_name: '张女士', contact_phone: '13912345678', category: 'suggestion', content: '建议增加健身器材' });
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id;
    expect((await kefu.post('/api/business/feedback/transition', { id, action: 'reply', values: { reply: '已纳入年度改造计划' } })).body.message).toBe('回复成功');
    const detail = (await kefu.get('/api/business/feedback/detail', { id })).body.data;
    expect(detail).toMatchObject({ status: 'replied', reply: '已纳入年度改造计划', replied_by: DEMO_STAFF.kefu });
    expect((await kefu.post('/api/business/feedback/update', { id, content: '改一下' })).body).toMatchObject({ status: '409', message: '反馈已回复或关闭，不能再修改' });
  });

  it('lists the notices about work orders, not those of other modules', async () => {
    const list = await admin.post(`${M}/orderMessage/list`, { pageSize: 200 });
    expect(list.body.data.total).toBeGreaterThan(0);
    expect(list.body.data.records.every((r: Row) => String(r.work_order_code).startsWith('WO'))).toBe(true);
    const all = await db().selectFrom('staff_message').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(all.n)).toBeGreaterThan(list.body.data.total);
  });
});
