import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from '../support/browser.ts';
import { signedIn, type Api } from '../support/api.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { confirmDialog, opened } from '../support/dialogs.ts';
import { DEMO_STAFF } from '../../server/modules/org/demo.ts';

/**
 * Performance assessment in chromium (issue 36): HR generates a period's sheets; 王师傅 assesses
 * himself indicator by indicator and hands his sheet on; 刘海燕's team scores it (a low score
 * asks for its reason) and resolves it; the weighted total and grade the server computed show on
 * his sheet.
 */
let server: TestServer;
let browser: Browser;
let renshi: Api;
const pages = new Map<string, Page>();
const P = '/api/performance';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  renshi = await signedIn(server.url, 'renshi');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** One signed-in page per account, shared by the file's stories. */
async function as(account: string, path: string): Promise<Page> {
  let page = pages.get(account);
  if (!page) {
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, server.url, account);
    pages.set(account, page);
  }
  await page.goto(`${server.url}${path}`);
  return page;
}

const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string | RegExp) => screen(page).locator('.ant-table-row', { hasText: text });
const modal = (page: Page) => page.locator('.ant-modal:visible');

/** Scores each indicator row of a score page through its form dialog. */
async function scoreRows(page: Page, button: string, label: string, scores: [indicator: string, score: string, comment?: string][]) {
  for (const [indicator, score, comment] of scores) {
    await row(page, indicator).getByRole('button', { name: new RegExp(`^${[...button].join('\\s*')}$`) }).click();
    await opened(modal(page));
    await modal(page).getByLabel(label).fill(score);
    if (comment) await modal(page).getByLabel('评分说明').fill(comment);
    await modal(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => modal(page).count()).toBe(0);
  }
}

describe('performance assessment', () => {
  it('HR generates a period\'s sheets from the period list, once', async () => {
    const start = Date.UTC(2031, 2, 1);
    await renshi.post(`${P}/period/add`, { name: '2031年3月月度考核', type: 'month', start_date: start, end_date: start + 30 * 86_400_000 });
    const page = await as('renshi', '/performanceManagement/baseConfig');
    const period = row(page, '2031年3月月度考核');
    await expect.poll(() => period.isVisible(), { timeout: 15_000 }).toBe(true);
    await period.getByRole('button', { name: '生成本期考核表' }).click();
    await confirmDialog(page, '确定生成「2031年3月月度考核」的考核表吗？');
    await expect.poll(() => page.getByText(/^已生成 \d+ 张考核表$/).isVisible()).toBe(true);
    // The list's computed count and progress (0 of them with results yet).
    const rows = await period.allInnerTexts();
    expect(rows.length).toBe(1);
    await expect.poll(async () => Number(await period.getByRole('cell').nth(6).innerText())).toBeGreaterThan(15);
    await expect.poll(() => period.getByRole('progressbar').getByText(/^0\/\d+$/).isVisible()).toBe(true);
  });

  it('王师傅 assesses himself; 刘海燕\'s team scores and resolves; the computed total and grade show', async () => {
    const now = new Date();
    const month = `${now.getFullYear()}年${now.getMonth() + 1}月月度考核`;
    const mine = await as('weixiu', '/performanceManagement/myPerformance');
    const sheet = row(mine, month).filter({ hasText: '待自评' });
    await expect.poll(() => sheet.count(), { timeout: 15_000 }).toBe(1);
    await sheet.getByRole('button', { name: /^自\s*评$/ }).click();
    await expect.poll(() => screen(mine).locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(4);
    await scoreRows(mine, '自评', '自评分', [['工单及时完成率', '9'], ['维修返修率', '9'], ['设备巡检完成率', '8'], ['业主评价', '10']]);
    await expect.poll(() => row(mine, '设备巡检完成率').getByText('8', { exact: true }).isVisible()).toBe(true);
    await mine.goto(`${server.url}/performanceManagement/myPerformance`);
    await row(mine, month).getByRole('button', { name: '提交自评' }).click();
    await confirmDialog(mine, '提交后自评分不能再修改，确定提交吗？');
    await expect.poll(() => row(mine, month).filter({ hasText: '待评议' }).count()).toBe(1);

    const team = await as('xmjl', '/performanceManagement/performanceMange');
    const his = row(team, '王师傅').filter({ hasText: month });
    await expect.poll(() => his.count(), { timeout: 15_000 }).toBe(1);
    await his.getByRole('button', { name: /^评\s*分$/ }).click();
    await expect.poll(() => screen(team).locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(4);
    // A score below 60 % of full marks needs its reason.
    await row(team, '工单及时完成率').getByRole('button', { name: /^评\s*分$/ }).click();
    await opened(modal(team));
    await modal(team).getByLabel('评议分').fill('5');
    await modal(team).getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => team.getByText('「工单及时完成率」得分低于满分的 60%，请填写评分说明').isVisible()).toBe(true);
    await modal(team).getByLabel('评分说明').fill('本月三张工单超时');
    await modal(team).getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => modal(team).count()).toBe(0);
    await scoreRows(team, '评分', '评议分', [['维修返修率', '9'], ['设备巡检完成率', '9'], ['业主评价', '9']]);
    await expect.poll(() => row(team, '工单及时完成率').getByText('5/10').isVisible()).toBe(true);

    await team.goto(`${server.url}/performanceManagement/performanceMange`);
    await row(team, '王师傅').filter({ hasText: month }).getByRole('button', { name: '提交评议' }).click();
    await confirmDialog(team);
    await expect.poll(() => row(team, '王师傅').filter({ hasText: month }).count()).toBe(0);

    // 17.5 + 22.5 + 18 + 18 = 76: grade C (70 and above).
    await mine.goto(`${server.url}/performanceManagement/myPerformance`);
    const result = row(mine, month).filter({ hasText: '待确认' });
    await expect.poll(() => result.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => result.getByText('C', { exact: true }).isVisible()).toBe(true);
    expect(await result.getByText('76', { exact: true }).count()).toBeGreaterThan(0);
    const stored = (await renshi.post(`${P}/sheet/list`, { filters: { staff_id: DEMO_STAFF.weixiu, status: ['confirm'] }, sortField: 'resolved_at', sortOrder: 'descend' })).body.data.records[0];
    expect(stored).toMatchObject({ final_score: 76, team_total: 76, grade: 'C' });
  });
});
