import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchProblems } from '../support/browser.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/** A hotline operator (林晓雯, kefu) takes a call, finds the caller and creates the order while on the phone. */
const server = setUpServer();
const browser = setUpBrowser();

const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const card = (page: Page, title: string) => screen(page).locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });

const as = (account: string) => signedInPage(browser, server.url, account, { viewport: { width: 1440, height: 1000 } });

describe('the 400 hotline desk', () => {
  it('finds the caller by phone, shows their history, creates the order during the call and links it', async () => {
    const db = server.app.db;
    const customer = await db
      .selectFrom('customer')
      .select(['customer.id', 'customer.name', 'customer.mobile'])
      .where('customer.project_id', '=', DEMO_PROJECTS.cuihu.id)
      .orderBy('customer.id', 'desc')
      .executeTakeFirstOrThrow();
    const page = await as('kefu');
    const problems = watchProblems(page);
    await page.goto(`${server.url}/business-manager/call-history`);
    await screen(page).getByRole('button', { name: '来电受理' }).click();
    await page.waitForURL(/\/add400Task$/);
    await expect.poll(() => page.title()).toBe('400 来电受理-PMS');
    // No telephony provider in the demo: the desk says so plainly, and shows the seat.
    await expect.poll(() => screen(page).getByText('未配置电话服务商：演示环境只记录通话，不会真正拨出电话').isVisible()).toBe(true);
    await expect.poll(() => screen(page).getByText('8001', { exact: true }).isVisible()).toBe(true);

    await screen(page).getByLabel('来电号码').fill('1381234');
    await screen(page).getByRole('button', { name: '接听来电' }).click();
    await expect.poll(() => page.getByText('请输入 11 位手机号或带区号的固定电话').isVisible()).toBe(true);

    // Looking a number up (Enter) shows whose it is and their history, and records no call.
    const calls = async () => (await db.selectFrom('hotline_call' as never).selectAll().execute()).length;
    const callsBefore = await calls();
    await screen(page).getByLabel('来电号码').fill(customer.mobile);
    await screen(page).getByLabel('来电号码').press('Enter');
    await expect.poll(() => card(page, `号码 ${customer.mobile} 的客户`).getByText(customer.name).isVisible()).toBe(true);
    await expect.poll(() => card(page, '历史工单').isVisible()).toBe(true);
    expect(await calls()).toBe(callsBefore);

    await screen(page).getByRole('button', { name: '接听来电' }).click();
    await expect.poll(() => page.getByText('已接听来电，找到 1 位客户').isVisible()).toBe(true);
    await expect.poll(() => card(page, '来电').getByText(customer.name).isVisible()).toBe(true);
    await expect.poll(() => card(page, '历史工单').isVisible()).toBe(true);

    // The form starts from the caller: project, house, customer, contact.
    const form = card(page, '通话中建单');
    await expect.poll(() => form.getByLabel('联系电话').inputValue()).toBe(customer.mobile);
    await expect.poll(() => form.getByLabel('联系人').inputValue()).toBe(customer.name);
    await form.getByRole('combobox', { name: '工单类型' }).click();
    await page.getByTitle('报修', { exact: true }).click();
    await form.getByLabel('工单标题').fill('阳台地漏返水');
    await form.getByLabel('问题描述').fill('来电人反映：下雨时阳台地漏返水，需要上门疏通');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => form.getByText(/^工单 WO\d+ 已创建$/).isVisible()).toBe(true);
    await expect.poll(() => form.getByText('已关联到本次通话，调度员会收到派单提醒').isVisible()).toBe(true);

    const order = await db.selectFrom('work_order').selectAll().where('title', '=', '阳台地漏返水').executeTakeFirstOrThrow();
    expect(order).toMatchObject({ source: '400', customer_id: customer.id, contact_phone: customer.mobile, status: 'pending' });
    // The caller's history now holds it.
    await expect.poll(() => card(page, '历史工单').getByText(`${order.code} 阳台地漏返水`).isVisible()).toBe(true);

    await card(page, '来电').getByLabel('通话小结').fill('已建单，告知业主 2 小时内上门');
    await card(page, '来电').getByRole('button', { name: '结束通话' }).click();
    await expect.poll(() => page.getByText('通话已结束').isVisible()).toBe(true);

    await page.goto(`${server.url}/business-manager/call-history`);
    const row = screen(page).locator('.ant-table-row', { hasText: order.code });
    await expect.poll(() => row.getByText('已建单，告知业主 2 小时内上门').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('来电', { exact: true }).isVisible()).toBe(true);
    expect(problems.consoleErrors).toEqual([]);
  });

  it('dials out without a provider: the call is recorded and the operator is told it was not dialled', async () => {
    const page = await as('kefu');
    await page.goto(`${server.url}/add400Task`);
    await screen(page).getByLabel('来电号码').fill('13700001111');
    await screen(page).getByRole('button', { name: /外\s*呼/ }).click();
    await expect.poll(() => page.getByText('未配置电话服务商：演示环境只记录通话，不会真正拨出电话；本次外呼已记入通话记录').isVisible()).toBe(true);
    await expect.poll(() => screen(page).getByText('未找到该号码的客户，可直接建单并填写联系人').isVisible()).toBe(true);
    const call = await server.app.db.selectFrom('hotline_call' as never).selectAll().where('phone' as never, '=', '13700001111' as never).executeTakeFirstOrThrow();
    expect(call).toMatchObject({ direction: 'out', status: 'recorded' });
  });
});
