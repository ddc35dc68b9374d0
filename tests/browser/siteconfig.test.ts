import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setUpApis, setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';
import { choose } from '../support/selects.ts';

/**
 * The operations specialist's project configuration (赵雅琪, yunying, 华东区域): a parameter
 * overridden for one project on /setProject shows as that project's effective value, here and
 * in the batch view; a space booked over another booking is refused with the clash named.
 */
const server = setUpServer();
const browser = setUpBrowser();
const [api] = setUpApis(server, 'yunying');
const page = setUpSignedInPage(browser, server, 'yunying', { viewport: { width: 1600, height: 1000 } });

const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const screen = (p: Page) => p.locator('.pms-page[data-active="true"]:visible');
const drawer = (p: Page) => p.locator('.ant-drawer-open');
const DAY = 24 * 3600_000;
const stamp = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};
/** `hours` after midnight, two days ahead (within every space's booking window). */
const at = (hours: number) => new Date().setHours(0, 0, 0, 0) + 2 * DAY + hours * 3600_000;

async function pickDate(scope: Locator, label: string, ms: number): Promise<void> {
  const input = scope.getByLabel(label);
  await input.click();
  await input.fill(stamp(ms));
  await input.press('Enter');
  await poll(() => input.inputValue()).toBe(stamp(ms));
}

describe('project configuration', () => {
  it('overrides a parameter for one project and shows it as the effective value', async () => {
    await page.goto(`${server.url}/setProject?projectId=${DEMO_PROJECTS.jinxiu.id}`);
    await poll(() => page.title()).toBe('项目参数设置-PMS');
    const effective = screen(page).locator('[data-key="face_access"]');
    await poll(() => effective.textContent()).toBe('关默认值');
    await screen(page).getByRole('switch', { name: '人脸开门' }).click();
    await screen(page).getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => page.getByText('已保存 1 项参数').isVisible()).toBe(true);
    await poll(() => effective.textContent()).toBe('开项目值');
    expect((await api.get('/api/wxmanage/projectConfig/effective', { projectId: DEMO_PROJECTS.jinxiu.id, key: 'face_access' })).body.data).toMatchObject({ value: true, source: 'project' });

    await page.goto(`${server.url}/opearator-manager/projectConfigurations`);
    const row = screen(page).locator('.ant-table-row', { hasText: '锦绣华庭' });
    await poll(() => row.locator('td').nth(10).textContent()).toBe('开');
  });

  it('refuses a booking that overlaps another in the space, naming it', async () => {
    const space = await api.post('/api/community/space/add', { project_id: DEMO_PROJECTS.cuihu.id, venue: '37°会所', name: '二号羽毛球场', type: 'court', capacity: 4, open_time: '07:00', close_time: '22:00', open_days: ['1', '2', '3', '4', '5', '6', '7'], fee_per_hour: 40, max_hours: 2, advance_days: 7, status: 'available' });
    expect(space.body.message).toBe('新增成功');
    const first = await api.post('/api/community/spaceBooking/add', { project_id: DEMO_PROJECTS.cuihu.id, space_id: space.body.data.id, booker_name: '张丽华', booker_phone: '13912345678', persons: 2, start_at: at(18), end_at: at(20), pay_way: 'wechat' });
    expect(first.body.message).toBe('新增成功');

    await page.goto(`${server.url}/community-management/thirtySevenDegreeSpace`);
    await poll(() => page.title()).toBe('37°空间-PMS');
    await screen(page).getByRole('button', { name: '新增预约' }).click();
    const form = drawer(page);
    await choose(form, '所属项目', DEMO_PROJECTS.cuihu.name, { typed: false });
    await choose(form, '场地', '二号羽毛球场', { typed: false });
    await form.getByLabel('预约人').fill('王建军');
    await form.getByLabel('联系电话').fill('13800138000');
    await pickDate(form, '开始时间', at(19));
    await pickDate(form, '结束时间', at(20));
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => page.getByText(`该场地此时段已被「张丽华」预约（${stamp(at(18))} 至 ${stamp(at(20))}），请选择其他时段`).isVisible()).toBe(true);

    await pickDate(form, '开始时间', at(20));
    await pickDate(form, '结束时间', at(21));
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => page.getByText('新增成功').isVisible()).toBe(true);
    const kept = (await api.post('/api/community/spaceBooking/list', { filters: { space_id: space.body.data.id, status: 'booked' } })).body.data.records as { booker_name: string; amount: number }[];
    expect(kept.map((b) => [b.booker_name, b.amount])).toEqual([['王建军', 40], ['张丽华', 80]]);
  });
});
