import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setUpApis, setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/**
 * The training specialist's main journey in chromium: schedule an offline session in its form
 * with a lecturer, place, time and trainees; open it (培训管理) and see its sign-in QR code; a
 * trainee signs in with that code through the staff app's call and evaluates it; the attendance
 * tab and the sign-in records show it, and the offline totals count it.
 */
const server = setUpServer();
const browser = setUpBrowser();
const [weixiu, adminApi] = setUpApis(server, 'weixiu', 'admin');
const page = setUpSignedInPage(browser, server, 'admin', { viewport: { width: 1600, height: 1000 } });

const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const screen = (p: Page) => p.locator('.pms-page[data-active="true"]:visible');
const row = (p: Page, text: string) => screen(p).locator('.ant-table-row', { hasText: text });
const drawer = (p: Page) => p.locator('.ant-drawer-open');
const stamp = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

async function pickDate(scope: Locator, label: string, ms: number): Promise<void> {
  const input = scope.getByLabel(label);
  await input.click();
  await input.fill(stamp(ms));
  await input.press('Enter');
  await poll(() => input.inputValue()).toBe(stamp(ms));
}

async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option).first().click();
}

describe('offline training', () => {
  it('schedules a session, a trainee signs in by its QR code and evaluates it, and the sheets and totals show it', async () => {
    const name = `消防演练培训${Date.now() % 10000}`;
    await page.goto(`${server.url}/employeeEmpowerment/offline`);
    await poll(() => page.title()).toBe('线下培训-PMS');
    await screen(page).getByRole('button', { name: '新增培训' }).click();
    const form = drawer(page);
    await form.getByLabel('培训名称').fill(name);
    await choose(form, '所属项目', DEMO_PROJECTS.cuihu.name);
    await choose(form, '培训类型', '安全培训');
    await choose(form, '讲师', '张卫东');
    await form.getByLabel('培训地点').fill('物业服务中心 3 楼培训室');
    await form.getByLabel('培训学时').fill('2');
    const start = Date.now() + 10 * 60_000;
    await pickDate(form, '开始时间', start);
    await pickDate(form, '结束时间', start + 2 * 3_600_000);
    await choose(form, '评估表', '线下培训效果评估表');
    await form.locator('.ant-select', { has: page.getByRole('combobox', { name: '参训人员' }) }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(/^王师傅/).click();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => drawer(page).count()).toBe(0);
    await page.goto(`${server.url}/employeeEmpowerment/offline?name=${encodeURIComponent(name)}`);
    await poll(() => row(page, name).getByText('未开始').isVisible()).toBe(true);

    // 培训管理: the session, its roster and its QR code.
    await row(page, name).getByRole('button', { name: '培训管理' }).click();
    await poll(() => screen(page).getByText('物业服务中心 3 楼培训室').isVisible()).toBe(true);
    await poll(() => screen(page).locator('.ant-tabs-tabpane-active .ant-table-row', { hasText: '王师傅' }).getByText('未签到').isVisible()).toBe(true);
    await screen(page).getByRole('tab', { name: '签到二维码' }).click();
    await poll(() => screen(page).locator('.ant-tabs-tabpane-active img[src^="data:image/png"]').count()).toBe(1);

    // The trainee's staff app sends the scanned code (the server's signed code for this session) and evaluates.
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const { code } = (await adminApi.get('/api/learning/training/offline/signCode', { id })).body.data[0];
    expect((await weixiu.post('/api/learning/training/offline/signIn', { code })).body.message).toBe('签到成功（出勤）');
    expect((await weixiu.post('/api/learning/training/offline/evaluate', { trainingId: id, rating: 5, answers: { content: '非常实用', lecturer: 5 } })).body.message).toBe('评价已提交，感谢您的反馈');

    await page.reload();
    await poll(() => screen(page).locator('.ant-tabs-tabpane-active .ant-table-row', { hasText: '王师傅' }).getByText('出勤').isVisible()).toBe(true);
    await poll(() => screen(page).locator('.ant-tabs-tabpane-active .ant-table-row', { hasText: '王师傅' }).getByText('扫码签到').isVisible()).toBe(true);

    // 培训签到记录 lists it; at its end the session closes and 线下培训统计 counts it.
    await page.goto(`${server.url}/employeeEmpowerment/offlineTraining?training_id=${id}`);
    await poll(() => row(page, name).getByText('扫码签到').isVisible()).toBe(true);
    await server.app.workflowTimers.run(start + 1000);
    await server.app.workflowTimers.run(start + 2 * 3_600_000 + 1000);
    expect((await adminApi.get('/api/learning/training/offline/detail', { id })).body.data).toMatchObject({ status: 'finished', present_count: 1, avg_rating: 5 });
    await page.goto(`${server.url}/employeeEmpowerment/totalOffline`);
    await poll(() => screen(page).locator('.ant-table-row', { hasText: DEMO_PROJECTS.cuihu.name }).isVisible()).toBe(true);
    const totals = (await adminApi.post('/api/learning/training/report/offlineTotal/query', { groupBy: 'project', project_id: DEMO_PROJECTS.cuihu.id })).body.data.totals;
    expect(totals.attended).toBeGreaterThan(0);
    await poll(() => screen(page).locator('.ant-table-row', { hasText: DEMO_PROJECTS.cuihu.name }).getByText(String(totals.attended), { exact: true }).count()).toBeGreaterThan(0);
  });
});
