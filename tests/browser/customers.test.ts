import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { watchProblems } from '../support/browser.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

// The customer service's day (kefu): find a customer, open the profile, record a conversation and
// see it on the profile (and, for operations, the owner's app feedback there); the regional quality manager (pinzhi): open a task report, drill into a
// figure, export its records in the background and download them from the download center.
const server = setUpServer();
const browser = setUpBrowser();

const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const as = (account: string) => signedInPage(browser, server.url, account, { viewport: { width: 1440, height: 1000 }, acceptDownloads: true });

describe('customers', () => {
  it('finds a customer, opens the profile, adds a communication record and sees it there', async () => {
    const customer = await server.app.db.selectFrom('customer').select(['id', 'name']).where('project_id', '=', DEMO_PROJECTS.cuihu.id).orderBy('id').executeTakeFirstOrThrow();
    const page = await as('kefu');
    const problems = watchProblems(page);
    await page.goto(`${server.url}/user-manager/user-lists`);
    await screen(page).getByLabel('姓名').fill(customer.name);
    await screen(page).getByRole('button', { name: /查\s*询/ }).click();
    const row = screen(page).locator('.ant-table-row', { hasText: customer.name }).first();
    await expect.poll(() => row.isVisible()).toBe(true);
    // Mobiles are masked in the list.
    await expect.poll(() => row.getByText(/^1\d{2}\*{4}\d{4}$/).isVisible()).toBe(true);
    await row.getByRole('button', { name: '查看', exact: true }).click();
    await page.waitForURL(/\/user-manager\/user-lists\/detail\?id=/);
    await expect.poll(() => screen(page).getByText('家庭与婚姻').isVisible()).toBe(true);
    await expect.poll(() => screen(page).getByText('身体与心理特征').isVisible()).toBe(true);

    await page.getByRole('button', { name: '新增沟通' }).click();
    await page.waitForURL(/\/user-manager\/communication-record\/form\?/);
    const form = screen(page);
    await form.getByRole('combobox', { name: '沟通方式' }).click();
    await page.getByTitle('上门拜访', { exact: true }).click();
    await form.getByRole('combobox', { name: '沟通类型' }).click();
    await page.getByTitle('日常关怀', { exact: true }).click();
    await form.getByRole('combobox', { name: '沟通结果' }).click();
    await page.getByTitle('已解决', { exact: true }).click();
    await form.getByLabel('沟通内容').fill('上门检查燃气阀门与烟感，一切正常，业主对管家服务表示感谢');
    await form.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
    await page.waitForURL(/\/user-manager\/communication-record$/);
    await expect.poll(() => screen(page).locator('.ant-table-row', { hasText: '上门检查燃气阀门与烟感' }).isVisible()).toBe(true);

    await page.goto(`${server.url}/user-manager/user-lists/detail?id=${customer.id}`);
    await expect.poll(() => screen(page).getByText('上门检查燃气阀门与烟感，一切正常，业主对管家服务表示感谢').isVisible()).toBe(true);
    expect(problems.consoleErrors).toEqual([]);
  });

  it('shows an owner\'s app feedback on their profile to the operations specialist, who holds the feedback screen', async () => {
    // A demo owner's handled feedback (ownerapi seed); the tab's list is another screen's, borrowed by the customer list.
    const feedback = await (server.app.db as unknown as Kysely<any>).selectFrom('app_feedback').select(['customer_id', 'content']).where('customer_id', 'is not', null).where('status', '=', 'done').orderBy('id').executeTakeFirstOrThrow();
    const page = await as('yunying');
    await page.goto(`${server.url}/user-manager/user-lists/detail?id=${feedback.customer_id}`);
    await screen(page).getByRole('tab', { name: 'App 意见反馈' }).click();
    await expect.poll(() => screen(page).getByRole('cell', { name: feedback.content as string }).isVisible()).toBe(true);
  });
});

describe('task reports and the download center', () => {
  it('drills from a figure to its orders, exports them in the background and downloads the file', async () => {
    const page = await as('pinzhi');
    const problems = watchProblems(page);
    await page.goto(`${server.url}/taskreport/repair`);
    const table = screen(page).locator('.ant-table').last();
    await expect.poll(() => table.getByText(DEMO_PROJECTS.binjiang.name).isVisible()).toBe(true);
    await expect.poll(() => table.getByText(DEMO_PROJECTS.cuihu.name).count()).toBe(0);
    const row = table.locator('.ant-table-row', { hasText: DEMO_PROJECTS.binjiang.name });
    const figure = row.locator('a').first();
    const count = Number(await figure.textContent());
    await figure.click();
    const drawer = page.locator('.ant-drawer-content');
    await expect.poll(() => drawer.getByText(`共 ${count} 条记录`).isVisible()).toBe(true);
    await expect.poll(() => drawer.locator('.ant-table-row').count()).toBe(Math.min(10, count));
    await drawer.getByRole('button', { name: '导出明细' }).click();
    await expect.poll(() => page.getByText('已加入导出队列').isVisible()).toBe(true);
    await page.goto(`${server.url}/downloadReport`);
    const job = screen(page).locator('.ant-table-row', { hasText: '报修统计明细' }).first();
    await expect.poll(() => job.getByText('已完成').isVisible(), { timeout: 20_000 }).toBe(true);
    const download = page.waitForEvent('download');
    await job.getByRole('button', { name: '下载' }).click();
    expect((await download).suggestedFilename()).toMatch(/^报修统计明细_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(problems.consoleErrors).toEqual([]);
  });
});
