import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * Questionnaires (/quest-manager/*): designed as run-time forms, approved (华南区域's flow: 品质经理
 * 何志华), filled by stewards against the version they were given for, analysed per option, and
 * flagged answers called back.
 */
const server = setUpServer();
const [admin, kefu, xmjl, pinzhi, weixiu] = setUpApis(server, 'admin', 'kefu', 'xmjl', 'pinzhi', 'weixiu');
const Q = '/api/quest/quest';
const QA = '/api/quest/questAnswer';
const DAY = 86_400_000;

const FORM = {
  items: [
    { key: 'q1', component: 'Radio.Group', label: '您对本次保洁服务满意吗', required: true, options: ['满意', '一般', '不满意'], alarm: ['不满意'] },
    { key: 'q2', component: 'Radio.Group', label: '不满意的原因', required: true, options: ['不及时', '不干净'], showWhen: { key: 'q1', in: ['不满意'] } },
    { key: 'q3', component: 'NumberPicker', label: '打分', required: false, minimum: 1, maximum: 5 },
    { key: 'q4', component: 'Input.TextArea', label: '建议', required: false, maxLength: 20 },
  ],
};

async function published(api = xmjl, project: number = DEMO_PROJECTS.cuihu.id, form: unknown = FORM): Promise<number> {
  const added = await api.post(`${Q}/add`, { project_id: project, name: `保洁满意度${Math.random().toString(36).slice(2, 7)}`, qa_type: 'owner', category: 'satisfaction', channel: 'steward', form, start_time: Date.now() - DAY, end_time: Date.now() + 10 * DAY, target_count: 10 });
  expect(added.body.message).toBe('新增成功');
  const id = added.body.data.id as number;
  expect((await api.post(`${Q}/transition`, { id, action: 'submit' })).body.data.state).toBe('pending');
  return id;
}

describe('questionnaires', () => {
  it('are in the demo: running surveys with answers in every project, templates, an approval flow', async () => {
    const quests = (await admin.post(`${Q}/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(new Set(quests.map((q) => q.project_id))).toEqual(new Set(Object.values(DEMO_PROJECTS).map((p) => p.id)));
    expect(new Set(quests.map((q) => q.status))).toEqual(new Set(['published', 'ended', 'draft']));
    expect(quests.filter((q) => q.status === 'published').every((q) => q.answer_count > 0)).toBe(true);
    // The quality manager of 华南区域 sees that region's two projects only.
    const south = (await pinzhi.post(`${Q}/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(new Set(south.map((q) => q.project_id))).toEqual(new Set([DEMO_PROJECTS.binjiang.id, DEMO_PROJECTS.yunqi.id]));
    expect((await admin.post('/api/quest/questTemplate/list', {})).body.data.total).toBe(3);
  });

  it('refuse a designed form that is not whole, naming what is wrong', async () => {
    const base = { project_id: DEMO_PROJECTS.cuihu.id, name: '坏问卷', qa_type: 'owner', category: 'satisfaction', channel: 'steward', start_time: Date.now(), end_time: Date.now() + DAY };
    const oneOption = await xmjl.post(`${Q}/add`, { ...base, form: { items: [{ key: 'q1', component: 'Radio.Group', label: '满意吗', options: ['是'] }] } });
    expect([oneOption.http, oneOption.body.message]).toEqual([400, '题目：第 1 题「满意吗」至少需要 2 个选项']);
    const twice = await xmjl.post(`${Q}/add`, { ...base, form: { items: [{ key: 'q1', component: 'Input', label: '甲' }, { key: 'q1', component: 'Input', label: '乙' }] } });
    expect(twice.body.message).toBe('题目：第 2 题「乙」的编码「q1」重复');
    const stranger = await xmjl.post(`${Q}/add`, { ...base, form: { items: [{ key: 'q1', component: 'RichText', label: '甲' }] } });
    expect(stranger.http).toBe(400);
    const skip = await xmjl.post(`${Q}/add`, { ...base, form: { items: [{ key: 'q1', component: 'Input', label: '甲', showWhen: { key: 'q9', in: ['是'] } }] } });
    expect(skip.body.message).toBe('题目：第 1 题「甲」的显示条件须引用在它之前的题目');
    expect((await xmjl.post(`${Q}/list`, { filters: { name: '坏问卷' } })).body.data.total).toBe(0);
  });

  it('go through approval in 华南区域, then take answers checked against the form', async () => {
    const id = await published(admin, DEMO_PROJECTS.binjiang.id);
    const tasks = (await pinzhi.post('/api/approve/task/list', { pageSize: 50, filters: { view: 'todo', biz_type: 'questionnaire' } })).body.data.records as { id: number; biz_type: string; title: string }[];
    const quest = (await admin.get(`${Q}/detail`, { id })).body.data;
    const task = tasks.find((t) => t.title === quest.name)!;
    expect(task).toBeDefined();
    // Not answerable while pending.
    const early = await admin.post(`${QA}/add`, { quest_id: id, project_id: DEMO_PROJECTS.binjiang.id, respondent: '张先生', answers: { q1: '满意' } });
    expect([early.http, early.body.message]).toEqual([409, `问卷「${quest.name}」不在进行中，不能填写`]);
    expect((await pinzhi.post('/api/approve/task/approve', { id: task.id, comment: '同意' })).http).toBe(200);
    expect((await admin.get(`${Q}/detail`, { id })).body.data.status).toBe('published');
  });

  it('check answers: required, options, skip logic, lengths, bounds, unknown items; then count them', async () => {
    const id = await published();
    expect((await xmjl.post(`${Q}/transition`, { id, action: 'publish' })).body.data.state).toBe('published');
    const answer = (answers: unknown, extra = {}) => kefu.post(`${QA}/add`, { quest_id: id, project_id: DEMO_PROJECTS.cuihu.id, respondent: '王女士', house_name: '1栋 1单元 101', answers, ...extra });
    const cases: [unknown, string][] = [
      [{}, '「您对本次保洁服务满意吗」为必答题'],
      [{ q1: '很好' }, '「您对本次保洁服务满意吗」的答案不在选项中'],
      [{ q1: '不满意' }, '「不满意的原因」为必答题'],
      [{ q1: '满意', q2: '不及时' }, '「不满意的原因」按跳题规则不需要回答'],
      [{ q1: '满意', q3: 9 }, '「打分」应在 1 到 5 之间'],
      [{ q1: '满意', q4: '很长'.repeat(11) }, '「建议」不能超过 20 个字'],
      [{ q1: '满意', q9: '多余' }, '表单中没有题目「q9」'],
    ];
    for (const [answers, message] of cases) {
      const res = await answer(answers);
      expect([res.http, res.body.message], JSON.stringify(answers)).toEqual([400, message]);
    }
    expect((await answer({ q1: '满意', q3: 5 })).body.message).toBe('新增成功');
    const flagged = await answer({ q1: '不满意', q2: '不干净', q4: '<i>太差</i>' });
    expect(flagged.body.message).toBe('新增成功');
    expect((await answer({ q1: '满意' }, { project_id: DEMO_PROJECTS.jinxiu.id })).http).toBe(403);
    const sheet = (await xmjl.get(`${QA}/sheet`, { id: flagged.body.data.id })).body.data;
    expect(sheet).toMatchObject({ alarm: 1, followup: 'todo', form_version: 1, filled_by_name: '林晓雯', answers: { q1: '不满意', q2: '不干净', q4: '<i>太差</i>' } });
    const analysis = (await xmjl.get(`${Q}/analysis`, { id })).body.data;
    expect(analysis.answerCount).toBe(2);
    expect(analysis.items[0].options).toEqual([
      { option: '满意', count: 1, percent: 50, alarm: false },
      { option: '一般', count: 0, percent: 0, alarm: false },
      { option: '不满意', count: 1, percent: 50, alarm: true },
    ]);
    expect(analysis.items[2].average).toBe(5);
    expect((await xmjl.get(`${Q}/detail`, { id })).body.data.answer_count).toBe(2);
    // The flagged answer is called back once.
    expect((await kefu.post(`${QA}/followup`, { id: flagged.body.data.id, followup_note: '已上门致歉并重新保洁' })).body.message).toBe('回访已完成');
    expect((await kefu.post(`${QA}/followup`, { id: flagged.body.data.id, followup_note: '再次' })).http).toBe(409);
    // A call-back whose customer still needs something done leaves a work order through the intake.
    const again = await answer({ q1: '不满意', q2: '不干净' });
    const bad = await kefu.post(`${QA}/followup`, { id: again.body.data.id, followup_note: '楼道灯坏了', order_kind: 'no_such_kind' });
    expect([bad.http, bad.body.message]).toEqual([400, '工单类型不存在，请重新选择']);
    expect((await xmjl.get(`${QA}/sheet`, { id: again.body.data.id })).body.data.followup).toBe('todo');
    const called = await kefu.post(`${QA}/followup`, { id: again.body.data.id, followup_note: '客户反映楼道灯坏了，需上门维修', order_kind: 'repair', order_priority: 'high' });
    expect(called.body.message).toMatch(/^回访已完成，已生成工单 WO\d{13}$/);
    const code = called.body.data.workOrderCode as string;
    expect((await xmjl.get(`${QA}/sheet`, { id: again.body.data.id })).body.data).toMatchObject({ followup: 'done', work_order_code: code });
    const orders = (await admin.post('/api/mkf/questionTask/list', { pageSize: 5, filters: { code } })).body.data.records as Record<string, unknown>[];
    expect(orders[0]).toMatchObject({ code, kind: 'repair', priority: 'high', source: 'staff', project_id: DEMO_PROJECTS.cuihu.id });
    expect(String(orders[0]!.content)).toContain('客户反映楼道灯坏了，需上门维修');
  });

  it('keep the version answers were given for when the form changes', async () => {
    const id = await published();
    await xmjl.post(`${Q}/transition`, { id, action: 'publish' });
    const first = await kefu.post(`${QA}/add`, { quest_id: id, project_id: DEMO_PROJECTS.cuihu.id, respondent: '李先生', answers: { q1: '一般' } });
    expect(first.body.message).toBe('新增成功');
    // The form is changed (here directly, as an edit of an ended-and-reopened survey would): a second version.
    const changed = { items: [{ ...FORM.items[0], options: ['满意', '不满意'] }, FORM.items[3]] };
    await (server.app.db as unknown as Kysely<any>).transaction().execute(async (trx) => {
      await trx.updateTable('quest').set({ form: JSON.stringify(changed) }).where('id', '=', id).execute();
      const { keepFormVersions } = await import('../../server/engine/runtimeForms.ts');
      await keepFormVersions(trx as never, server.app.catalogue.resources.get('quest')!, id, { form: JSON.stringify(changed) });
    });
    const refused = await kefu.post(`${QA}/add`, { quest_id: id, project_id: DEMO_PROJECTS.cuihu.id, respondent: '赵女士', answers: { q1: '一般' } });
    expect(refused.body.message).toBe('「您对本次保洁服务满意吗」的答案不在选项中');
    const second = await kefu.post(`${QA}/add`, { quest_id: id, project_id: DEMO_PROJECTS.cuihu.id, respondent: '赵女士', answers: { q1: '满意' } });
    expect((await xmjl.get(`${QA}/sheet`, { id: second.body.data.id })).body.data.form_version).toBe(2);
    const old = (await xmjl.get(`${QA}/sheet`, { id: first.body.data.id })).body.data;
    expect([old.form_version, old.form.items[0].options]).toEqual([1, ['满意', '一般', '不满意']]);
  });

  it('are refused to those not granted and out of scope', async () => {
    expect((await weixiu.post(`${Q}/list`, {})).http).toBe(403);
    const cuihu = (await xmjl.post(`${Q}/list`, { pageSize: 1 })).body.data.records[0];
    expect((await pinzhi.get(`${Q}/analysis`, { id: cuihu.id })).http).toBe(404);
  });
});
