import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { confirmDialog } from '../support/dialogs.ts';
import { PNG, uploadFile } from '../support/patrol.ts';
import { setUpApis, setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/**
 * The operations specialist's journeys (赵雅琪, yunying, 华东区域): a popup authored in its form,
 * published and taken online by its date timer; rows dragged into a new order; an advert
 * submitted, approved by the administrator in 广告审批, then played by its timer.
 */
const server = setUpServer();
const browser = setUpBrowser();
const [yunyingApi] = setUpApis(server, 'yunying');
const yunying = setUpSignedInPage(browser, server, 'yunying', { viewport: { width: 1600, height: 1000 } });
const admin = setUpSignedInPage(browser, server, 'admin', { viewport: { width: 1600, height: 1000 } });

const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]:visible');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });
const drawer = (page: Page) => page.locator('.ant-drawer-open');
const HOUR = 3_600_000;
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

describe('operations content', () => {
  it('authors a popup, publishes it, and its start time takes it online', async () => {
    const page = yunying;
    await page.goto(`${server.url}/opearator-manager/popupManager`);
    await poll(() => page.title()).toBe('弹窗管理-PMS');
    await screen(page).getByRole('button', { name: '新增弹窗' }).click();
    const form = drawer(page);
    await form.locator('.ant-select', { has: page.getByRole('combobox', { name: '所属项目' }) }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(DEMO_PROJECTS.cuihu.name).click();
    await form.getByLabel('弹窗名称').fill('冬季消防安全检查通知');
    const start = Date.now() + HOUR;
    await pickDate(form, '开始时间', start);
    await pickDate(form, '结束时间', start + 48 * HOUR);
    await form.locator('input[type="file"]').setInputFiles({ name: '消防.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => form.locator('.ant-upload-list-item-done').count()).toBe(1);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => row(page, '冬季消防安全检查通知').getByText('未发布').isVisible()).toBe(true);

    await row(page, '冬季消防安全检查通知').getByRole('button', { name: '发布' }).click();
    await confirmDialog(page, '冬季消防安全检查通知');
    await poll(() => row(page, '冬季消防安全检查通知').getByText('待上线').isVisible()).toBe(true);
    await server.app.workflowTimers.run(start + 60_000);
    await page.reload();
    await poll(() => row(page, '冬季消防安全检查通知').getByText('展示中').isVisible()).toBe(true);
  });

  it('drags a row to a new place and keeps the order', async () => {
    const page = yunying;
    await page.goto(`${server.url}/yxl-manager/BannerManagement`);
    const rows = screen(page).locator('.ant-table-row');
    // Every banner of the demo on one page of 20.
    await poll(() => rows.count()).toBe(16);
    const titles = async () => (await rows.locator('td:nth-child(3)').allTextContents()).map((t) => t.trim());
    const before = await titles();
    await rows.nth(0).getByRole('button', { name: '拖动排序' }).dragTo(rows.nth(2));
    await poll(() => page.getByText('排序已保存').isVisible()).toBe(true);
    const expected = [before[1], before[2], before[0], ...before.slice(3)];
    await poll(titles).toEqual(expected);
    await page.reload();
    await poll(titles).toEqual(expected);
  });

  it('submits an advert, the administrator approves it in 广告审批, and it plays at its start', async () => {
    const start = Date.now() + 2 * HOUR;
    const image = (await uploadFile(yunyingApi, '/api/file/upload', PNG, 'ad.png')).body.data.cdnUrl as string;
    const added = await yunyingApi.post('/api/wxmanage/advert/add', {
      project_id: DEMO_PROJECTS.jinxiu.id, version: 'new', ad_name: '瑞幸咖啡社区新店 9.9 元', position: 'owner_home', classify: '9002', items: [image],
      link_type: 'none', start_time: start, end_time: start + 72 * HOUR, advertiser: '瑞幸咖啡', fee: 5000,
    });
    const id = added.body.data.id as number;
    const page = yunying;
    await page.goto(`${server.url}/opearator-manager/advertisingListNew`);
    await row(page, '瑞幸咖啡社区新店').getByRole('button', { name: '提交审核' }).click();
    await confirmDialog(page, '瑞幸咖啡社区新店');
    await poll(() => row(page, '瑞幸咖啡社区新店').getByText('待审核').isVisible()).toBe(true);

    await admin.goto(`${server.url}/approve-manager/advertisingApprove`);
    await poll(() => row(admin, '瑞幸咖啡社区新店').isVisible()).toBe(true);
    await row(admin, '瑞幸咖啡社区新店').getByRole('button', { name: '审批' }).click();
    await poll(() => drawer(admin).getByText('瑞幸咖啡').first().isVisible()).toBe(true);
    await drawer(admin).getByRole('button', { name: /保\s*存|提\s*交|确\s*定/ }).click();
    await poll(() => row(admin, '瑞幸咖啡社区新店').count()).toBe(0);

    await page.reload();
    await poll(() => row(page, '瑞幸咖啡社区新店').getByText('审核通过（未播放）').isVisible()).toBe(true);
    await server.app.workflowTimers.run(start + 60_000);
    await page.goto(`${server.url}/advertisingManage/advertisingDetail?id=${id}`);
    await poll(() => screen(page).getByText('播放中').first().isVisible()).toBe(true);
    await poll(() => screen(page).locator('.ant-timeline-item', { hasText: '上线播放' }).textContent()).toContain('系统');
  });
});
