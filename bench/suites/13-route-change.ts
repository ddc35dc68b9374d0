// Warm route change from one list page to another (code already loaded): from the in-app
// navigation to the other list's 100 rows in the DOM. Each visit has a new query string, so
// keepAlive makes a new page instead of showing the cached one; the rows already there are
// marked so only the new page's rows count.
import type { Page } from 'playwright-core';
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { benchApp } from '../support/benchApp.ts';
import { ROUTES } from '../support/benchSchemas.ts';
import { benchReady, median, ms, p95, readyProbe, RUNS, VIEWPORT } from '../support/measure.ts';
import { LIST_SCREEN } from '../support/pages.ts';

const { selector, count } = LIST_SCREEN.ours.ready;

async function routeChange(page: Page, to: string): Promise<number> {
  await page.evaluate(`(() => {
    for (const e of document.querySelectorAll(${JSON.stringify(selector)})) e.setAttribute('data-bench-old', '');
    window.__benchFrom = performance.now();
    window.history.pushState({}, '', ${JSON.stringify(to)});
    window.dispatchEvent(new PopStateEvent('popstate'));
    ${readyProbe({ selector: `${selector}:not([data-bench-old])`, count })};
  })()`);
  return benchReady(page, 60_000);
}

export default async (): Promise<VerifyRow[]> => {
  const { browser, server, session } = await benchApp();
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: session });
  try {
    const page = await context.newPage();
    await page.goto(server.url + ROUTES.list);
    await page.waitForSelector(selector);
    // Warm-up: both lists' code and data paths once.
    await routeChange(page, `${ROUTES.otherList}?run=warm`);
    await routeChange(page, `${ROUTES.list}?run=warm`);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      times.push(await routeChange(page, `${ROUTES.otherList}?run=${run}`));
      times.push(await routeChange(page, `${ROUTES.list}?run=${run}`));
    }
    const figure = (stat: string) => `list → other list, to 100 rows in the DOM (ms, ${stat} of ${times.length})`;
    return [
      { area: '路由切换', figure: figure('median'), value: ms(median(times)), target: '< 100', ok: median(times) < 100 },
      { area: '路由切换', figure: figure('p95'), value: ms(p95(times)) },
    ];
  } finally {
    await context.close();
  }
};
