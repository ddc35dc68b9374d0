import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchProblems } from '../support/browser.ts';
import { signedIn } from '../support/api.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';
import { choose } from '../support/selects.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';

/**
 * Execution in chromium: the project manager 刘海燕 (xmjl) finds today's tasks on the calendar and
 * opens one; an event 陈志强 (xuncha) reports from the staff app is turned into a work order by the
 * dispatcher 周建国 (diaodu); headquarters (admin) devolves a template that xmjl accepts; xmjl
 * finds a task lapsed at its deadline among the overdue ones and accepts a finished one.
 */
const server = setUpServer();
const browser = setUpBrowser();
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });
const dialog = (page: Page) => page.locator('.ant-modal:visible');
const OK = { name: /确\s*定/ };

describe('execution', () => {
  it('the calendar shows the tasks of the month and opens one', async () => {
    const xmjl = await signedInPage(browser, server.url, 'xmjl', { viewport: { width: 1440, height: 1000 } });
    const problems = watchProblems(xmjl);
    await xmjl.goto(`${server.url}/execution-manager/calendar`);
    await expect.poll(() => xmjl.title()).toBe('任务日历-PMS');
    const grid = screen(xmjl).getByRole('grid', { name: '任务日历' });
    // The daily task is generated at its window's lead time: early in the day the latest one is yesterday's.
    const task = grid.getByRole('button', { name: /翠湖天地公共区域保洁日检 · 林晓雯/ });
    await expect.poll(() => task.count()).toBeGreaterThan(0);
    await task.last().click();
    await expect.poll(() => xmjl.url()).toMatch(/\/module-manage-taskdetail\/\d+$/);
    await expect.poll(() => screen(xmjl).getByText('检查项').first().isVisible()).toBe(true);
    await xmjl.goBack();
    await screen(xmjl).getByText('周', { exact: true }).click();
    await expect.poll(() => grid.locator('[data-day]').count()).toBe(7);
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
  });

  it('an event reported from the staff app becomes a work order', async () => {
    const xuncha = await signedIn(server.url, 'xuncha');
    const template = ((await xuncha.get('/api/module/template/eventOptions')).body.data as { label: string; value: number }[]).find((t) => t.label === '设施设备异常上报')!.value;
    const reported = await xuncha.post('/api/module/event/report', { template_id: template, title: '6 栋地库排风机不转', level: 'important', location: '6 栋 B1 排风机房', description: '排风机停转，地库空气浑浊。', answers: { q1: '供配电', q2: '是' } });
    expect(reported.body.status).toBe('200');
    const diaodu = await signedInPage(browser, server.url, 'diaodu', { viewport: { width: 1600, height: 1000 } });
    const problems = watchProblems(diaodu);
    await diaodu.goto(`${server.url}/module-manager/event`);
    await expect.poll(() => row(diaodu, '6 栋地库排风机不转').count()).toBe(1);
    await row(diaodu, '6 栋地库排风机不转').getByRole('button', { name: '转工单' }).click();
    await choose(dialog(diaodu), '工单类型', '报修', { typed: false });
    await dialog(diaodu).getByRole('button', OK).click();
    await expect.poll(() => row(diaodu, '6 栋地库排风机不转').textContent()).toMatch(/已转工单WO\d{13}/);
    await row(diaodu, '6 栋地库排风机不转').getByRole('button', { name: '详情' }).click();
    await expect.poll(() => screen(diaodu).getByText('供配电').isVisible()).toBe(true);
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
  });

  it('headquarters devolves a template that the project accepts', async () => {
    const admin = await signedIn(server.url, 'admin');
    await admin.post('/api/module/template/add', { name: '外墙清洗检查', kind: 'plan', category: 'environment', sla_hours: 12, form: { items: [{ key: 'q1', component: 'Radio.Group', label: '外墙无明显污渍', required: true, options: ['合格', '不合格'] }] } });
    const hq = await signedInPage(browser, server.url, 'admin', { viewport: { width: 1600, height: 1000 } });
    await hq.goto(`${server.url}/module-manager/operate`);
    await screen(hq).getByRole('button', { name: '下发模板' }).click();
    const form = hq.locator('.ant-drawer-open');
    await choose(form, '作业模板', '外墙清洗检查', { typed: false });
    await choose(form, '下发项目', '翠湖天地', { typed: false });
    await form.getByRole('button', { name: /提\s*交|保\s*存|确\s*定/ }).click();
    await expect.poll(() => hq.getByText('已下发到 1 个项目，待项目接收').isVisible()).toBe(true);
    const xmjl = await signedInPage(browser, server.url, 'xmjl', { viewport: { width: 1600, height: 1000 } });
    await xmjl.goto(`${server.url}/temp-devolve`);
    await expect.poll(() => row(xmjl, '外墙清洗检查').count()).toBe(1);
    await row(xmjl, '外墙清洗检查').getByRole('button', { name: '接收' }).click();
    await dialog(xmjl).getByRole('button', OK).click();
    await expect.poll(() => row(xmjl, '外墙清洗检查').count()).toBe(0);
  });

  it('a task lapsed at its deadline is among the overdue ones, and a finished one is accepted', async () => {
    const manager = await signedIn(server.url, 'xmjl');
    const xuncha = await signedIn(server.url, 'xuncha');
    const admin = await signedIn(server.url, 'admin');
    const template = (await admin.post('/api/module/template/add', { name: '大堂复查', kind: 'task', category: 'environment', sla_hours: 4, form: { items: [{ key: 'q1', component: 'Radio.Group', label: '地面洁净', required: true, options: ['合格', '不合格'] }] } })).body.data.id as number;
    const send = async (title: string, end: number) => (await manager.post('/api/module/task/add', { project_id: DEMO_PROJECTS.cuihu.id, title, template_id: template, assignee_id: DEMO_STAFF.xuncha, plan_start: end - 7_200_000, plan_end: end })).body.data.id as number;
    const end = Date.now() + 3_600_000;
    await send('地库消防栓巡检（浏览器）', end);
    await server.app.workflowTimers.run(end);
    const finished = await send('大堂保洁复查（浏览器）', end + 3_600_000);
    expect((await xuncha.post('/api/module/task/transition', { id: finished, action: 'finish', values: { result: { q1: '合格' } } })).body.message).toBe('任务已完成');
    const xmjl = await signedInPage(browser, server.url, 'xmjl', { viewport: { width: 1600, height: 1000 } });
    await xmjl.goto(`${server.url}/execution-manager/task`);
    await choose(screen(xmjl), '是否超时', '超时', { typed: false });
    await screen(xmjl).getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => row(xmjl, '地库消防栓巡检（浏览器）').textContent()).toMatch(/已超时.*超时/);
    await expect.poll(() => row(xmjl, '大堂保洁复查（浏览器）').count()).toBe(0);
    await xmjl.goto(`${server.url}/module-manager/task`);
    await row(xmjl, '大堂保洁复查（浏览器）').getByRole('button', { name: '验收通过' }).click();
    await dialog(xmjl).getByRole('button', OK).click();
    await expect.poll(() => row(xmjl, '大堂保洁复查（浏览器）').textContent()).toMatch(/已验收/);
  });
});
