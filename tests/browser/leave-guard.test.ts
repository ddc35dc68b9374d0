import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';

const server = setUpServer();
const browser = setUpBrowser();

const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
// The question as the user sees it: antd may keep a closed confirm's hidden DOM a while (a loaded machine's CI kept it past the poll).
const question = (page: Page) => page.locator('.ant-modal-confirm', { hasText: '有未保存的修改，确定离开吗？' }).filter({ visible: true });
const answer = (page: Page, name: '离开' | '留下') => question(page).getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

async function openNewLabel(page: Page) {
  await page.goto(`${server.url}/business-settings/label-manager`);
  await page.getByRole('button', { name: '新增标签' }).click();
  await page.waitForURL(/\/label-create$/);
  // The list stays on screen while the form's code loads: its filter has a field of the same name.
  await expect.poll(() => screen(page).getByRole('button', { name: /保\s*存/ }).isVisible()).toBe(true);
}

describe('unsaved schema forms ask before they are left', () => {
  it('a page form: the menu, back and cancel ask; staying keeps the edit, leaving navigates', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await openNewLabel(page);
    const name = screen(page).getByLabel('标签名称');
    await name.fill('待定标签');

    await page.getByRole('menuitem', { name: '首页' }).click();
    await expect.poll(() => question(page).isVisible()).toBe(true);
    await answer(page, '留下').click();
    await expect.poll(() => question(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/label-create');
    expect(await name.inputValue()).toBe('待定标签');

    // The browser's back button: the address bar is put back while the user decides.
    await page.evaluate(() => window.history.back());
    await expect.poll(() => question(page).isVisible()).toBe(true);
    await answer(page, '留下').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/label-create');
    expect(await name.inputValue()).toBe('待定标签');

    await screen(page).getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => question(page).isVisible()).toBe(true);
    await answer(page, '留下').click();
    expect(await name.inputValue()).toBe('待定标签');

    await page.getByRole('menuitem', { name: '首页' }).click();
    await answer(page, '离开').click();
    await expect.poll(() => page.title()).toBe('首页-PMS');
    await expect.poll(() => question(page).count()).toBe(0);
    await page.evaluate(() => window.history.back());
    await page.waitForURL(/\/label-create$/);
    await page.evaluate(() => window.history.back());
    // Back from an untouched form goes without a question.
    await page.waitForURL(/\/label-manager$/);
    await expect.poll(() => page.title()).toBe('标签管理-PMS');
    expect(await question(page).count()).toBe(0);
  });

  it('a page form saved, then left: no question', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await openNewLabel(page);
    await screen(page).getByLabel('标签名称').fill('保存后离开');
    await screen(page).getByRole('combobox', { name: '标签分类' }).click();
    await page.getByTitle('服务偏好').click();
    await screen(page).getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL(/\/label-manager$/);
    await page.getByRole('menuitem', { name: '首页' }).click();
    await expect.poll(() => page.title()).toBe('首页-PMS');
    expect(await question(page).count()).toBe(0);
  });

  it('a dialog form: closing asks; staying keeps the edit; saving closes it without asking', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await page.goto(`${server.url}/business-settings/data-dictionary`);
    await page.getByRole('button', { name: '新增分组' }).click();
    const modal = page.locator('.ant-modal', { hasText: '字典名称' });
    await modal.getByLabel('字典名称').fill('车辆类型');

    await modal.locator('.ant-modal-close').click();
    await expect.poll(() => question(page).isVisible()).toBe(true);
    await answer(page, '留下').click();
    expect(await modal.getByLabel('字典名称').inputValue()).toBe('车辆类型');

    await modal.getByLabel('字典编码').fill('vehicle_kind');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.locator('.ant-tree').getByText('车辆类型').isVisible()).toBe(true);
    await expect.poll(() => modal.count()).toBe(0);
    expect(await question(page).count()).toBe(0);

    await page.getByRole('button', { name: '新增分组' }).click();
    await modal.getByLabel('字典名称').fill('不要了');
    await modal.locator('.ant-modal-close').click();
    await answer(page, '离开').click();
    // What the user sees: the dialog gone (antd may keep its hidden DOM a while after the close).
    await expect.poll(() => modal.isVisible()).toBe(false);
    await expect.poll(() => question(page).count()).toBe(0);
  });

  it("closing a page's tab in the tab bar asks; staying keeps the tab and forgets the close, leaving closes it", async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await openNewLabel(page);
    const formTab = page.locator('.pms-tab[data-key="/label-create"]');
    const listTab = page.locator('.pms-tab[data-key="/business-settings/label-manager"]');
    const name = screen(page).getByLabel('标签名称');
    await name.fill('关页签前');

    await formTab.getByRole('button', { name: /^关闭/ }).click();
    await expect.poll(() => question(page).isVisible()).toBe(true);
    await answer(page, '留下').click();
    await expect.poll(() => question(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/label-create');
    expect(await formTab.count()).toBe(1);
    expect(await name.inputValue()).toBe('关页签前');

    // Going to the neighbour the close would have gone to: asked as a navigation, and the form's tab stays open.
    await listTab.click();
    await answer(page, '离开').click();
    await page.waitForURL(/\/label-manager$/);
    expect(await formTab.count()).toBe(1);

    await formTab.click();
    await page.waitForURL(/\/label-create$/);
    await screen(page).getByLabel('标签名称').fill('第二次');
    await formTab.getByRole('button', { name: /^关闭/ }).click();
    await answer(page, '离开').click();
    await page.waitForURL(/\/label-manager$/);
    await expect.poll(() => formTab.count()).toBe(0);
    await expect.poll(() => question(page).count()).toBe(0);
  });

  it('closing or reloading the tab with unsaved changes asks the browser to confirm', async () => {
    const page = await signedInPage(browser, server.url, 'admin');
    await openNewLabel(page);
    // Typed, not filled: the browser asks only on a page the user has interacted with.
    await screen(page).getByLabel('标签名称').click();
    await page.keyboard.type('关闭前');
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const asked = await dialog;
    expect(asked.type()).toBe('beforeunload');
    await asked.dismiss();
    expect(page.isClosed()).toBe(false);
    expect(await screen(page).getByLabel('标签名称').inputValue()).toBe('关闭前');
  });
});
