import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Kysely } from 'kysely';
import { watchProblems } from '../support/browser.ts';
import { signedIn } from '../support/api.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

/**
 * Questionnaires and standard work in chromium: 刘海燕 (xmjl) designs a questionnaire in the form
 * designer and publishes it, 林晓雯 (kefu) fills it for an owner, the analysis counts the answer;
 * 陈志强 (xuncha) finishes a generated task with its template's check items.
 */
const server = setUpServer();
const browser = setUpBrowser();
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });
const drawer = (page: Page) => page.locator('.ant-drawer-open');
const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (at: number) => {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const NAME = '绿化养护满意度调查（浏览器）';

describe('questionnaires and standard work', () => {
  it('a questionnaire is designed, published, filled for an owner and analysed', async () => {
    const xmjl = await signedInPage(browser, server.url, 'xmjl', { viewport: { width: 1440, height: 1000 } });
    const problems = watchProblems(xmjl);
    await xmjl.goto(`${server.url}/quest-manager/quest-list`);
    await expect.poll(() => xmjl.title()).toBe('问卷列表-PMS');
    await screen(xmjl).getByRole('button', { name: '新增问卷' }).click();
    const form = drawer(xmjl);
    await form.getByRole('combobox', { name: '所属项目' }).click();
    await xmjl.locator('.ant-select-dropdown:visible').getByText('翠湖天地', { exact: true }).click();
    await form.getByLabel('问卷名称').fill(NAME);
    for (const [label, at] of [['开始时间', Date.now() - 86_400_000], ['结束时间', Date.now() + 10 * 86_400_000]] as const) {
      await form.getByLabel(label).click();
      await form.getByLabel(label).fill(stamp(at));
      await form.getByLabel(label).press('Enter');
    }
    // The designer: a single-choice question, relabelled, with its own options; the preview follows.
    await form.getByRole('button', { name: /^单\s?选$/ }).click();
    await form.getByLabel('第 1 题标题').fill('您对小区绿化养护满意吗');
    await expect.poll(() => form.locator('.pms-form-preview').getByText('您对小区绿化养护满意吗').isVisible()).toBe(true);
    await form.getByRole('button', { name: '多行文本', exact: true }).click();
    await form.getByLabel('第 2 题标题').fill('您的建议');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(xmjl, NAME).isVisible()).toBe(true);

    await row(xmjl, NAME).getByRole('button', { name: '提交审核' }).click();
    await expect.poll(() => row(xmjl, NAME).getByText('审批中').isVisible()).toBe(true);
    await row(xmjl, NAME).getByRole('button', { name: '审核通过并发布' }).click();
    await expect.poll(() => row(xmjl, NAME).getByText('进行中').isVisible()).toBe(true);

    const db = server.app.db as unknown as Kysely<any>;
    const quest = (await db.selectFrom('quest').select('id').where('name', '=', NAME).executeTakeFirstOrThrow()) as { id: number };

    const kefu = await signedInPage(browser, server.url, 'kefu', { viewport: { width: 1440, height: 1000 } });
    await kefu.goto(`${server.url}/quest-manager/quest-list-housekeeper`);
    await row(kefu, NAME).getByRole('button', { name: '代填' }).click();
    await kefu.waitForURL(new RegExp(`/quest-manager/quest-fill\\?id=${quest.id}$`));
    await screen(kefu).getByRole('button', { name: /提交答卷/ }).click();
    await expect.poll(() => kefu.getByText('请填写受访客户').isVisible()).toBe(true);
    await screen(kefu).getByLabel('受访客户').fill('周先生');
    await screen(kefu).getByRole('button', { name: /提交答卷/ }).click();
    await expect.poll(() => screen(kefu).getByText(/该字段是必填字段|必填/).first().isVisible()).toBe(true);
    await screen(kefu).getByLabel('选项一').check();
    await screen(kefu).getByLabel('您的建议').fill('草坪修剪很及时');
    await screen(kefu).getByRole('button', { name: /提交答卷/ }).click();
    await expect.poll(() => screen(kefu).getByText('本次已提交 1 份答卷，可继续填写下一位业主').isVisible()).toBe(true);

    await xmjl.goto(`${server.url}/quest-analysis?id=${quest.id}`);
    await expect.poll(() => screen(xmjl).getByText('1 人作答').first().isVisible()).toBe(true);
    const first = screen(xmjl).locator('.ant-card', { hasText: '您对小区绿化养护满意吗' });
    await expect.poll(() => first.locator('.ant-table-row', { hasText: '选项一' }).innerText()).toMatch(/选项一\s+1\s/);
    await expect.poll(() => screen(xmjl).getByText('草坪修剪很及时').isVisible()).toBe(true);
    expect(problems.consoleErrors).toEqual([]);
  });

  it('a generated task is finished by its assignee with the check items', async () => {
    const db = server.app.db as unknown as Kysely<any>;
    const template = (await db.selectFrom('work_template').select('id').where('name', '=', '公共区域保洁日检').executeTakeFirstOrThrow()) as { id: number };
    const xmjl = await signedIn(server.url, 'xmjl');
    const sent = await xmjl.post('/api/module/task/add', { project_id: DEMO_PROJECTS.cuihu.id, title: '大堂临时保洁检查', template_id: template.id, assignee_id: DEMO_STAFF.xuncha, plan_start: Date.now() - 3_600_000, plan_end: Date.now() + 3_600_000 });
    const task = { id: sent.body.data.id as number, title: '大堂临时保洁检查' };
    const xuncha = await signedInPage(browser, server.url, 'xuncha', { viewport: { width: 1440, height: 1000 } });
    await xuncha.goto(`${server.url}/module-manage-taskdetail/${task.id}`);
    await expect.poll(() => screen(xuncha).getByText(task.title).first().isVisible()).toBe(true);
    await screen(xuncha).getByRole('button', { name: /提交结果/ }).click();
    await expect.poll(() => screen(xuncha).getByText(/必填/).first().isVisible()).toBe(true);
    for (const radio of await screen(xuncha).getByLabel('合格', { exact: true }).all()) await radio.check();
    await screen(xuncha).locator('.ant-input-number-input').first().fill('9');
    await screen(xuncha).getByRole('button', { name: /提交结果/ }).click();
    await expect.poll(() => screen(xuncha).getByText('已完成').isVisible()).toBe(true);
    expect((await db.selectFrom('work_task').select(['status', 'form_version']).where('id', '=', task.id).executeTakeFirstOrThrow())).toEqual({ status: 'done', form_version: 1 });
  });
});
