import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { navigateInApp } from '../support/browser.ts';
import { setUpApi, setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';

// Issue 42: the page tabs, finding a screen and the breadcrumbs of the staff workspace.
const server = setUpServer();
const browser = setUpBrowser();
const page = setUpSignedInPage(browser, server, 'admin', { viewport: { width: 1280, height: 520 } });
const admin = setUpApi(server);

const HOME = '/index/home_index';
const content = (p: Page) => p.getByTestId('content');
const scrollTop = (p: Page) => content(p).evaluate((e) => e.scrollTop);
const pathname = (p: Page) => p.evaluate(() => location.pathname + location.search);
const tabs = (p: Page) => p.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab');
const tabTitles = (p: Page) => tabs(p).allInnerTexts();
const tab = (p: Page, title: string) => tabs(p).filter({ hasText: title });
const currentTab = (p: Page) => p.getByRole('tablist', { name: '已打开的页面' }).locator('[aria-selected="true"]').innerText();
/** An entry of the right-click or bar menu on screen (closed ones stay in the DOM, hidden). */
const menuItem = (p: Page, name: string) => p.locator('.ant-dropdown:visible').getByRole('menuitem', { name });
/** Chooses an entry of the menu on screen and waits until it has gone (a closing menu still matches while it fades). */
async function choose(p: Page, name: string) {
  await menuItem(p, name).click();
  await expect.poll(() => p.locator('.ant-dropdown:visible').count()).toBe(0);
}
const rows = (p: Page) => p.locator('.pms-page[data-active="true"] .ant-table-row');
/** The page containers in the DOM: one per kept-alive page still mounted, plus the current one. */
const mountedPages = (p: Page) => p.locator('.pms-page').count();

async function openByMenu(p: Page, group: string, item: string, path: string) {
  const menu = p.locator('.ant-layout-sider .ant-menu');
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) await menu.getByRole('menuitem', { name: group }).click();
  // A click while the group is still unfolding can land beside the entry: clicked again until it opens.
  await expect
    .poll(async () => {
      if ((await pathname(p)) !== path) await entry.click();
      return pathname(p);
    })
    .toBe(path);
}

async function scrollTo(p: Page, top: number) {
  await content(p).evaluate((e, y) => {
    e.scrollTop = y;
  }, top);
  await content(p).evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await scrollTop(p)).toBe(top);
}

/** Marks the current page's container: a refreshed (remounted) page has a new container without the mark. */
const markCurrent = (p: Page) => p.evaluate(() => document.querySelector<HTMLElement>('.pms-page[data-active="true"]')!.setAttribute('data-mark', 'before'));
const currentMarked = (p: Page) => p.evaluate(() => document.querySelector('.pms-page[data-active="true"]')?.getAttribute('data-mark') ?? null);

describe('page tabs (issue 42)', () => {
  it('opens a tab per screen, switches with the scroll kept, refreshes, closes, and a reload restores them', async () => {
    const p = page;
    await expect.poll(() => tabTitles(p)).toEqual(['首页']);
    await openByMenu(p, '服务工单', '全部工单', '/home_task/taskList');
    await expect.poll(() => rows(p).count()).toBeGreaterThan(5);
    await scrollTo(p, 250);
    await openByMenu(p, '巡查管理', '巡查任务', '/routingInspectionV2/routingTask');
    await expect.poll(() => rows(p).count()).toBeGreaterThan(3);
    await scrollTo(p, 200);
    await openByMenu(p, '业务设置', '标签管理', '/business-settings/label-manager');
    await expect.poll(() => tabTitles(p)).toEqual(['首页', '全部工单', '巡查任务', '标签管理']);
    expect(await currentTab(p)).toBe('标签管理');

    // Switching by tab: the page as it was, its scroll too.
    await tab(p, '全部工单').click();
    await expect.poll(() => pathname(p)).toBe('/home_task/taskList');
    await expect.poll(() => scrollTop(p)).toBe(250);
    expect(await currentTab(p)).toBe('全部工单');
    await tab(p, '巡查任务').click();
    await expect.poll(() => scrollTop(p)).toBe(200);

    // Breadcrumbs from the menu path, and the side menu open and scrolled at the current screen.
    const crumbs = p.getByRole('navigation', { name: '当前位置' });
    await expect.poll(() => crumbs.innerText()).toMatch(/^巡查管理\s*\/\s*巡查任务$/);
    await p.locator('.ant-layout-sider').evaluate((e) => (e.scrollTop = 0));
    await tab(p, '全部工单').click();
    await expect.poll(() => crumbs.innerText()).toMatch(/^服务工单\s*\/\s*全部工单$/);
    const selectedInView = () =>
      p.evaluate(() => {
        const item = document.querySelector('.ant-layout-sider .ant-menu-item-selected')?.getBoundingClientRect();
        return item ? String(item.top >= 0 && item.bottom <= window.innerHeight) : 'none';
      });
    await tab(p, '巡查任务').click();
    await expect.poll(() => p.locator('.ant-layout-sider .ant-menu-item-selected').innerText()).toBe('巡查任务');
    await expect.poll(selectedInView).toBe('true');

    // 刷新 mounts the current page afresh (a new container, its rows loaded again, scroll at the top).
    await markCurrent(p);
    await p.getByRole('button', { name: '刷新当前页' }).click();
    await expect.poll(() => currentMarked(p)).toBe(null);
    await expect.poll(() => rows(p).count()).toBeGreaterThan(3);
    expect(await pathname(p)).toBe('/routingInspectionV2/routingTask');

    // The cross closes a tab in the background: its page leaves the DOM, the current one stays.
    const before = await mountedPages(p);
    await p.getByRole('button', { name: '关闭 标签管理' }).click();
    await expect.poll(() => tabTitles(p)).toEqual(['首页', '全部工单', '巡查任务']);
    await expect.poll(() => mountedPages(p)).toBe(before - 1);
    expect(await pathname(p)).toBe('/routingInspectionV2/routingTask');
    // Closing the current tab goes to its neighbour (left here, nothing to its right).
    await p.getByRole('button', { name: '关闭 巡查任务' }).click();
    await expect.poll(() => pathname(p)).toBe('/home_task/taskList');
    await expect.poll(() => tabTitles(p)).toEqual(['首页', '全部工单']);
    // The home tab cannot be closed.
    expect(await tab(p, '首页').getByRole('button').count()).toBe(0);

    // A reload restores the tabs (session storage), the address's one current.
    await openByMenu(p, '巡查管理', '巡查任务', '/routingInspectionV2/routingTask');
    await openByMenu(p, '业务设置', '标签管理', '/business-settings/label-manager');
    await tab(p, '全部工单').click();
    await expect.poll(() => pathname(p)).toBe('/home_task/taskList');
    await p.reload();
    await expect.poll(() => tabTitles(p)).toEqual(['首页', '全部工单', '巡查任务', '标签管理']);
    expect(await currentTab(p)).toBe('全部工单');
    await expect.poll(() => rows(p).count()).toBeGreaterThan(5);

    // Right-click menu: 关闭右侧 on 巡查任务 leaves 标签管理 closed.
    await tab(p, '巡查任务').click({ button: 'right' });
    await choose(p, '关闭右侧');
    await expect.poll(() => tabTitles(p)).toEqual(['首页', '全部工单', '巡查任务']);
    // The bar's menu: 关闭其他 keeps home and the current tab.
    await p.getByRole('button', { name: '页签操作' }).click();
    await choose(p, '关闭其他');
    await expect.poll(() => tabTitles(p)).toEqual(['首页', '全部工单']);
    expect(await pathname(p)).toBe('/home_task/taskList');
  });

  it('keeps at most 20 tabs, the oldest closed first; 50 opened and closed leave no page mounted behind', async () => {
    const p = page;
    for (let i = 0; i < 50; i++) {
      const path = `/business-settings/label-manager?t=${i}`;
      await navigateInApp(p, path);
      await expect.poll(() => p.locator(`[role="tab"][aria-selected="true"]`).getAttribute('data-key')).toBe(path);
    }
    await expect.poll(() => tabs(p).count()).toBe(20);
    const keys = await tabs(p).evaluateAll((list) => list.map((t) => t.getAttribute('data-key')));
    expect(keys[0]).toBe(HOME);
    expect(keys.slice(1)).toEqual(Array.from({ length: 19 }, (_, i) => `/business-settings/label-manager?t=${31 + i}`));
    expect(await mountedPages(p)).toBeLessThanOrEqual(20);

    // Everything but home closed: home's page alone is left in the DOM.
    await tab(p, '首页').click();
    await expect.poll(() => pathname(p)).toBe(HOME);
    await tab(p, '首页').click({ button: 'right' });
    await choose(p, '关闭其他');
    await expect.poll(() => tabs(p).count()).toBe(1);
    await expect.poll(() => mountedPages(p)).toBe(1);
  });
});

describe('finding a screen (issue 42)', () => {
  it('Ctrl+K finds a screen by its pinyin initials, under the name an administrator gave it, and opens it in a tab', async () => {
    const p = page;
    // 全部工单 renamed 工单管理 in the menu screen: the initials come from the new name.
    const menu = await server.app.db.selectFrom('menu').select('id').where('router', '=', '/home_task/taskList').executeTakeFirstOrThrow();
    await admin.post('/api/base/menu/update', { id: menu.id, display_name: '工单管理' });
    try {
      await p.goto(`${server.url}${HOME}`);
      await expect.poll(() => tabTitles(p)).toContain('首页');
      await p.keyboard.press('Control+k');
      const dialog = p.getByRole('dialog');
      await dialog.getByRole('textbox', { name: '搜索页面' }).fill('gd');
      const options = dialog.getByRole('option');
      const found = async () => (await options.allInnerTexts()).map((t) => t.split('\n')[0]);
      // Every screen whose name's initials hold 「gd」: 工单管理 and 工单消息 are, 巡查任务 is not.
      await expect.poll(found).toContain('工单管理');
      expect(await found()).toContain('工单消息');
      expect(await found()).not.toContain('巡查任务');
      // More letters narrow it down; the menu path shows beside the name.
      await dialog.getByRole('textbox', { name: '搜索页面' }).fill('gdgl');
      await expect.poll(async () => (await found())[0]).toBe('工单管理');
      expect(await options.first().innerText()).toContain('服务工单 / 工单管理');
      await p.keyboard.press('Enter');
      await expect.poll(() => pathname(p)).toBe('/home_task/taskList');
      await expect.poll(() => currentTab(p)).toBe('工单管理');
      await expect.poll(() => dialog.isVisible()).toBe(false);

      // The top bar's box opens it too; the arrows choose, a title finds its screen.
      await p.getByRole('button', { name: '搜索页面' }).click();
      await dialog.getByRole('textbox', { name: '搜索页面' }).fill('巡查');
      await expect.poll(() => options.count()).toBeGreaterThan(1);
      const second = (await options.nth(1).innerText()).split('\n')[0]!;
      await p.keyboard.press('ArrowDown');
      await p.keyboard.press('Enter');
      await expect.poll(() => currentTab(p)).toBe(second);
    } finally {
      await admin.post('/api/base/menu/update', { id: menu.id, display_name: '' });
    }
  });
});
