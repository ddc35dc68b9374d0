import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/app/routes.ts';
import type { Request } from 'playwright-core';
import { navigateInApp, watchProblems } from '../support/browser.ts';
import { setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';

/** Concrete values for path parameters, so parameterised routes are crawled too. */
const SAMPLE_PARAMS: Record<string, string> = { id: '1' };
/** Routes that, for a signed-in user, lead on to another screen by design (spec 2.2). */
const REDIRECTS: Record<string, string> = { '/yslogin': '/index/home_index' };
const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');

const server = setUpServer();
const browser = setUpBrowser();
const page = setUpSignedInPage(browser, server);

describe('every route of the manifest', () => {
  // The first route loads the app; the rest are reached inside it, as a user moves from screen to
  // screen, each done once its title shows and no request is left in flight (no fixed idle wait).
  let problems: ReturnType<typeof watchProblems> | undefined;
  const inFlight = new Set<Request>();

  for (const [i, route] of ROUTES.entries()) {
    it(`${route.path} renders as a working screen`, async () => {
      if (!problems) {
        problems = watchProblems(page);
        page.on('request', (r) => inFlight.add(r));
        page.on('requestfinished', (r) => inFlight.delete(r));
        page.on('requestfailed', (r) => inFlight.delete(r));
      }
      problems.consoleErrors.length = 0;
      problems.failedRequests.length = 0;
      const path = concrete(route.path);
      if (i === 0) await page.goto(server.url + path);
      else await navigateInApp(page, path);
      const landing = REDIRECTS[route.path];
      await expect.poll(() => page.title()).toBe(landing ? `${ROUTES.find((r) => r.path === landing)!.title}-PMS` : `${route.title}-PMS`);
      await expect.poll(() => inFlight.size).toBe(0);
      expect(new URL(page.url()).pathname, 'the route must not redirect elsewhere').toBe(landing ?? path);
      await expect.poll(() => page.locator('#root').innerText()).not.toBe('');
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.failedRequests).toEqual([]);
    });
  }

  it('an unknown path shows the 404 page', async () => {
    await page.goto(`${server.url}/no/such/screen`);
    await expect.poll(() => page.title()).toBe('页面不存在-PMS');
    await expect.poll(() => page.getByText('抱歉，您访问的页面不存在。').isVisible()).toBe(true);
  });
});
