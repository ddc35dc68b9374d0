import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Kysely } from 'kysely';
import { watchProblems } from '../support/browser.ts';
import { signedIn } from '../support/api.ts';
import { confirmDialog } from '../support/dialogs.ts';
import { workbookOf } from '../support/patrol.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';
import { choose } from '../support/selects.ts';

/**
 * The academy in chromium: 冯晓岚 (peixun, 培训专员) builds a bank by importing questions with
 * their options, creates an exam drawn at random from it, publishes it to 王师傅, who takes it
 * through the staff services; she grades his short answer and sees his result.
 */
const server = setUpServer();
const browser = setUpBrowser();
const poll = expect.poll;
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });
const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (at: number) => {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const BANK = '电梯安全题库（浏览器）';
const EXAM = '电梯安全随机考试（浏览器）';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('question bank and exams', () => {
  it('a bank imported with its options becomes a random exam that a technician takes and a grader marks', async () => {
    const page = await signedInPage(browser, server.url, 'peixun', { viewport: { width: 1440, height: 1000 } });
    const problems = watchProblems(page);
    await page.goto(`${server.url}/employeeEmpowerment/questionBank`);
    await poll(() => page.title()).toBe('题库管理-PMS');
    await poll(() => screen(page).getByText('消防安全知识题库').first().isVisible()).toBe(true);

    // The bank, then its questions from one sheet: a question row and its option rows.
    await screen(page).getByRole('button', { name: '新增题库' }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByLabel('题库名称').fill(BANK);
    await choose(modal, '题库分类', '安全生产');
    await modal.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await poll(() => screen(page).getByText(BANK).first().isVisible()).toBe(true);
    const header = ['所属题库（必填）', '题型（必填）', '题干（必填）', '参考答案', '答案解析', '难度（必填）', '默认分值（必填）', '标签', '选项内容', '是否正确答案'];
    const sheet = await workbookOf(header, [
      [BANK, '单选题', '电梯困人时应当？', '', '非持证人员不得施救', 2, 5, '电梯', '自行撬开轿厢门', '否'],
      ['', '', '', '', '', '', '', '', '安抚乘客并通知维保单位', '是'],
      [BANK, '判断题', '电梯困人时可以让乘客自行爬出轿厢。', '错误', '', 1, 5, '电梯', '', ''],
      [BANK, '判断题', '电梯轿厢内应张贴有效的使用标志。', '正确', '', 1, 5, '电梯', '', ''],
      [BANK, '简答题', '简述电梯困人的处置步骤。', '安抚、通知维保、持证盘车、记录', '', 3, 20, '电梯', '', ''],
    ]);
    await screen(page).locator('input[type=file]').setInputFiles({ name: '题目.xlsx', mimeType: XLSX, buffer: sheet });
    await poll(() => page.getByText('成功导入 4 条题目').isVisible()).toBe(true);
    await poll(() => row(page, '电梯困人时应当？').getByText('B', { exact: true }).isVisible()).toBe(true);

    // A random exam: two true/false questions and the short answer, drawn per candidate.
    await page.goto(`${server.url}/employeeEmpowerment/theory`);
    await screen(page).getByRole('button', { name: '新建考试' }).click();
    await page.waitForURL(/\/employeeEmpowerment\/creat$/);
    const form = screen(page);
    await form.getByLabel('考试名称').fill(EXAM);
    for (const [i, type, count, score] of [[0, '判断题', '2', '20'], [1, '简答题', '1', '60']] as const) {
      await form.getByRole('button', { name: '添加规则' }).click();
      await choose(form, '题库', BANK, { nth: i });
      await choose(form, '题型', type, { nth: i });
      await form.getByLabel('抽题数').nth(i).fill(count);
      await form.getByLabel('每题分值').nth(i).fill(score);
    }
    await form.getByLabel('及格分').fill('60');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL(/\/employeeEmpowerment\/theory$/);
    const exam = row(page, EXAM);
    await poll(() => exam.getByText('未发布').isVisible()).toBe(true);
    await poll(() => exam.innerText()).toContain('100');

    // 发布设置: 王师傅 alone, from now for a week; then 发布.
    await exam.getByRole('button', { name: '发布设置' }).click();
    await page.waitForURL(/\/employeeEmpowerment\/release\?id=\d+$/);
    await screen(page).getByRole('radio', { name: '指定人员' }).check();
    await choose(screen(page), '考试对象指定人员', '王师傅');
    await screen(page).locator('.ant-formily-item-label', { hasText: '考试名称' }).click(); // closes the multiple select's list
    for (const [label, at] of [['开始时间', Date.now() - 60_000], ['截止时间', Date.now() + 7 * 86_400_000]] as const) {
      await screen(page).getByLabel(label).click();
      await screen(page).getByLabel(label).fill(stamp(at));
      await screen(page).getByLabel(label).press('Enter');
    }
    await screen(page).getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL(/\/employeeEmpowerment\/theory$/);
    await row(page, EXAM).getByRole('button', { name: '发布', exact: true }).click();
    await confirmDialog(page);
    await poll(() => row(page, EXAM).getByText('已发布').isVisible()).toBe(true);

    // 王师傅 takes it in the staff app (the same services): both true/false right, a short answer.
    const db = server.app.db as unknown as Kysely<any>;
    const examId = (await db.selectFrom('exam').select('id').where('name', '=', EXAM).executeTakeFirstOrThrow()).id as number;
    const weixiu = await signedIn(server.url, 'weixiu');
    const paper = (await weixiu.post('/api/learning/myExam/start', { examId })).body.data;
    expect(paper.questions).toHaveLength(3);
    expect(JSON.stringify(paper)).not.toContain('"answer"');
    const answers: Record<string, string> = {};
    for (const q of paper.questions) {
      if (q.type === 'essay') answers[q.index] = '先安抚乘客，通知维保单位到场盘车放人';
      else answers[q.index] = q.options.find((o: { content: string }) => o.content === (q.stem.includes('爬出') ? '错误' : '正确')).label;
    }
    const submitted = await weixiu.post('/api/learning/myExam/submit', { recordId: paper.recordId, answers });
    expect(submitted.body.data).toMatchObject({ status: 'to_grade', objectiveScore: 40 });

    // The grader marks the short answer; the result shows in the scores.
    await row(page, EXAM).getByRole('button', { name: '成绩' }).click();
    await page.waitForURL(/\/employeeEmpowerment\/theory\/records\?exam_id=\d+$/);
    const record = row(page, '王师傅');
    await poll(() => record.getByText('待判分').isVisible()).toBe(true);
    await record.getByRole('button', { name: '阅卷' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await poll(() => drawer.getByText('先安抚乘客，通知维保单位到场盘车放人').isVisible()).toBe(true);
    await drawer.getByLabel('得分').fill('50');
    await drawer.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await poll(() => page.getByText('阅卷完成，总得分 90 分，通过').isVisible()).toBe(true);
    await poll(() => row(page, '王师傅').getByText('已完成').isVisible()).toBe(true);
    await poll(() => row(page, '王师傅').getByText('通过', { exact: true }).isVisible()).toBe(true);
    expect(problems.consoleErrors).toEqual([]);
  });
});
