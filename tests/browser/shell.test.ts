import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, signIn } from '../support/browser.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('app shell', () => {
  it('sends a visitor without a token to the login page and back to where they started', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/index/home_index?from=test`);
    await page.waitForURL(/\/userlogin$/);
    await expect.poll(() => page.title()).toBe('登录-PMS');
    await signIn(page, server.url, 'kefu');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/index/home_index?from=test');
    await expect.poll(() => page.getByText('林晓雯，您好').isVisible()).toBe(true);
    // The figures come from the server and are scoped to kefu's one project.
    await expect.poll(() => page.locator('.ant-statistic').first().innerText()).toContain('负责项目\n1');
    await page.close();
  });

  it('tells a user who mistypes the password, in Chinese, and stays on the login page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/userlogin`);
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('wrong-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByText('账号或密码错误').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/userlogin');
    await page.close();
  });

  it('collapses the left menu to width 0 and opens it again', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url);
    const sider = page.locator('.ant-layout-sider');
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(200);
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBe(0);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(200);
    await page.close();
  });

  it('paints the per-user watermark of name and last four phone digits', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, 'kefu');
    const mobile = await page.evaluate(() => localStorage.getItem('mobileNumber'));
    expect(mobile).toMatch(/^1\d{10}$/);
    // antd's Watermark draws the text onto a background image that covers the layout.
    const mark = page.locator('[style*="background-image"][style*="pointer-events: none"]');
    await expect.poll(() => mark.count()).toBeGreaterThan(0);
    await page.close();
  });

  it('logs out and clears the stored session', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url);
    await page.getByRole('button', { name: '系统管理员' }).hover();
    await page.getByText('退出登录').click();
    await page.waitForURL(/\/userlogin$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.close();
  });
});
