import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page, type Request } from 'playwright-core';
import { expect } from 'vitest';

/** Content-Security-Policy violations seen by any page of a browser launched here, until taken. */
const cspViolations: string[] = [];

/** The violations recorded since the last call (tests/support/cspGuard.ts fails the test that caused them). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * Records every violation of the product's Content-Security-Policy in the context's pages: the
 * page's own securitypolicyviolation event, and chromium's "Refused to ..." console error.
 */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__pmsCspViolation', (_source, text: string) => void cspViolations.push(text));
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __pmsCspViolation(text: string): void }).__pmsCspViolation(`${e.violatedDirective} refused ${e.blockedURI || 'inline'} in ${e.documentURI} (${e.sourceFile}:${e.lineNumber})`),
    ),
  );
  context.on('console', (m) => m.type() === 'error' && m.text().startsWith('Refused to') && cspViolations.push(m.text()));
}

/** A page's last requests and console messages, and its requests not answered yet (with when they were sent): for describeOpenPages. */
const watched = new WeakMap<Page, { recent: string[]; waiting: Map<Request, number> }>();
const RECENT = 25;
const shortUrl = (r: Request) => `${r.method()} ${r.url().replace(/^https?:\/\/[^/]+/, '').slice(0, 120)}`;

/** Keeps each page's recent requests (with status and time), those still pending, and console messages. */
function watchRecent(context: BrowserContext): void {
  context.on('page', (page) => {
    const recent: string[] = [];
    const waiting = new Map<Request, number>();
    watched.set(page, { recent, waiting });
    const remember = (line: string) => {
      recent.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
      if (recent.length > RECENT) recent.shift();
    };
    page.on('console', (m) => remember(`console.${m.type()} ${m.text().slice(0, 200)}`));
    page.on('request', (r) => waiting.set(r, Date.now()));
    page.on('requestfinished', (r) => {
      waiting.delete(r);
      // The page may close before the answer is read: then there is nothing to note.
      r.response().then((answer) => remember(`${shortUrl(r)} ${answer?.status() ?? '-'} ${Math.round(r.timing().responseEnd)} ms`), () => undefined);
    });
    page.on('requestfailed', (r) => {
      waiting.delete(r);
      remember(`${shortUrl(r)} failed ${r.failure()?.errorText ?? ''}`);
    });
  });
}

const browsers = new Set<Browser>();

/**
 * What every page still open shows, for a failed test (failureReport.ts): its address and title,
 * the open dropdowns, dialogs and messages, the focused element, its recent requests and
 * console, and a screenshot written under `dir`. Printed with the test's output, so a failure
 * on CI says more than its assertion.
 */
export async function describeOpenPages(dir: string): Promise<string> {
  const parts: string[] = [];
  let n = 0;
  for (const browser of browsers) {
    if (!browser.isConnected()) continue;
    for (const page of browser.contexts().flatMap((c) => c.pages())) {
      if (page.isClosed()) continue;
      const shot = `${dir}/page-${++n}.png`;
      const state = await page
        .evaluate(() => {
          const visible = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)].filter((e) => e.checkVisibility());
          const text = (e: HTMLElement) => e.innerText.replace(/\s+/g, ' ').slice(0, 300);
          return {
            dropdowns: visible('.ant-select-dropdown, .ant-dropdown, .ant-picker-dropdown').map(text),
            dialogs: visible('.ant-modal-wrap, .ant-drawer-open').map(text),
            messages: visible('.ant-message-notice, .ant-notification-notice').map(text),
            focused: document.activeElement ? `${document.activeElement.tagName} ${document.activeElement.className}`.slice(0, 120) : '',
            screen: visible('.pms-page[data-active="true"]').map(text),
          };
        })
        .catch((error: Error) => ({ error: error.message }));
      await page.screenshot({ path: shot, timeout: 5_000 }).catch(() => undefined);
      const { recent = [], waiting = new Map() } = watched.get(page) ?? {};
      const unanswered = [...waiting].map(([r, at]) => `${shortUrl(r)} sent ${Date.now() - at} ms ago`);
      const title = await page.title().catch(() => '');
      parts.push(`page ${n}: ${page.url()} 「${title}」 (screenshot ${shot})\n${JSON.stringify(state, null, 1)}\nrecent:\n  ${recent.join('\n  ')}\nnot answered:\n  ${unanswered.join('\n  ') || '(none)'}`);
    }
  }
  return parts.join('\n\n');
}

/**
 * Chromium's own UI that a headless page never shows, but that chromium 156 builds anew for every
 * context: the omnibox popup (chrome://omnibox-popup.top-chrome), a WebUI renderer of its own
 * that loads and runs its Lit app, ~200–300 ms of CPU during each cold load, on the same two
 * cores as the page under test (bench/HISTORY.md). Chromium reads only the last
 * --disable-features, so this one repeats playwright-core's (its chromiumSwitches.ts; a unit test
 * checks the copy against the installed playwright-core).
 */
export const DISABLED_FEATURES = [
  'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup',
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding',
  'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** How chromium is launched: Debian's, as CI installs it; the flags keep it off the (closed) network. */
export function launchOptions(options: LaunchOptions = {}): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ...options,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      // Staff who ask for less motion get none (src/styles.css): dialogs and drawers open at once, and the tests wait for no animation.
      '--force-prefers-reduced-motion',
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ...(options.args ?? []),
    ],
  };
}

/**
 * A download's path() where the tests can read it. Over a connection chromium's downloads stay
 * with the browser server, and path() throws; here it answers a local copy (saveAs), as it
 * answers chromium's own file when the browser was launched in the process.
 */
function keepDownloadsHere(context: BrowserContext, dir: string): void {
  context.on('page', (page) =>
    page.on('download', (download) => {
      let copy: Promise<string> | undefined;
      download.path = () =>
        (copy ??= (async () => {
          const file = path.join(fs.mkdtempSync(path.join(dir, 'download-')), path.basename(download.suggestedFilename()) || 'download');
          await download.saveAs(file);
          return file;
        })());
    }),
  );
}

/**
 * The chromium that the browser tests' global setup (tests/support/globalSetup.ts) launched for
 * the whole run, as a playwright browser server: its address. Launching chromium took most of
 * a second per test file.
 */
export const SHARED_BROWSER_ENV = 'PMS_TEST_BROWSER_WS';

/**
 * Chromium for a test file; every context watches the CSP. Without options, in a run with a
 * shared chromium, a connection of the file's own to it: its contexts are the file's alone, and
 * close() closes them and disconnects, leaving chromium to the next file. With options (other
 * flags), or without a shared chromium, a chromium of its own as before.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const shared = Object.keys(options).length ? undefined : process.env[SHARED_BROWSER_ENV];
  const connected = shared ? await chromium.connect(shared, { timeout: 30_000 }).catch((error: Error) => void console.warn(`The shared chromium did not answer (${error.message}): launching one`)) : undefined;
  const browser = connected ?? (await chromium.launch(launchOptions(options)));
  const downloads = connected ? fs.mkdtempSync(path.join(os.tmpdir(), 'pms-downloads-')) : undefined;
  // browser.newPage() goes through newContext() too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions) => {
    const context = await newContext(contextOptions);
    await watchCsp(context);
    watchRecent(context);
    if (downloads) keepDownloadsHere(context, downloads);
    return context;
  };
  if (downloads) browser.on('disconnected', () => fs.rmSync(downloads, { recursive: true, force: true }));
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  return browser;
}

export interface PageProblems {
  consoleErrors: string[];
  failedRequests: string[];
}

/** Collects what a user would call broken: console errors, page errors, failed or 4xx/5xx requests. */
export function watchProblems(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], failedRequests: [] };
  page.on('console', (m) => m.type() === 'error' && problems.consoleErrors.push(m.text()));
  page.on('pageerror', (e) => problems.consoleErrors.push(e.message));
  // ERR_ABORTED is a request cut short by the next navigation, not a failure the user sees.
  page.on('requestfailed', (r) => {
    const reason = r.failure()?.errorText ?? '';
    if (!reason.includes('ERR_ABORTED')) problems.failedRequests.push(`${r.method()} ${r.url()} ${reason}`);
  });
  page.on('response', (r) => r.status() >= 400 && problems.failedRequests.push(`${r.request().method()} ${r.url()} ${r.status()}`));
  return problems;
}

/** Puts a signed-in session into the browser the way the login page does. */
export async function signIn(page: Page, baseUrl: string, account = 'admin', password = 'Pms@2026'): Promise<void> {
  await page.goto(`${baseUrl}/userlogin`);
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.toLowerCase().startsWith('/userlogin'));
}

/** Signs in the way a new user does: the app sends them to the single sign-on page and back. */
export async function signInViaSso(page: Page, baseUrl: string, account = 'admin', password = 'Pms@2026', path = '/index/home_index'): Promise<void> {
  await page.goto(baseUrl + path);
  await page.waitForURL(/\/sso-interaction\//);
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname === path);
}

/** Navigates inside the single-page app (no reload), as a menu click or back/forward would: react-router hears a popstate. */
export function navigateInApp(page: Page, path: string): Promise<void> {
  return page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Opens a screen from the side menu as a user does: its group first when the entry is hidden,
 * then the entry once the group has finished sliding open. Clicked while the submenu was still
 * growing (a loaded machine's slow frames), the entry could move from under the pointer and the
 * click open nothing.
 */
export async function openFromMenu(page: Page, group: string, item: string): Promise<void> {
  const menu = page.locator('.ant-layout-sider .ant-menu').first();
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) await menu.getByRole('menuitem', { name: group, exact: true }).click();
  await expect.poll(() => menu.locator('[class*="ant-motion-collapse"]').count()).toBe(0);
  await entry.click();
}
