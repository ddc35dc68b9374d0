import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { watchProblems } from '../support/browser.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';

/**
 * Four screens in chromium: the project manager 刘海燕 (xmjl) drills from the execution analysis
 * to a project's tasks; the operations specialist 赵雅琪 (yunying) adds a robot Q&A; the
 * administrator reads the request log and a data-sync message.
 */
const server = setUpServer();
const browser = setUpBrowser();
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');
const VIEW = { viewport: { width: 1600, height: 1000 } };

async function choose(scope: Locator, name: string, option: string) {
  await scope.locator('.ant-select', { has: scope.page().getByRole('combobox', { name, exact: true }) }).first().click();
  await dropdown(scope.page()).getByTitle(option, { exact: true }).first().click();
}

describe('misc routes', () => {
  it("a figure of the execution analysis opens that project's tasks on their own screen", async () => {
    const xmjl = await signedInPage(browser, server.url, 'xmjl', VIEW);
    const problems = watchProblems(xmjl);
    await xmjl.goto(`${server.url}/execution-manager/execution-analysis`);
    const cuihu = row(xmjl, '翠湖天地');
    await expect.poll(() => cuihu.locator('a').count()).toBeGreaterThan(0);
    const total = Number((await cuihu.locator('a').first().textContent())!.replace(/,/g, ''));
    await cuihu.locator('a').first().click();
    await expect.poll(() => xmjl.url()).toMatch(/\/executive-statistics-detail\/\d+\?.*measure=total/);
    await expect.poll(() => xmjl.title()).toBe('执行统计明细-PMS');
    await expect.poll(() => screen(xmjl).getByText(`共 ${total} 条记录`).isVisible()).toBe(true);
    await expect.poll(() => screen(xmjl).locator('.ant-table-row', { hasText: '翠湖天地' }).count()).toBeGreaterThan(0);
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
  });

  it('operations add a question their robots answer', async () => {
    const yunying = await signedInPage(browser, server.url, 'yunying', VIEW);
    const problems = watchProblems(yunying);
    await yunying.goto(`${server.url}/orionManagement/secretary`);
    await expect.poll(() => row(yunying, '物业费怎么交').count()).toBeGreaterThan(0);
    await screen(yunying).getByRole('button', { name: '新增问答' }).click();
    const form = yunying.locator('.ant-drawer-open, .ant-modal:visible').last();
    await choose(form, '所属项目', '翠湖天地');
    await form.getByRole('textbox', { name: '标准问题' }).fill('健身房几点开放');
    await form.getByRole('textbox', { name: '回答内容' }).fill('会所健身房每天 6:00 至 22:00 开放，凭业主卡进入。');
    await form.getByRole('button', { name: /提\s*交|保\s*存|确\s*定/ }).click();
    await expect.poll(() => row(yunying, '健身房几点开放').count()).toBe(1);
    await screen(yunying).getByRole('tab', { name: '定时播报' }).click();
    await expect.poll(() => row(yunying, '早间问候').count()).toBe(1);
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
  });

  it('the administrator reads the request log and a data-sync message', async () => {
    const admin = await signedInPage(browser, server.url, 'admin', VIEW);
    const problems = watchProblems(admin);
    await admin.goto(`${server.url}/request/index`);
    await expect.poll(() => row(admin, '/api/auth/login/userlogin').count()).toBeGreaterThan(0);
    await admin.goto(`${server.url}/transport-manager/transportTasks`);
    const sent = row(admin, '成功').first();
    await expect.poll(() => sent.count()).toBe(1);
    await sent.getByRole('button', { name: '查看报文' }).click();
    await expect.poll(() => admin.url()).toMatch(/\/transport-manager\/transportTasks\/detail\/\d+$/);
    await expect.poll(() => screen(admin).getByText(/"(code|recordId)":/).isVisible()).toBe(true);
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
  });
});
