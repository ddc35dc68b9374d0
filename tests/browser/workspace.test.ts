import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openFromMenu, signIn, signInViaSso } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import { signedIn } from '../support/api.ts';
import dayjs from 'dayjs';
import { DEMO_STAFF } from '../../server/modules/org/public.ts';
import { setUpBrowser, setUpServer } from '../support/setup.ts';

// Issue 42: the staff workspace.
const server = setUpServer();
const browser = setUpBrowser();

async function signedInPage(account = 'admin'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 520 } });
  const page = await context.newPage();
  await signIn(page, server.url, account);
  return page;
}

const content = (page: Page) => page.getByTestId('content');
const scrollTop = (page: Page) => content(page).evaluate((e) => e.scrollTop);

/** Scrolls the content area as a user would and waits until the browser has reported the scroll. */
async function scrollTo(page: Page, top: number) {
  await content(page).evaluate((e, y) => {
    e.scrollTop = y;
  }, top);
  await content(page).evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await scrollTop(page)).toBe(top);
}

describe('kept-alive pages keep their scroll position (spec 2.1)', () => {
  it('by menu and by back/forward: the work-order list at 250 px, the patrol task list at 200 px', async () => {
    const page = await signedInPage();
    const open = async (group: string, item: string, path: string) => {
      await openFromMenu(page, group, item);
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe(path);
    };
    await open('服务工单', '全部工单', '/home_task/taskList');
    await expect.poll(() => page.locator('.pms-page[data-active="true"] .ant-table-row').count()).toBeGreaterThan(5);
    await scrollTo(page, 250);
    await open('巡查管理', '巡查任务', '/routingInspectionV2/routingTask');
    await expect.poll(() => scrollTop(page)).toBe(0);
    await expect.poll(() => page.locator('.pms-page[data-active="true"] .ant-table-row').count()).toBeGreaterThan(3);
    await scrollTo(page, 200);

    // Back by the menu.
    await open('服务工单', '全部工单', '/home_task/taskList');
    await expect.poll(() => scrollTop(page)).toBe(250);
    // Back and forward.
    await page.goBack();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/routingInspectionV2/routingTask');
    await expect.poll(() => scrollTop(page)).toBe(200);
    await page.goForward();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/home_task/taskList');
    await expect.poll(() => scrollTop(page)).toBe(250);
    await page.context().close();
  });
});

describe('/alter/password without a session (spec 2.2)', () => {
  it('changes a password with account, old and new password, then the user signs in with the new one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/alter/password`);
    await page.getByPlaceholder('请输入账号').fill('xuncha');
    await page.getByPlaceholder('请输入原密码').fill('wrong-password1');
    await page.getByPlaceholder('至少 8 位，含字母和数字').fill('Patrol2026x');
    await page.getByPlaceholder('请再次输入新密码').fill('Patrol2026x');
    await page.getByRole('button', { name: '确认修改' }).click();
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('账号或原密码错误');
    expect(new URL(page.url()).pathname).toBe('/alter/password');
    await page.getByPlaceholder('请输入原密码').fill('Pms@2026');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.waitForURL((u) => u.pathname === '/userlogin');
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('密码已修改，请用新密码登录');
    await signIn(page, server.url, 'xuncha', 'Patrol2026x');
    await expect.poll(() => page.getByText('陈志强，您好').isVisible()).toBe(true);
    await context.close();
  });
});

describe('sign-in from the address the user uses', () => {
  it('signs in through 127.0.0.1 and through localhost while the public URL names only localhost; provider errors are Chinese with a way back', async () => {
    // PMS_PUBLIC_URL left unset: the default names http://localhost:<port>, as `npm start` does.
    const local = await startServer({ PMS_PUBLIC_URL: '' });
    const port = new URL(local.url).port;
    try {
      for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await signInViaSso(page, origin, 'kefu');
        expect(new URL(page.url()).origin).toBe(origin);
        await expect.poll(() => page.getByText('林晓雯，您好').isVisible()).toBe(true);
        await context.close();
      }
      // A return page the provider does not know (never taken from the Host header): Chinese, the code, a way back.
      const context = await browser.newContext();
      const page = await context.newPage();
      const authorize = new URL(`http://127.0.0.1:${port}/sso/auth`);
      authorize.search = new URLSearchParams({ client_id: 'pms-console', response_type: 'code', scope: 'openid', redirect_uri: 'http://pms.attacker.example/yslogin', state: 's'.repeat(16), code_challenge: 'c'.repeat(43), code_challenge_method: 'S256' }).toString();
      await page.goto(authorize.toString(), { waitUntil: 'domcontentloaded' });
      await expect.poll(() => page.locator('h1').innerText()).toBe('认证失败');
      const text = await page.locator('.card').innerText();
      expect(text).toContain('当前访问地址未登记为本系统的登录回调地址');
      expect(text).toContain('错误代码：invalid_redirect_uri');
      expect(text).not.toMatch(/did not match|registered/);
      await page.getByRole('link', { name: '返回系统首页' }).click();
      await page.waitForURL(/\/sso-interaction\//);
      expect(new URL(page.url()).origin).toBe(`http://127.0.0.1:${port}`);
      await context.close();
    } finally {
      await local.close();
    }
  });
});

describe('the landing page opens lists filtered to what it counted (issue 42, daily work 1)', () => {
  const active = (page: Page) => page.locator('.pms-page[data-active="true"]');
  const listTotal = async (page: Page) => {
    const text = await active(page).locator('.ant-pagination-total-text').innerText();
    return Number(/共 (\d+) 条/.exec(text)?.[1]);
  };

  it('each to-do and figure opens its list showing exactly its number', async () => {
    const page = await signedInPage();
    const todos = page.locator('.ant-list-item');
    await expect.poll(() => todos.count()).toBeGreaterThan(2);
    const checks: { name: string; open: () => Promise<void>; count: number }[] = [];
    for (const title of ['待派单的工单', '待确认完成的工单']) {
      const item = todos.filter({ hasText: title });
      checks.push({ name: title, open: () => item.getByText(title).click(), count: Number(await item.locator('.ant-scroll-number').getAttribute('title')) });
    }
    for (const title of ['今日报事', '今日处理完成', '未完成工单', '超时未完成']) {
      const card = page.getByLabel(title, { exact: true });
      await expect.poll(() => card.locator('.ant-statistic-content-value').innerText()).toMatch(/^\d+$/);
      checks.push({ name: title, open: () => card.click(), count: Number(await card.locator('.ant-statistic-content-value').innerText()) });
    }
    // Demo data has orders waiting in every one of these states, so an unfiltered list (240) cannot pass.
    expect(checks.filter((c) => c.count > 0).length).toBeGreaterThanOrEqual(4);
    // A figure of 0 (今日处理完成 early in the day) opens an empty list: nothing to count there.
    for (const check of checks.filter((c) => c.count > 0)) {
      await check.open();
      await expect.poll(() => page.evaluate(() => location.pathname)).toMatch(/^\/home_task\/taskList/);
      await expect.poll(() => listTotal(page), { message: check.name }).toBe(check.count);
      await page.goBack();
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/index/home_index');
    }
    // The filter form shows what the list is filtered by, and 重置 clears it.
    await todos.filter({ hasText: '待派单的工单' }).getByText('待派单的工单').click();
    await expect.poll(() => active(page).locator('.ant-select-selection-item').allInnerTexts()).toContain('待派单');
    const dispatchCount = checks[0]!.count;
    await active(page).getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => listTotal(page)).toBeGreaterThan(dispatchCount);
    await page.context().close();
  });
});

describe('dates in dialogs (issue 42, daily work 2)', () => {
  it('the 申请挂起 dialog picks dates in Chinese and refuses a 预计恢复时间 in the past, the server too', async () => {
    const order = await server.app.db.selectFrom('work_order').select(['id']).where('processor_id', '=', DEMO_STAFF.weixiu).where('status', '=', 'processing').executeTakeFirstOrThrow();
    const weixiu = await signedIn(server.url, 'weixiu');
    const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD HH:mm');
    const refused = await weixiu.post('/api/mkf/questionTask/transition', { id: order.id, action: 'hangUp', values: { hang_reason: '等待配件', hang_until: yesterday } });
    expect([refused.http, refused.body.message]).toEqual([400, '预计恢复时间不能早于当前时间']);

    const page = await signedInPage('weixiu');
    await page.goto(`${server.url}/home_task/detailsTask?id=${order.id}`);
    await page.getByRole('button', { name: '申请挂起' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('挂起原因').fill('等待配件到货');
    await dialog.getByLabel('预计恢复时间').click();
    const popup = page.locator('.ant-picker-dropdown:visible');
    await expect.poll(() => popup.innerText()).toContain('此刻');
    const text = await popup.innerText();
    expect(text).toMatch(/确\s*定/);
    expect(text).not.toMatch(/\bSu\b|\bMo\b|Now|OK/);
    // Days before today cannot be picked (unless today is the 1st, the month shows some).
    const disabled = await popup.locator('.ant-picker-cell-in-view.ant-picker-cell-disabled').count();
    expect(disabled).toBe(dayjs().date() - 1);
    // Today at midnight can be typed, but is already gone.
    await dialog.getByLabel('预计恢复时间').fill(dayjs().startOf('day').format('YYYY-MM-DD HH:mm'));
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.innerText()).toContain('预计恢复时间不能早于当前时间');
    expect((await server.app.db.selectFrom('work_order').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('processing');
    await page.context().close();
  });
});

describe('words (issue 42, daily work 9)', () => {
  it('label colours are named in Chinese, in the list and in the form', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/business-settings/label-manager`);
    const row = page.locator('.pms-page[data-active="true"] .ant-table-row').filter({ hasText: '投诉敏感' });
    await expect.poll(() => row.locator('.ant-tag').allInnerTexts()).toContain('橙红');
    expect(await page.locator('.pms-page[data-active="true"] .ant-table-tbody').innerText()).not.toMatch(/\b(red|gold|volcano|blue|green|orange|cyan|purple|magenta|geekblue|lime)\b/);
    await page.goto(`${server.url}/label-create`);
    await page.locator('.pms-page[data-active="true"]').getByLabel('标签颜色').first().click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // The dropdown draws the options in view (virtual list): the first of them, in order.
    await expect.poll(async () => (await options.allInnerTexts()).slice(0, 8)).toEqual(['红色', '橙红', '橙色', '金色', '黄绿', '绿色', '青色', '蓝色']);
    await page.context().close();
  });

  it('a number no customer has is told plainly, never as a green success toast', async () => {
    const page = await signedInPage('kefu');
    await page.goto(`${server.url}/add400Task`);
    await page.getByLabel('来电号码').fill('13700002222');
    await page.getByRole('button', { name: '接听来电' }).click();
    const toast = page.locator('.ant-message-notice').filter({ hasText: '已接听来电，未找到该号码的客户' });
    await expect.poll(() => toast.count()).toBe(1);
    expect(await toast.locator('.ant-message-success').count()).toBe(0);
    expect(await toast.locator('.ant-message-info').count()).toBe(1);
    await page.context().close();
  });
});
