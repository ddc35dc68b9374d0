import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setUpApis, setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';
import { confirmDialog, opened } from '../support/dialogs.ts';
import { choose } from '../support/selects.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';

/**
 * The office's meetings and commission screens in chromium, as 吴佳慧 (xingzheng): a booking is
 * cancelled with its reason, a blacklisted organiser is released; a distribution's OA link opens
 * its public page without a session (a forged one says so), and paying it fills the staff log.
 */
const server = setUpServer();
const [api] = setUpApis(server, 'xingzheng');
const browser = setUpBrowser();
const page = setUpSignedInPage(browser, server, 'xingzheng', { viewport: { width: 1440, height: 900 } });

const screen = (p: Page) => p.locator('.pms-page[data-active="true"]');
const row = (p: Page, text: string) => screen(p).locator('.ant-table-row', { hasText: text });
const DAY = 24 * 3600_000;
const at = (days: number, hour: number) => new Date(new Date().setHours(0, 0, 0, 0) + days * DAY + hour * 3600_000).getTime();

describe('meetings and commission', () => {
  it('cancels a booking with its reason, and releases an organiser from the blacklist', async () => {
    const room = ((await api.post('/api/meeting/room/list', { filters: { project_id: DEMO_PROJECTS.cuihu.id, name: '洽谈室' } })).body.data.records as { id: number }[])[0]!;
    const booked = await api.post('/api/meeting/meeting/add', { project_id: DEMO_PROJECTS.cuihu.id, title: '年度预算评审会', level: 'special', room_id: room.id, start_at: at(30, 10), end_at: at(30, 11), organizer_id: DEMO_STAFF.xmjl });
    expect(booked.body.message).toBe('新增成功');
    await page.goto(`${server.url}/meetingManagement/meetingList`);
    await expect.poll(() => page.title()).toBe('会议预约-PMS');
    const item = row(page, '年度预算评审会');
    await expect.poll(() => item.getByText('已预约').isVisible(), { timeout: 15_000 }).toBe(true);
    await item.getByRole('button', { name: '取消预约' }).click();
    await opened(page.locator('.ant-modal:visible'));
    await page.getByLabel('说明').fill('预算口径调整，改期');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => item.getByText('已取消').isVisible()).toBe(true);

    const who = ((await api.post('/api/meeting/blacklist/list', { filters: { status: 'active' } })).body.data.records as { staff_id_label: string }[])[0]!.staff_id_label;
    await page.goto(`${server.url}/meetingManagement/blackList`);
    const listed = row(page, who).filter({ hasText: '限制中' });
    await expect.poll(() => listed.isVisible(), { timeout: 15_000 }).toBe(true);
    await listed.getByRole('button', { name: '解除' }).click();
    await opened(page.locator('.ant-modal:visible'));
    await page.getByLabel('说明').fill('已说明情况，予以解除');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row(page, who).first().getByText('已解除').isVisible()).toBe(true);
  });

  it('shows the rooms by the hour and books an empty hour from the grid, its room and time filled', async () => {
    const cuihu = DEMO_PROJECTS.cuihu.id;
    const room = ((await api.post('/api/meeting/room/list', { filters: { project_id: cuihu, name: '洽谈室' } })).body.data.records as { id: number }[])[0]!;
    // The demo never books 洽谈室 from 12:00 to 13:00 nor after 17:00.
    expect((await api.post('/api/meeting/meeting/add', { project_id: cuihu, title: '物业费催缴复盘会', level: 'special', room_id: room.id, start_at: at(1, 18), end_at: at(1, 19), organizer_id: DEMO_STAFF.xmjl })).body.message).toBe('新增成功');
    await page.goto(`${server.url}/meetingManagement/roomSchedule?project_id=${cuihu}`);
    await screen(page).getByRole('button', { name: '后一天' }).click();
    const grid = screen(page).getByRole('grid', { name: '会议室占用' });
    await expect.poll(() => grid.locator('[data-row="洽谈室"]').getByText('物业费催缴复盘会').isVisible(), { timeout: 15_000 }).toBe(true);
    await grid.getByRole('button', { name: '洽谈室 12:00' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await expect.poll(() => drawer.getByText('洽谈室').first().isVisible()).toBe(true);
    const day = new Date(at(1, 12));
    const stamp = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    expect(await drawer.getByLabel('开始时间').inputValue()).toBe(`${stamp} 12:00`);
    expect(await drawer.getByLabel('结束时间').inputValue()).toBe(`${stamp} 13:00`);
    await drawer.getByLabel('会议主题').fill('绿化养护季度计划会');
    await choose(drawer, '组织人', '吴佳慧');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => grid.locator('[data-row="洽谈室"]').getByText('绿化养护季度计划会').isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('changes a project\'s commission rule in 佣金规则, its reach shown beside the company-wide ones', async () => {
    await page.goto(`${server.url}/commission/rule`);
    const own = row(page, '翠湖天地维修激励');
    await expect.poll(() => own.getByText('翠湖天地', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => row(page, '有偿维修标准提成').getByText('全部项目').isVisible()).toBe(true);
    await own.getByRole('button', { name: '编辑' }).click();
    const dialog = page.locator('.ant-modal-wrap:visible').last();
    await opened(dialog.locator('.ant-modal'));
    await dialog.getByLabel('提成比例（%）').fill('15');
    await dialog.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
    await expect.poll(() => own.getByText('15', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    const rules = (await api.post('/api/commission/rule/list', { filters: { name: '翠湖天地维修激励' } })).body.data.records as { rate: number }[];
    expect(rules[0]!.rate).toBe(15);
  });

  it('opens the OA link without a session, refuses a forged one, and pays into the staff log', async () => {
    const pending = ((await api.post('/api/commission/distribution/list', { pageSize: 1, filters: { status: 'approving' } })).body.data.records as { id: number; code: string }[])[0]!;
    await api.post('/api/commission/distribution/transition', { id: pending.id, action: 'withdraw' });
    await api.post('/api/commission/distribution/transition', { id: pending.id, action: 'submit' });
    const detail = (await api.get('/api/commission/distribution/detail', { id: pending.id })).body.data;
    const reviewer = await (await browser.newContext()).newPage();
    await reviewer.goto(detail.oa_link);
    await expect.poll(() => reviewer.getByText(detail.code).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => reviewer.getByText(detail.lines[0].staff_name).first().isVisible()).toBe(true);
    const forged = new URL(detail.oa_link);
    const token = forged.searchParams.get('token')!;
    forged.searchParams.set('token', `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
    await reviewer.goto(forged.href);
    await expect.poll(() => reviewer.getByText('链接无效或已被篡改，请向发起人索取新的链接').isVisible()).toBe(true);
    await reviewer.context().close();

    const approved = ((await api.post('/api/commission/distribution/list', { pageSize: 1, filters: { status: 'approved' } })).body.data.records as { id: number; code: string; lines: { staff_name: string }[] }[])[0]!;
    await page.goto(`${server.url}/commission/distributeList`);
    const item = row(page, approved.code);
    await expect.poll(() => item.getByText('已通过').isVisible(), { timeout: 15_000 }).toBe(true);
    await item.getByRole('button', { name: '发放' }).click();
    await confirmDialog(page, `确定发放「${approved.code}」吗？`);
    await expect.poll(() => item.getByText('已发放').isVisible()).toBe(true);
    await page.goto(`${server.url}/commission/staffLog`);
    await expect.poll(() => row(page, approved.lines[0]!.staff_name).first().isVisible(), { timeout: 15_000 }).toBe(true);
  });
});
