import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Kysely } from 'kysely';
import { watchProblems } from '../support/browser.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';
import { generateReturnVisits } from '../../server/modules/returnVisit/generate.ts';
import { confirmDialog } from '../support/dialogs.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/**
 * Return visits in the browser: 林晓雯 (kefu) carries out a visit with its questionnaire, and
 * records another as unreachable, which lands in the error list.
 */
const server = setUpServer();
const browser = setUpBrowser();
const HOUR = 3_600_000;

const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });

/** Two repair orders of 翠湖天地 finished 30 hours ago: the demo's rule (次日回访, visitor 林晓雯) gives them visits. */
async function finishedOrders(titles: string[]): Promise<void> {
  const db = server.app.db as unknown as Kysely<any>;
  const project = DEMO_PROJECTS.cuihu.id;
  const customers = await db.selectFrom('customer').select(['id', 'house_id']).where('project_id', '=', project).orderBy('id').limit(titles.length).execute();
  const finished = Date.now() - 30 * HOUR;
  for (const [i, title] of titles.entries()) {
    await db
      .insertInto('work_order')
      .values({ code: `WOBROWSER${i}`, project_id: project, house_id: customers[i]!.house_id, customer_id: customers[i]!.id, kind: 'repair', title, content: '测试', status: 'finished', source: 'staff', priority: 'normal', processor_id: null, created_by: null, created_at: finished - 6 * HOUR, updated_at: finished, finished_at: finished, state_at: finished })
      .execute();
  }
  await generateReturnVisits(server.app, Date.now());
}

beforeAll(async () => {
  await finishedOrders(['回访测试：厨房水槽堵塞', '回访测试：门禁卡失灵']);
});

const kefu = () => signedInPage(browser, server.url, 'kefu', { viewport: { width: 1440, height: 1000 } });

describe('return visits', () => {
  it('carries out a visit with its questionnaire and shows the answers', async () => {
    const page = await kefu();
    const problems = watchProblems(page);
    await page.goto(`${server.url}/returnVisitListNew`);
    await expect.poll(() => page.title()).toBe('我的回访-PMS');
    await row(page, '回访测试：厨房水槽堵塞').getByRole('button', { name: /回\s*访/ }).click();
    await page.waitForURL(/\/returnQuestionnaire\?id=\d+$/);
    await expect.poll(() => screen(page).getByText('维修工单回访问卷').isVisible()).toBe(true);
    await expect.poll(() => screen(page).getByRole('button', { name: /拨\s*打/ }).isVisible()).toBe(true);

    // Submitting without answers names the first unanswered question.
    await screen(page).getByRole('button', { name: '提交回访' }).click();
    await expect.poll(() => screen(page).getByText('请回答第 1 题').isVisible()).toBe(true);

    await screen(page).getByLabel('准时上门').check();
    await screen(page).getByText('5 分', { exact: true }).click();
    await screen(page).getByLabel('非常满意').check();
    await screen(page).getByLabel('4. 您对我们的服务还有什么意见或建议？').fill('师傅很细心');
    await screen(page).getByLabel('回访备注').fill('业主对维修很满意');
    await screen(page).getByRole('button', { name: '提交回访' }).click();
    await page.waitForURL(/\/returnQuestionnaireInfo\?id=\d+$/);
    await expect.poll(() => page.getByText('回访完成，业主满意').isVisible()).toBe(true);
    await expect.poll(() => screen(page).getByText('回访成功').first().isVisible()).toBe(true);
    const answers = screen(page).locator('.ant-card').filter({ hasText: '答卷' }).locator('.ant-table-row');
    await expect.poll(() => answers.count()).toBe(4);
    await expect.poll(() => answers.nth(1).innerText()).toContain('5 分');
    await expect.poll(() => answers.nth(3).innerText()).toContain('师傅很细心');
    await expect.poll(() => screen(page).getByText('业主对维修很满意', { exact: true }).isVisible()).toBe(true);

    await page.goto(`${server.url}/returnVisit/returnResultList`);
    await expect.poll(() => row(page, '回访测试：厨房水槽堵塞').getByText('满意', { exact: true }).isVisible()).toBe(true);
    expect(problems.consoleErrors).toEqual([]);
  });

  it('records an unreachable customer, and the visit lands in the error list', async () => {
    const page = await kefu();
    await page.goto(`${server.url}/returnVisitListNew`);
    await row(page, '回访测试：门禁卡失灵').getByRole('button', { name: /回\s*访/ }).click();
    await page.waitForURL(/\/returnQuestionnaire\?id=\d+$/);
    await screen(page).getByRole('button', { name: '电话未接通' }).click();
    await confirmDialog(page, '确定记录本次回访电话未接通吗？');
    await page.waitForURL(/\/returnQuestionnaireInfo\?id=\d+$/);
    await expect.poll(() => page.getByText('已记录电话未接通，回访转入异常列表，可稍后重新回访').isVisible()).toBe(true);

    await page.goto(`${server.url}/returnVisit/returnErrorList`);
    const failed = row(page, '回访测试：门禁卡失灵');
    await expect.poll(() => failed.getByText('电话未接通（第 1 次回访）').isVisible()).toBe(true);
    await expect.poll(() => failed.getByText('未接通', { exact: true }).isVisible()).toBe(true);
    // It may be tried again: back among the visits to do.
    await failed.getByRole('button', { name: '重新回访' }).click();
    await confirmDialog(page);
    await expect.poll(() => page.getByText('重新回访成功').isVisible()).toBe(true);
    await page.goto(`${server.url}/returnVisitListNew`);
    await expect.poll(() => row(page, '回访测试：门禁卡失灵').isVisible()).toBe(true);
  });
});
