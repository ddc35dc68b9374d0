import { describe, expect, it } from 'vitest';
import { uploadFile, workbookOf } from '../support/patrol.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_STAFF } from '../../server/modules/org/public.ts';
import { drawPaper, type PaperItem } from '../../server/modules/academy/paper.ts';

const server = setUpServer();
const [peixun, weixiu, kefu] = setUpApis(server, 'peixun', 'weixiu', 'kefu');
const L = '/api/learning';
const db = () => server.app.db as any;

const HEADER = ['所属题库（必填）', '题型（必填）', '题干（必填）', '参考答案', '答案解析', '难度（必填）', '默认分值（必填）', '标签', '选项内容', '是否正确答案'];

async function newBank(name: string): Promise<number> {
  const added = await peixun.post(`${L}/question_bank/add`, { name, category: 'fire' });
  expect(added.body.message).toBe('新增成功');
  return added.body.data.id;
}

const questionCount = async (bank: number) => Number((await db().selectFrom('question').select((eb: any) => eb.fn.countAll().as('n')).where('bank_id', '=', bank).executeTakeFirstOrThrow()).n);

/** A bank of 4 single, 3 multiple, 3 true/false, 2 fill-in and 2 short-answer questions, imported from one sheet. */
async function importedBank(name: string): Promise<number> {
  const bank = await newBank(name);
  const rows: (string | number)[][] = [];
  for (let i = 1; i <= 4; i++) rows.push([name, '单选题', `单选题${i}：灭火器压力表指针应在哪个区域？`, '', '绿区正常', 2, 5, '灭火器', '红区', '否'], ['', '', '', '', '', '', '', '', '绿区', '是'], ['', '', '', '', '', '', '', '', '黄区', '否']);
  for (let i = 1; i <= 3; i++) rows.push([name, '多选题', `多选题${i}：哪些行为违反消防规定？`, '', '', 3, 10, '', '占用疏散通道', '是'], ['', '', '', '', '', '', '', '', '锁闭安全出口', '是'], ['', '', '', '', '', '', '', '', '定期巡检', '否']);
  for (let i = 1; i <= 3; i++) rows.push([name, '判断题', `判断题${i}：常闭防火门应保持关闭。`, '正确', '', 1, 5, '', '', '']);
  for (let i = 1; i <= 2; i++) rows.push([name, '填空题', `填空题${i}：火警电话是____，急救电话是____。`, '119|120', '', 1, 10, '', '', '']);
  for (let i = 1; i <= 2; i++) rows.push([name, '简答题', `简答题${i}：简述初起火灾处置步骤。`, '报警、扑救、疏散', '', 3, 20, '', '', '']);
  const answer = await uploadFile(peixun, `${L}/question/import`, await workbookOf(HEADER, rows), '题目.xlsx');
  expect(answer.body.message).toBe('成功导入 14 条题目');
  return bank;
}

async function publishedExam(values: Record<string, unknown>): Promise<number> {
  const added = await peixun.post(`${L}/exam/add`, {
    exam_type: 'theory', duration_min: 30, attempts_allowed: 2, start_time: Date.now() - 60_000, end_time: Date.now() + 7 * 86_400_000,
    audience: { mode: 'staff', ids: [DEMO_STAFF.weixiu] }, ...values,
  });
  expect(added.body.message).toBe('新增成功');
  const moved = await peixun.post(`${L}/exam/transition`, { id: added.body.data.id, action: 'publish' });
  expect(moved.body.message).toBe('发布成功');
  return added.body.data.id;
}

const storedPaper = async (recordId: number): Promise<PaperItem[]> => JSON.parse((await db().selectFrom('exam_record').select('paper').where('id', '=', recordId).executeTakeFirstOrThrow()).paper);

/** The right answer of each item as a candidate sends it (a true/false by its option's label). */
const rightAnswers = (paper: PaperItem[]) =>
  Object.fromEntries(paper.map((p, i) => [String(i), p.type === 'judge' ? p.options.find((o) => o.content === p.answer)!.label : p.type === 'multiple' ? [...p.answer] : p.answer]));

describe('question bank', () => {
  it('imports questions with their options all or nothing, naming each bad row', async () => {
    const bank = await newBank('导入测试题库');
    const template = await peixun.get(`${L}/question/template`);
    expect(template.http).toBe(200);
    const bad = await uploadFile(
      peixun,
      `${L}/question/import`,
      await workbookOf(HEADER, [
        ['', '', '', '', '', '', '', '', '孤立的选项', '否'],
        ['导入测试题库', '单选题', '电梯困人时应当？', '', '', 2, 2, '', '自行撬门', '是'],
        ['', '', '', '', '', '', '', '', '安抚并通知维保单位', '是'],
        ['导入测试题库', '判断题', '可以在楼道充电。', '错误', '', 1, 2, '', '', ''],
        ['导入测试题库', '多选题', '配电检修措施有？', '', '', 2, 2, '', '停电', '是'],
        ['', '', '', '', '', '', '', '', 'x'.repeat(301), '是'],
      ]),
      '题目.xlsx',
    );
    expect(bad.http).toBe(400);
    expect(bad.body.message).toBe('导入失败，未导入任何数据。第 2 行：该行只填了选项，上方没有所属的题目；第 3 行：单选题须有且只有一个正确选项；第 7 行：选项内容不能超过 300 个字符');
    expect(await questionCount(bank)).toBe(0);

    const good = await uploadFile(
      peixun,
      `${L}/question/import`,
      await workbookOf(HEADER, [
        ['导入测试题库', '单选题', '电梯困人时应当？', '', '非持证人员不得施救', 2, 2, '电梯', '自行撬门', '否'],
        ['', '', '', '', '', '', '', '', '安抚并通知维保单位', '是'],
        ['', '', '', '', '', '', '', '', '让乘客爬出', '否'],
        ['导入测试题库', '判断题', '可以在楼道为电动车充电。', '错误', '', 1, 2, '', '', ''],
      ]),
      '题目.xlsx',
    );
    expect(good.body.message).toBe('成功导入 2 条题目');
    const list = (await peixun.post(`${L}/question/list`, { pageNum: 1, pageSize: 10, filters: { bank_id: bank } })).body.data.records;
    const single = list.find((q: any) => q.type === 'single');
    expect(single.answer).toBe('B');
    expect(single.options).toEqual([{ label: 'A', content: '自行撬门', is_right: false }, { label: 'B', content: '安抚并通知维保单位', is_right: true }, { label: 'C', content: '让乘客爬出', is_right: false }]);
    expect(single.contributor_id).toBe(DEMO_STAFF.peixun);
    expect(list.find((q: any) => q.type === 'judge').options.map((o: any) => o.content)).toEqual(['正确', '错误']);
    expect((await kefu.post(`${L}/question/list`, { pageNum: 1, pageSize: 10 })).http).toBe(403);
  });

  it('refuses a choice question whose options do not fit its type', async () => {
    const bank = await newBank('校验题库');
    const add = (values: Record<string, unknown>) => peixun.post(`${L}/question/add`, { bank_id: bank, stem: '题干', difficulty: 2, default_score: 2, ...values });
    expect((await add({ type: 'multiple', options: [{ content: '甲', is_right: true }, { content: '乙' }] })).body.message).toBe('多选题至少需要两个正确选项');
    expect((await add({ type: 'judge', answer: '对' })).body.message).toBe('判断题的参考答案须为「正确」或「错误」');
    expect((await add({ type: 'fill' })).body.message).toContain('填空题须填写参考答案');
    expect(await questionCount(bank)).toBe(0);
  });
});

describe('exams', () => {
  it('draws each candidate a random paper by the rules, and never sends the answers', async () => {
    const bank = await importedBank('随机组卷题库');
    const rules = [{ bank_id: bank, type: 'single', count: 2, score: 10 }, { bank_id: bank, type: 'judge', count: 2, score: 10 }, { bank_id: bank, type: 'essay', count: 1, score: 20 }];
    const tooMany = await peixun.post(`${L}/exam/add`, { name: '超量', exam_type: 'theory', paper_mode: 'random', rules: [{ bank_id: bank, type: 'fill', count: 3, score: 5 }], pass_score: 10, duration_min: 10, attempts_allowed: 1 });
    expect(tooMany.body.message).toBe('题库「随机组卷题库」的填空题只有 2 道，抽题规则要 3 道');
    const id = await publishedExam({ name: '随机组卷考试', paper_mode: 'random', rules, pass_score: 36 });
    expect((await peixun.get(`${L}/exam/detail`, { id })).body.data).toMatchObject({ total_score: 60, question_count: 5, status: 'published' });

    const mine = (await weixiu.get(`${L}/myExam/list`)).body.data;
    expect(mine.find((e: any) => e.id === id)).toMatchObject({ attempts_used: 0, total_score: 60 });
    const started = await weixiu.post(`${L}/myExam/start`, { examId: id });
    const text = JSON.stringify(started.body);
    for (const secret of ['"answer"', '"analysis"', 'is_right', '"got"', '绿区正常']) expect(text).not.toContain(secret);
    const types = started.body.data.questions.map((q: any) => q.type);
    expect(types.sort()).toEqual(['essay', 'judge', 'judge', 'single', 'single']);
    expect(new Set(started.body.data.questions.map((q: any) => q.stem)).size).toBe(5);
    // The same attempt resumes, with the same paper.
    expect((await weixiu.post(`${L}/myExam/start`, { examId: id })).body.data.recordId).toBe(started.body.data.recordId);
    // Not a candidate: neither listed nor allowed.
    expect((await kefu.get(`${L}/myExam/list`)).body.data.some((e: any) => e.id === id)).toBe(false);
    expect((await kefu.post(`${L}/myExam/start`, { examId: id })).http).toBe(404);

    // Over many draws every single-choice question of the bank turns up, each about as often, never twice in a paper.
    const exam = await db().selectFrom('exam').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const seen = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const paper = await drawPaper(db(), exam);
      const singles = paper.filter((p) => p.type === 'single').map((p) => p.question_id);
      expect(new Set(singles).size).toBe(2);
      for (const q of singles) seen.set(q, (seen.get(q) ?? 0) + 1);
    }
    expect(seen.size).toBe(4);
    for (const n of seen.values()) expect(n).toBeGreaterThan(120); // 200 expected of 800 draws
  });

  it('scores objective answers at once, leaves short answers to the grader, and counts retakes', async () => {
    const bank = await importedBank('评分题库');
    const rules = [{ bank_id: bank, type: 'single', count: 1, score: 10 }, { bank_id: bank, type: 'multiple', count: 1, score: 10 }, { bank_id: bank, type: 'judge', count: 1, score: 10 }, { bank_id: bank, type: 'fill', count: 1, score: 10 }, { bank_id: bank, type: 'essay', count: 1, score: 20 }];
    const id = await publishedExam({ name: '评分考试', paper_mode: 'random', rules, pass_score: 45 });

    const first = (await weixiu.post(`${L}/myExam/start`, { examId: id })).body.data;
    const paper = await storedPaper(first.recordId);
    const answers = rightAnswers(paper);
    const m = paper.findIndex((p) => p.type === 'multiple');
    answers[String(m)] = [paper[m]!.answer[0]!]; // one right choice of two: nothing
    const f = paper.findIndex((p) => p.type === 'fill');
    answers[String(f)] = '119|110'; // one blank of two
    const e = paper.findIndex((p) => p.type === 'essay');
    answers[String(e)] = '先报警，再疏散';
    const submitted = await weixiu.post(`${L}/myExam/submit`, { recordId: first.recordId, answers });
    expect(submitted.body.data).toMatchObject({ status: 'to_grade', objectiveScore: 25, score: null });
    expect(submitted.body.message).toBe('交卷成功，简答题待阅卷后公布总分');
    expect((await weixiu.post(`${L}/myExam/submit`, { recordId: first.recordId, answers })).body.message).toBe('该答卷已交卷');

    const sheet = (await peixun.get(`${L}/exam_record/gradeSheet`, { id: first.recordId })).body.data;
    expect(sheet.items).toEqual([expect.objectContaining({ index: e, given: '先报警，再疏散', answer: '报警、扑救、疏散', max: 20 })]);
    expect((await peixun.post(`${L}/exam_record/grade`, { id: first.recordId, items: [{ index: e, got: 21 }] })).body.message).toBe(`第 ${e + 1} 题的得分不能超过该题分值 20 分`);
    expect((await weixiu.post(`${L}/exam_record/grade`, { id: first.recordId, items: [{ index: e, got: 20 }] })).http).toBe(403);
    const graded = await peixun.post(`${L}/exam_record/grade`, { id: first.recordId, items: [{ index: e, got: 12 }] });
    expect(graded.body.message).toBe('阅卷完成，总得分 37 分，未通过');

    // Failed: a second attempt, all right this time (short answer graded full), passes; then no third.
    const second = (await weixiu.post(`${L}/myExam/start`, { examId: id })).body.data;
    expect(second.attempt).toBe(2);
    const again = await storedPaper(second.recordId);
    await weixiu.post(`${L}/myExam/submit`, { recordId: second.recordId, answers: rightAnswers(again) });
    const essay = again.findIndex((p) => p.type === 'essay');
    expect((await peixun.post(`${L}/exam_record/grade`, { id: second.recordId, items: [{ index: essay, got: 20 }] })).body.message).toBe('阅卷完成，总得分 60 分，通过');
    expect((await weixiu.post(`${L}/myExam/start`, { examId: id })).body.message).toBe('您已通过该考试，无需再考');
    const results = (await weixiu.get(`${L}/myExam/results`)).body.data.filter((r: any) => r.exam_name === '评分考试');
    expect(results.map((r: any) => [r.attempt, r.score, r.passed])).toEqual([[2, 60, 1], [1, 37, 0]]);
    const detail = (await peixun.get(`${L}/exam/detail`, { id })).body.data;
    expect(detail).toMatchObject({ record_count: 2, to_grade_count: 0, passed_count: 1 });
  });

  it('keeps the time limit on the server: late answers do not count, saved ones do', async () => {
    const bank = await importedBank('限时题库');
    const id = await publishedExam({ name: '限时考试', paper_mode: 'random', rules: [{ bank_id: bank, type: 'judge', count: 2, score: 50 }], pass_score: 50, attempts_allowed: 1 });
    const { recordId } = (await weixiu.post(`${L}/myExam/start`, { examId: id })).body.data;
    const paper = await storedPaper(recordId);
    const right = rightAnswers(paper);
    expect((await weixiu.post(`${L}/myExam/save`, { recordId, answers: { 0: right['0'] } })).body.message).toBe('答案已保存');
    // The clock runs out (the deadline and its minute of grace are behind us).
    await db().updateTable('exam_record').set({ deadline_at: Date.now() - 61_000 }).where('id', '=', recordId).execute();
    const late = await weixiu.post(`${L}/myExam/submit`, { recordId, answers: right });
    expect(late.http).toBe(409);
    expect(late.body.message).toBe('已超过考试时限，本次提交的答案未被计入，系统已按时限前保存的答案自动交卷');
    const record = await db().selectFrom('exam_record').selectAll().where('id', '=', recordId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ status: 'done', score: 50, passed: 1 });
    expect((await weixiu.post(`${L}/myExam/start`, { examId: id })).body.message).toBe('您已通过该考试，无需再考');
  });

  it('freezes a published exam and refuses publishing without candidates', async () => {
    const bank = await importedBank('发布题库');
    const added = await peixun.post(`${L}/exam/add`, { name: '未设对象', exam_type: 'theory', paper_mode: 'fixed', question_ids: [], pass_score: 1, duration_min: 10, attempts_allowed: 1 });
    expect(added.body.message).toBe('固定试卷须至少选择一道题目');
    const ids = (await db().selectFrom('question').select('id').where('bank_id', '=', bank).where('type', '=', 'judge').execute()).map((r: any) => r.id);
    const draft = await peixun.post(`${L}/exam/add`, { name: '未设对象', exam_type: 'theory', paper_mode: 'fixed', question_ids: ids, pass_score: 16, duration_min: 10, attempts_allowed: 1 });
    expect(draft.body.message).toBe('及格分不能高于试卷总分 15 分');
    const ok = await peixun.post(`${L}/exam/add`, { name: '未设对象', exam_type: 'theory', paper_mode: 'fixed', question_ids: ids, pass_score: 10, duration_min: 10, attempts_allowed: 1 });
    expect((await peixun.post(`${L}/exam/transition`, { id: ok.body.data.id, action: 'publish' })).body.message).toBe('请先在「发布设置」中选择考试对象');
    const id = await publishedExam({ name: '已发布', paper_mode: 'fixed', question_ids: ids, pass_score: 10 });
    expect((await peixun.post(`${L}/exam/update`, { id, name: '改名' })).body.message).toBe('考试已发布，不能再修改');
  });
});

describe('theory contributions', () => {
  it('counts each contributor\'s questions and those still in use, as the bank holds them', async () => {
    const questions = await db().selectFrom('question').select(['contributor_id', 'enabled']).execute();
    const answer = (await peixun.post(`${L}/report/theoryContribute/query`, { groupBy: 'contributor' })).body.data;
    expect(answer.totals.questions).toBe(questions.length);
    const mine = answer.rows.find((r: { label: string }) => r.label === '冯晓岚');
    expect(mine.questions).toBe(questions.filter((q: any) => q.contributor_id === DEMO_STAFF.peixun).length);
    expect(mine.adopted).toBe(questions.filter((q: any) => q.contributor_id === DEMO_STAFF.peixun && q.enabled === 1).length);
    expect((await weixiu.post(`${L}/report/theoryContribute/query`, {})).http).toBe(403);
  });
});
