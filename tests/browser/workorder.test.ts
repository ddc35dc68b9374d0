import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, navigateInApp, signIn, watchProblems, type PageProblems } from '../support/browser.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/**
 * The work order story in chromium (issue 9): customer service creates an order, the dispatcher
 * gives it out, the technician gets the push notice, opens the order from it and handles it,
 * customer service confirms it.
 */
let server: TestServer;
let browser: Browser;
const problems: PageProblems[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function as(account: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  problems.push(watchProblems(page));
  await signIn(page, server.url, account);
  return page;
}

/** The visible screen: keepAlive keeps other screens in the DOM, hidden. */
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');
const dialog = (page: Page) => page.locator('.ant-modal:visible');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

/** Picks an option of a select or tree select named by its field title, searching when it can. */
async function choose(scope: Locator, name: string, option: string | RegExp, search?: string) {
  const page = scope.page();
  const select = scope.locator('.ant-select', { has: page.getByRole('combobox', { name, exact: true }) }).first();
  await select.click();
  if (search) await select.getByRole('combobox').fill(search);
  await dropdown(page).getByTitle(option, { exact: true }).first().click();
}

describe('work orders in the browser', () => {
  it('goes from customer service to the dispatcher, to the technician through a push notice, and back to customer service', async () => {
    const title = `卫生间地漏反味 ${Date.now() % 100000}`;
    const technician = await as('weixiu');
    await expect.poll(() => technician.getByTitle('消息通知（实时推送已连接）').isVisible()).toBe(true);

    // Customer service takes the call and creates the order.
    const kefu = await as('kefu');
    await kefu.locator('.ant-layout-sider').getByText('服务工单').click();
    await kefu.locator('.ant-layout-sider').getByText('新增工单').click();
    await kefu.waitForURL(/\/home_task\/addTask$/);
    const form = screen(kefu);
    await choose(form, '所属项目', DEMO_PROJECTS.cuihu.name);
    await choose(form, '工单类型', '报修');
    await form.getByLabel('工单标题').fill(title);
    await form.getByLabel('问题描述').fill('业主来电：卫生间地漏返臭味，下水有异响');
    await choose(form, '房屋', '1栋 1单元 101', '1单元 101');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => toast(kefu, '新增成功').isVisible()).toBe(true);
    const order = await server.app.db.selectFrom('work_order').select(['id', 'code', 'status', 'address']).where('title', '=', title).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'pending', address: '1栋 1单元 101' });

    // The dispatcher finds it among all orders and gives it to 王师傅.
    const diaodu = await as('diaodu');
    await diaodu.goto(`${server.url}/home_task/taskList`);
    await screen(diaodu).getByPlaceholder('请输入标题关键字').fill(title);
    await screen(diaodu).getByRole('button', { name: /查\s*询/ }).click();
    const row = screen(diaodu).locator('.ant-table-row', { hasText: title });
    await expect.poll(() => row.getByText('待派单').isVisible()).toBe(true);
    await row.getByRole('button', { name: '派单' }).click();
    // Each technician is named with their open orders and state (「王师傅（维修工程师） · 在办 2 单，处理中」).
    await choose(dialog(diaodu), '处理人', /^王师傅（维修工程师） · /, '王师傅');
    await dialog(diaodu).getByLabel('说明').fill('业主全天在家');
    await dialog(diaodu).getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => toast(diaodu, '派单成功').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('待接单').isVisible()).toBe(true);
    // The order's code is a link cell: it opens the order's details in a page tab.
    await row.getByRole('link', { name: order.code }).click();
    await diaodu.waitForURL(new RegExp(`/home_task/detailsTask\\?id=${order.id}$`));
    await expect.poll(() => screen(diaodu).getByText(title).first().isVisible()).toBe(true);

    // The technician is told at once, and opens the order from the notice.
    const notice = technician.locator('.ant-notification-notice', { hasText: `工单 ${order.code}「${title}」已派给您` });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await expect.poll(() => notice.locator('.ant-tag').innerText()).toBe('待办');
    const [detail] = await Promise.all([technician.context().waitForEvent('page'), notice.getByRole('button', { name: /查\s*看/ }).click()]);
    problems.push(watchProblems(detail));
    await detail.waitForURL(new RegExp(`/newTaskDetail\\?quesTaskId=${order.id}$`));
    await expect.poll(() => detail.title()).toBe('工单详情-PMS');
    await expect.poll(() => detail.getByText(title).first().isVisible()).toBe(true);
    await detail.getByRole('button', { name: /接\s*单/ }).click();
    await expect.poll(() => toast(detail, '接单成功').isVisible()).toBe(true);
    await expect.poll(() => detail.locator('.ant-descriptions-item', { hasText: '工单状态' }).innerText()).toContain('处理中');
    await detail.getByRole('button', { name: '处理完成' }).click();
    await dialog(detail).getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => dialog(detail).getByText('该字段是必填字段').isVisible()).toBe(true);
    await dialog(detail).getByLabel('处理结果').fill('疏通地漏并更换防臭芯，已无异味');
    await dialog(detail).getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => toast(detail, '处理完成').isVisible()).toBe(true);
    await expect.poll(() => detail.locator('.ant-descriptions-item', { hasText: '工单状态' }).innerText()).toContain('待确认');

    // Customer service is told too, calls the owner back and confirms.
    const handled = kefu.locator('.ant-notification-notice', { hasText: `工单 ${order.code}「${title}」已由 王师傅 处理完成` });
    await expect.poll(() => handled.isVisible()).toBe(true);
    await kefu.goto(`${server.url}/home_task/detailsTask?id=${order.id}`);
    await expect.poll(() => screen(kefu).getByText('疏通地漏并更换防臭芯，已无异味').isVisible()).toBe(true);
    await screen(kefu).getByRole('button', { name: '确认完成' }).click();
    await dialog(kefu).getByLabel('说明').fill('已回访，业主满意');
    await dialog(kefu).getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => toast(kefu, '确认完成').isVisible()).toBe(true);
    await expect.poll(() => screen(kefu).locator('.ant-descriptions-item', { hasText: '工单状态' }).innerText()).toContain('已完成');
    const timeline = screen(kefu).locator('.ant-timeline-item');
    await expect.poll(() => timeline.allInnerTexts()).toEqual([
      expect.stringMatching(/^创建\s+林晓雯/),
      expect.stringMatching(/^派单\s+周建国/),
      expect.stringMatching(/^接单\s+王师傅/),
      expect.stringMatching(/^处理完成\s+王师傅/),
      expect.stringMatching(/^确认完成\s+林晓雯/),
    ]);
    expect(await timeline.nth(1).innerText()).toContain('业主全天在家');
    // Nobody but the processor is offered his buttons, and the confirmed order offers 评价 to customer service.
    await expect.poll(() => screen(kefu).getByRole('button', { name: /评\s*价/ }).isVisible()).toBe(true);
    expect(await screen(kefu).getByRole('button', { name: /接\s*单/ }).count()).toBe(0);

    for (const p of problems) expect(p).toEqual({ consoleErrors: [], failedRequests: [] });
  });

  it('lists the technician’s own orders and the seize pool, and shows his to-dos on the landing page', async () => {
    const technician = await as('weixiu');
    await technician.goto(`${server.url}/index/home_index`);
    const todo = screen(technician).locator('.ant-list-item', { hasText: '抢单池可抢工单' });
    await expect.poll(() => todo.isVisible()).toBe(true);
    await todo.click();
    await technician.waitForURL(/\/home_task\/taskList3$/);
    const pool = screen(technician).locator('.ant-table-row');
    await expect.poll(() => pool.count()).toBeGreaterThan(0);
    const first = await pool.first().getByRole('cell').first().innerText();
    await pool.first().getByRole('button', { name: '抢单' }).click();
    await dialog(technician).getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => toast(technician, '抢单成功').isVisible()).toBe(true);
    await technician.goto(`${server.url}/home_task/taskList2`);
    await screen(technician).getByPlaceholder('请输入工单编号').fill(first);
    await screen(technician).getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => screen(technician).locator('.ant-table-row', { hasText: first }).getByText('处理中').isVisible()).toBe(true);
    // The technician's menu holds his screens only.
    const menu = technician.locator('.ant-layout-sider');
    await menu.getByText('服务工单').click();
    await expect.poll(() => menu.getByText('我的工单').isVisible()).toBe(true);
    expect(await menu.getByText('全部工单').count()).toBe(0);
    expect(problems.at(-1)).toEqual({ consoleErrors: [], failedRequests: [] });
  });

  it('finds a caller’s orders by phone, and a house’s orders by project and house', async () => {
    const db = server.app.db;
    const order = await db
      .selectFrom('work_order')
      .select(['contact_phone', 'house_id'])
      .where('project_id', '=', DEMO_PROJECTS.cuihu.id)
      .where('status', '!=', 'draft')
      .where('house_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const sameNumber = await db.selectFrom('work_order').select('id').where('project_id', '=', DEMO_PROJECTS.cuihu.id).where('status', '!=', 'draft').where('contact_phone', '=', order.contact_phone).execute();
    const page = await as('kefu');
    await page.goto(`${server.url}/home_task/taskList`);
    const rows = screen(page).locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(sameNumber.length);
    // The last four digits are enough, as a caller reads them out.
    await screen(page).getByPlaceholder('完整号码或尾号').fill(order.contact_phone!.slice(-4));
    await screen(page).getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => screen(page).locator('.ant-pagination-total-text').innerText()).toMatch(/共 \d+ 条/);
    const tail = await db.selectFrom('work_order').select('id').where('project_id', '=', DEMO_PROJECTS.cuihu.id).where('status', '!=', 'draft').where('contact_phone', 'like', `%${order.contact_phone!.slice(-4)}`).execute();
    await expect.poll(() => screen(page).locator('.ant-pagination-total-text').innerText()).toBe(`共 ${tail.length} 条`);

    // By house: its list waits for a project (nothing asked before), then offers that project's houses.
    await screen(page).getByRole('button', { name: /重\s*置/ }).click();
    const house = await db.selectFrom('house').select(['building_name', 'unit_no', 'room_no']).where('id', '=', order.house_id!).executeTakeFirstOrThrow();
    const ofHouse = await db.selectFrom('work_order').select('id').where('house_id', '=', order.house_id).where('status', '!=', 'draft').execute();
    await choose(screen(page), '所属项目', DEMO_PROJECTS.cuihu.name);
    await choose(screen(page), '房屋', `${house.building_name} ${house.unit_no}单元 ${house.room_no}`, house.room_no);
    await screen(page).getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => screen(page).locator('.ant-pagination-total-text').innerText()).toBe(`共 ${ofHouse.length} 条`);
    expect(problems.at(-1)).toEqual({ consoleErrors: [], failedRequests: [] });
  });
});

describe('office-automation detail routes (spec 2.1)', () => {
  it('load the helper script of PMS_OA_SCRIPT_URL once, then show the order', async () => {
    // The OA system's helper, served from its own origin (the policy allows exactly that origin).
    const helper = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/javascript' }).end('window.__oaHelperLoads=(window.__oaHelperLoads||0)+1'));
    await new Promise<void>((resolve) => helper.listen(0, '127.0.0.1', resolve));
    const oa = await startServer({ PMS_OA_SCRIPT_URL: `http://127.0.0.1:${(helper.address() as AddressInfo).port}/oa/helper.js` });
    try {
      const page = await (await browser.newContext()).newPage();
      const seen = watchProblems(page);
      await signIn(page, oa.url, 'kefu');
      const order = await oa.app.db.selectFrom('work_order').innerJoin('staff', 'staff.id', 'work_order.created_by').select(['work_order.id', 'work_order.title']).where('staff.account', '=', 'kefu').where('work_order.status', '=', 'to_confirm').orderBy('work_order.id').executeTakeFirstOrThrow();
      await page.goto(`${oa.url}/task-oadetail?id=${order.id}`);
      await expect.poll(() => page.title()).toBe('工单详情（OA）-PMS');
      await expect.poll(() => screen(page).getByText(order.title).first().isVisible()).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __oaHelperLoads: number }).__oaHelperLoads)).toBe(1);
      // Another OA route of the same page: the script is there already and is not loaded again.
      await navigateInApp(page, `/action_oadetail?id=${order.id}`);
      await expect.poll(() => page.title()).toBe('工单处理（OA）-PMS');
      await expect.poll(() => screen(page).getByText(order.title).first().isVisible()).toBe(true);
      expect(await page.evaluate(() => [(window as unknown as { __oaHelperLoads: number }).__oaHelperLoads, document.querySelectorAll('script[data-oa-helper]').length])).toEqual([1, 1]);
      expect(seen).toEqual({ consoleErrors: [], failedRequests: [] });
    } finally {
      await oa.close();
      helper.close();
    }
  });
});
