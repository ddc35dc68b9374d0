// The warm route change suite 13 measures and bench/profileRoute.ts records: from the in-app
// navigation to the other list's 100 rows in the DOM. Each visit has a new query string, so
// keepAlive makes a new page instead of showing the cached one; the rows already there are
// marked so only the new page's rows count.
import type { Page } from 'playwright-core';
import { benchApp } from './benchApp.ts';
import { ROUTES } from './benchSchemas.ts';
import { benchReady, readyProbe, VIEWPORT } from './measure.ts';
import { LIST_SCREEN } from './pages.ts';

const { selector, count } = LIST_SCREEN.ours.ready;

/** Navigates in the app to `to` and answers the ms to its rows; marks the start `bench-change` for traces. */
export async function routeChange(page: Page, to: string): Promise<number> {
  await page.evaluate(`(() => {
    for (const e of document.querySelectorAll(${JSON.stringify(selector)})) e.setAttribute('data-bench-old', '');
    performance.mark('bench-change');
    window.__benchFrom = performance.now();
    window.history.pushState({}, '', ${JSON.stringify(to)});
    window.dispatchEvent(new PopStateEvent('popstate'));
    ${readyProbe({ selector: `${selector}:not([data-bench-old])`, count })};
  })()`);
  return benchReady(page, 60_000);
}

/** A signed-in page on the bench list, after `warmUps` changes each way (both lists' code and data paths). */
export async function warmListPage(warmUps: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const { browser, server, session } = await benchApp();
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: session });
  const page = await context.newPage();
  await page.goto(server.url + ROUTES.list);
  await page.waitForSelector(selector);
  for (let i = 0; i < warmUps; i++) {
    await routeChange(page, `${ROUTES.otherList}?warm=${i}`);
    await routeChange(page, `${ROUTES.list}?warm=${i}`);
  }
  return { page, close: () => context.close() };
}
