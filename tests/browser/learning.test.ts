import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { watchProblems } from '../support/browser.ts';
import { confirmDialog } from '../support/dialogs.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';

/**
 * Online learning in chromium, as 冯晓岚 (peixun, 培训专员): she puts a course on the shelf,
 * builds a learning map over it for the cleaners and publishes it, follows a learner into the
 * map's ledger and their tasks, pushes the cleaners' refresher course at once and sees who it
 * reached, then reads a staff member's learning profile and the online-learning report.
 */
const server = setUpServer();
const browser = setUpBrowser();
const poll = (read: () => unknown) => expect.poll(read, { timeout: 15_000 });
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });
const MAP = '保洁主管成长地图（浏览器）';

async function choose(page: Page, scope: Locator, name: string, option: string): Promise<void> {
  const select = scope.locator('.ant-select', { has: page.getByRole('combobox', { name, exact: true }) }).first();
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  // A multiple select stays open: a click on the drawer's title closes it, as a user's would.
  if (await select.evaluate((e) => e.classList.contains('ant-select-multiple'))) await page.locator('.ant-drawer-open .ant-drawer-title').click();
  await poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

describe('online learning', () => {
  it('a course, a map over it, its ledger, a push and the profiles', async () => {
    const page = await signedInPage(browser, server.url, 'peixun', { viewport: { width: 1440, height: 1000 } });
    const problems = watchProblems(page);

    // 课程管理: the draft course goes on the shelf.
    await page.goto(`${server.url}/employeeEmpowerment/learningMaps/courses`);
    await poll(() => page.title()).toBe('课程管理-PMS');
    const course = row(page, '项目经理的预算管控与团队管理');
    await poll(() => course.getByText('未上架').isVisible()).toBe(true);
    await course.getByRole('button', { name: '上架', exact: true }).click();
    await poll(() => course.getByText('已上架').isVisible()).toBe(true);
    await poll(() => course.getByRole('button', { name: '下架', exact: true }).isEnabled()).toBe(true);

    // 学习地图: a map for the cleaners, one stage over two courses, published.
    await page.goto(`${server.url}/employeeEmpowerment/learningMaps`);
    await poll(() => page.title()).toBe('学习地图-PMS');
    await screen(page).getByRole('button', { name: '新建学习地图' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByLabel('地图名称').fill(MAP);
    await choose(page, drawer, '地图分类', '岗位技能');
    await choose(page, drawer, '适用岗位', '保洁员（翠湖天地）');
    await drawer.getByRole('button', { name: '添加阶段' }).click();
    await drawer.getByPlaceholder('阶段名称').fill('作业规范');
    await choose(page, drawer, '课程', '保洁作业标准与垃圾分类');
    await choose(page, drawer, '课程', '物业服务礼仪规范');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    const map = row(page, MAP);
    await poll(() => map.getByText('未发布').isVisible()).toBe(true);
    await map.getByRole('button', { name: '发布', exact: true }).click();
    await confirmDialog(page, '发布后适用岗位的员工即按地图学习');
    await poll(() => map.getByText('已发布').isVisible()).toBe(true);

    // Its ledger: each cleaner of 翠湖天地 with their progress; one learner's tasks.
    await map.getByRole('button', { name: '学员进度' }).click();
    await page.waitForURL(/\/employeeEmpowerment\/mapsLedger\?map_id=\d+/);
    await poll(() => screen(page).locator('.ant-table-row').count()).toBeGreaterThan(0);
    await screen(page).locator('.ant-table-row').first().getByRole('button', { name: '学习详情' }).click();
    await page.waitForURL(/\/employeeEmpowerment\/learnDetail\?id=\d+/);
    await poll(() => screen(page).getByText('保洁作业标准与垃圾分类').isVisible()).toBe(true);
    await poll(() => screen(page).getByText(MAP).first().isVisible()).toBe(true);

    // 学习推送: the cleaners' refresher pushed at once reaches them, each with a task.
    await page.goto(`${server.url}/employeeEmpowerment/learnPush`);
    await poll(() => page.title()).toBe('学习推送-PMS');
    const push = row(page, '保洁作业标准复训');
    await push.getByRole('button', { name: '立即推送' }).click();
    await confirmDialog(page, '立即向推送范围内的员工发送学习任务');
    await poll(() => push.getByText('已推送').isVisible()).toBe(true);
    await push.getByRole('button', { name: '详情' }).click();
    await page.waitForURL(/\/employeeEmpowerment\/learnPush\/detail\?id=\d+/);
    await poll(() => screen(page).locator('.ant-tabs-tabpane-active .ant-table-row').count()).toBeGreaterThan(0);
    await poll(() => screen(page).locator('.ant-tabs-tabpane-active').getByText(/待完成|已完成/).first().isVisible()).toBe(true);

    // 员工学习档案: the first learner's profile, tab by tab.
    await page.goto(`${server.url}/employeeEmpowerment/staff`);
    await poll(() => page.title()).toBe('员工学习档案-PMS');
    await screen(page).locator('.ant-table-row').first().getByRole('button', { name: '学习档案' }).click();
    await page.waitForURL(/\/employeeEmpowerment\/staffDetail\?id=\d+/);
    await poll(() => screen(page).locator('.ant-tabs-tabpane-active .ant-table-row').count()).toBeGreaterThan(0);
    await screen(page).getByRole('tab', { name: '学习地图' }).click();
    await poll(() => screen(page).locator('.ant-tabs-tabpane-active .ant-table-row').count()).toBeGreaterThan(0);

    // 线上学习统计: by organisation, with its figures.
    await page.goto(`${server.url}/employeeEmpowerment/onlineLearn`);
    await poll(() => page.title()).toBe('线上学习统计-PMS');
    await poll(() => screen(page).getByText('完成率').first().isVisible()).toBe(true);
    await poll(() => screen(page).locator('.ant-table-row').count()).toBeGreaterThan(0);
    expect(problems.consoleErrors).toEqual([]);
  });
});
