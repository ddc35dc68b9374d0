import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { confirmDialog, opened } from '../support/dialogs.ts';
import { signedIn } from '../support/api.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * The lottery in chromium (issue 32): the operations specialist configures a prize and publishes
 * a campaign; an owner opens the wheel from the invite link without signing in and draws; the
 * win shows in 中奖记录 and is redeemed by its code, and the owner's prize page says so. Then
 * one owner-app statistics report (issue 34) shows its figures.
 */
const server = setUpServer();
const browser = setUpBrowser();

const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]:visible');
const rowIn = (scope: Locator, text: string) => scope.locator('.ant-table-row', { hasText: text });
let staffPage: Page | undefined;
const yunying = async () => (staffPage ??= await signedInPage(browser, server.url, 'yunying', { viewport: { width: 1600, height: 1000 } }));

describe('lottery', () => {
  it('is configured, drawn on the public wheel and redeemed', async () => {
    const api = await signedIn(server.url, 'yunying');
    const HOUR = 3_600_000;
    const added = await api.post('/api/lottery/activity/add', { project_id: DEMO_PROJECTS.cuihu.id, name: '元旦迎新大转盘', start_time: Date.now() - HOUR, end_time: Date.now() + 72 * HOUR, participant: 'all_owner', total_limit: 2, day_limit: 1, claim_days: 30, rules: '<p>每人每天 1 次</p>' });
    const activityId = added.body.data.id as number;

    const page = await yunying();
    await page.goto(`${server.url}/opearator-manager/lotteryManagement`);
    const row = rowIn(screen(page), '元旦迎新大转盘');
    await poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: '奖品配置' }).click();
    await page.waitForURL(/lotteryManagement\/prizes/);
    await screen(page).getByRole('button', { name: '新增奖品' }).click();
    const modal = page.locator('.ant-modal:visible');
    await opened(modal);
    await modal.getByLabel('奖品名称').fill('新年台历');
    await modal.getByLabel('库存总数').fill('5');
    await modal.getByLabel('中奖概率(%)').fill('100');
    await modal.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
    await poll(() => rowIn(screen(page), '新年台历').isVisible()).toBe(true);

    await page.goto(`${server.url}/opearator-manager/lotteryManagement`);
    await poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: '发布' }).click();
    await confirmDialog(page);
    await poll(() => row.getByText('进行中').isVisible()).toBe(true);

    // The owner's invite link, opened with no session.
    const owner = (await server.app.db.selectFrom('customer').select(['id']).where('project_id', '=', DEMO_PROJECTS.cuihu.id).where('house_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()) as { id: number };
    const invite = await api.post('/api/lottery/invite/add', { project_id: DEMO_PROJECTS.cuihu.id, activity_id: activityId, customer_id: owner.id });
    const url = (await api.get('/api/lottery/invite/detail', { id: invite.body.data.id })).body.data.url as string;
    const ownerContext = await browser.newContext({ viewport: { width: 420, height: 860 } });
    const wheel = await ownerContext.newPage();
    await wheel.goto(`${server.url}${url}`);
    await poll(() => wheel.getByRole('img', { name: '幸运大转盘' }).isVisible()).toBe(true);
    await wheel.getByRole('button', { name: '开始抽奖' }).click();
    await poll(() => wheel.getByText('恭喜您抽中「新年台历」').isVisible()).toBe(true);
    const code = (/核销码 ([2-9A-Z]{8})/.exec(await wheel.locator('.ant-alert-description').innerText()) ?? [])[1]!;
    expect(code).toMatch(/^[2-9A-Z]{8}$/);
    await poll(() => wheel.getByRole('button', { name: '不在活动时间内' }).or(wheel.getByRole('button', { name: '开始抽奖' })).isDisabled()).toBe(true);

    await page.goto(`${server.url}/opearator-manager/lotteryManagement/records?activity_id=${activityId}`);
    const record = rowIn(screen(page), code);
    await poll(() => record.getByText('待领取').isVisible()).toBe(true);
    await record.getByRole('button', { name: '核销' }).click();
    await confirmDialog(page);
    await poll(() => record.getByText('已核销').isVisible()).toBe(true);

    await wheel.getByRole('link', { name: '活动规则与我的奖品' }).click();
    await poll(() => wheel.locator('.ant-list-item', { hasText: '新年台历' }).getByText('已核销').isVisible()).toBe(true);
    await ownerContext.close();
  });

  it('shows the owner-app certification figures for the region', async () => {
    const page = await yunying();
    await page.goto(`${server.url}/opearator-statistics/authStatistical`);
    const view = screen(page);
    await poll(() => view.locator('.ant-statistic', { hasText: '认证申请数' }).locator('.ant-statistic-content').innerText()).toMatch(/^[1-9]\d*$/);
    await poll(() => rowIn(view, '翠湖天地').isVisible()).toBe(true);
    await poll(() => rowIn(view, '锦绣华庭').isVisible()).toBe(true);
    expect(await rowIn(view, '滨江一号').count()).toBe(0);
    await poll(() => view.getByText('合计').isVisible()).toBe(true);
  });
});
