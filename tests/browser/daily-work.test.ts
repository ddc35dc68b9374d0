import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setUpBrowser, setUpServer, setUpSignedInPage, signedInPage } from '../support/setup.ts';

/**
 * Daily work as the demo roles meet it (issue 42): the administrator grants through a tree that
 * opens collapsed, searches and half-checks; customer service sets the work-order list's columns
 * and page size once and finds them in another browser; the list shows how late each order is.
 */
const server = setUpServer();
const browser = setUpBrowser();
const admin = setUpSignedInPage(browser, server, 'admin', { viewport: { width: 1440, height: 900 } });
const kefu = setUpSignedInPage(browser, server, 'kefu', { viewport: { width: 1280, height: 900 } });

const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const screen = (p: Page) => p.locator('.pms-page[data-active="true"]:visible');
const headers = (p: Page) => screen(p).locator('.ant-table-thead th').allTextContents();

describe('the role grant tree', () => {
  it('opens collapsed in menu order, finds a button by search, and half-checks what is granted in part', async () => {
    await admin.goto(`${server.url}/base-information/role-manager`);
    await screen(admin).locator('.ant-table-row', { hasText: 'customer_service' }).getByRole('button', { name: '授权' }).click();
    const drawer = admin.locator('.ant-drawer-open');
    const groups = drawer.locator('.ant-tree-treenode');
    await poll(() => groups.count()).toBeGreaterThan(5);
    // Collapsed: only the groups, in the left menu's order.
    expect(await groups.count()).toBeLessThan(40);
    const titles = await groups.locator('.ant-tree-title').allTextContents();
    expect(titles.slice(0, 3)).toEqual(['首页', '客户管理', '服务工单']);
    expect(await drawer.getByText('派单', { exact: true }).count()).toBe(0);
    // Customer service holds some of the work-order screens: the group is half-checked.
    const workOrders = groups.filter({ hasText: '服务工单' }).first();
    await poll(() => workOrders.locator('.ant-tree-checkbox-indeterminate').count()).toBe(1);

    await drawer.getByPlaceholder('搜索菜单或按钮').fill('标签管理');
    const labels = drawer.locator('.ant-tree-treenode', { hasText: '标签管理' }).first();
    await poll(() => labels.isVisible()).toBe(true);
    const screenBox = labels.locator('.ant-tree-checkbox');
    // Ticking the screen grants it with all its buttons; the screen shows fully checked.
    const before = await screenBox.getAttribute('class');
    if (!before?.includes('ant-tree-checkbox-checked')) await screenBox.click();
    await poll(() => screenBox.getAttribute('class')).toContain('ant-tree-checkbox-checked');
    // Taking one button away leaves the screen half-checked.
    await drawer.getByPlaceholder('搜索菜单或按钮').fill('新增标签');
    await drawer.locator('.ant-tree-treenode', { hasText: '新增标签' }).locator('.ant-tree-checkbox').click();
    await drawer.getByPlaceholder('搜索菜单或按钮').fill('标签管理');
    await poll(() => drawer.locator('.ant-tree-treenode', { hasText: '标签管理' }).first().locator('.ant-tree-checkbox-indeterminate').count()).toBe(1);
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => admin.getByText('授权已保存').isVisible()).toBe(true);
    const role = await server.app.db.selectFrom('role').select('id').where('code', '=', 'customer_service').executeTakeFirstOrThrow();
    const codes = (await server.app.db.selectFrom('role_button').innerJoin('menu_button', 'menu_button.id', 'role_button.button_id').select('code').where('role_id', '=', role.id).execute()).map((r) => r.code);
    expect(codes).toContain('label:edit');
    expect(codes).not.toContain('label:add');
  });
});

describe('the work-order list for the job', () => {
  it('shows the key columns beside the actions at 1280 px and how late each order is, latest first', async () => {
    await kefu.goto(`${server.url}/home_task/taskList`);
    const list = screen(kefu);
    await poll(() => list.locator('.ant-table-row').count()).toBe(20);
    const status = (await list.locator('.ant-table-thead th', { hasText: '工单状态' }).boundingBox())!;
    const actions = (await list.locator('.ant-table-thead th', { hasText: '操作' }).boundingBox())!;
    expect(status.x + status.width).toBeLessThanOrEqual(actions.x);
    await list.locator('.ant-table-thead th', { hasText: '时效' }).click();
    await list.locator('.ant-table-thead th', { hasText: '时效' }).click();
    await poll(() => list.locator('.ant-table-row').first().textContent()).toMatch(/(响应|完成)超时 \d+ (分钟|小时|天)/);
  });

  it('saves column settings and page size for the user, seen again in another browser', async () => {
    const list = screen(kefu);
    await list.getByRole('button', { name: '列设置' }).click();
    const dialog = kefu.locator('.ant-modal', { hasText: '列设置' });
    await dialog.getByRole('checkbox', { name: '工单标题' }).uncheck();
    await dialog.getByRole('checkbox', { name: '所属项目' }).check();
    await dialog.getByRole('button', { name: '上移紧急程度' }).click();
    await dialog.locator('.ant-select', { has: kefu.getByRole('combobox', { name: '每页条数' }) }).click();
    await kefu.locator('.ant-select-dropdown:visible').getByTitle('50 条/页').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => kefu.getByText('列表设置已保存').isVisible()).toBe(true);
    await poll(() => headers(kefu)).toContain('所属项目');
    expect(await headers(kefu)).not.toContain('工单标题');
    await poll(() => list.locator('.ant-table-row').count()).toBe(50);

    const elsewhere = await signedInPage(browser, server.url, 'kefu', { viewport: { width: 1440, height: 900 } });
    await elsewhere.goto(`${server.url}/home_task/taskList`);
    await poll(() => screen(elsewhere).locator('.ant-table-row').count()).toBe(50);
    const seen = await headers(elsewhere);
    expect(seen).toContain('所属项目');
    expect(seen).not.toContain('工单标题');
    expect(seen.indexOf('紧急程度')).toBeLessThan(seen.indexOf('工单状态'));
    await elsewhere.context().close();
  });
});

describe('warnings (issue 42, daily work 6)', () => {
  it('预警管理 shows, beside the rules, the orders past a deadline with the rule that fired', async () => {
    const order = await server.app.db
      .selectFrom('work_order')
      .select(['code', 'warned_rule'])
      .where('warned_rule', 'is not', null)
      .where('sla_state', '=', 'overdue')
      .where('status', 'in', ['pending', 'pool', 'dispatched', 'processing', 'hangup_pending', 'improper_pending'])
      .orderBy('warned_at', 'desc')
      .executeTakeFirstOrThrow();
    await admin.goto(`${server.url}/home_task/warnManagement`);
    await screen(admin).getByRole('tab', { name: '超时工单' }).click();
    await screen(admin).getByPlaceholder('请输入工单编号').fill(order.code);
    await screen(admin).getByRole('button', { name: /查\s*询/ }).click();
    const row = screen(admin).locator('.ant-table-row', { hasText: order.code });
    await poll(() => row.count()).toBe(1);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(order.warned_rule!);
    expect(text).toMatch(/(响应|完成)超时 \d+ (分钟|小时|天)/);
  });
});

describe('printing a work order (issue 42, daily work 9)', () => {
  it('a work order prints as a sheet: masked phone, photos, timeline, signature lines, alone on paper', async () => {
    const order = await server.app.db.selectFrom('work_order').select(['id', 'code', 'contact_phone']).where('contact_phone', 'is not', null).where('processor_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await admin.goto(`${server.url}/home_task/detailsTask?id=${order.id}`);
    await screen(admin).getByRole('button', { name: /打\s*印/ }).click();
    const sheet = admin.getByRole('dialog', { name: '工单派工单' });
    await poll(() => sheet.isVisible()).toBe(true);
    const text = (await sheet.textContent()) ?? '';
    expect(text).toContain(order.code);
    expect(text).toContain(`${String(order.contact_phone).slice(0, 3)}****${String(order.contact_phone).slice(-4)}`);
    expect(text).not.toContain(String(order.contact_phone));
    for (const words of ['处理记录', '处理人签字', '业主签字', '房屋']) expect(text).toContain(words);
    await admin.emulateMedia({ media: 'print' });
    expect(await admin.locator('#root').isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    expect(await sheet.getByRole('button', { name: /打\s*印/ }).isVisible()).toBe(false);
    await admin.emulateMedia({ media: 'screen' });
    await sheet.getByRole('button', { name: /返\s*回/ }).click();
    await poll(() => sheet.count()).toBe(0);
  });
});

describe('links on a detail page (issue 31)', () => {
  it("a rework order's 原工单 and 客户 open the original order and the customer's profile", async () => {
    const order = await server.app.db
      .selectFrom('work_order as w')
      .innerJoin('work_order as o', 'o.id', 'w.source_order_id')
      .innerJoin('customer as c', 'c.id', 'w.customer_id')
      .select(['w.id', 'o.id as sourceId', 'o.code as sourceCode', 'c.name as customer'])
      .orderBy('w.id')
      .executeTakeFirstOrThrow();
    await admin.goto(`${server.url}/home_task/detailsTask?id=${order.id}`);
    const original = screen(admin).locator('.ant-descriptions-item', { hasText: '原工单' }).getByRole('link', { name: order.sourceCode });
    await original.click();
    await poll(() => admin.evaluate(() => location.pathname + location.search)).toBe(`/home_task/detailsTask?id=${order.sourceId}`);
    await poll(() => screen(admin).locator('.ant-descriptions-item', { hasText: '工单编号' }).first().textContent()).toContain(order.sourceCode);
    await admin.goto(`${server.url}/home_task/detailsTask?id=${order.id}`);
    await screen(admin).locator('.ant-descriptions-item', { hasText: '客户' }).getByRole('link', { name: order.customer }).click();
    await poll(() => admin.evaluate(() => location.pathname)).toBe('/user-manager/user-lists/detail');
    await poll(() => screen(admin).getByText(order.customer).first().isVisible()).toBe(true);
  });
});
