import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/app/routes.ts';
import { watchProblems } from '../support/browser.ts';
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
  for (const route of ROUTES) {
    it(`${route.path} renders as a working screen`, async () => {
      const problems = watchProblems(page);
      const path = concrete(route.path);
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      const landing = REDIRECTS[route.path];
      await expect.poll(() => page.title()).toBe(landing ? `${ROUTES.find((r) => r.path === landing)!.title}-PMS` : `${route.title}-PMS`);
      expect(new URL(page.url()).pathname, 'the route must not redirect elsewhere').toBe(landing ?? path);
      expect(await page.locator('#root').innerText()).not.toBe('');
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.failedRequests).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      page.removeAllListeners('requestfailed');
      page.removeAllListeners('response');
    });
  }

  it('an unknown path shows the 404 page', async () => {
    await page.goto(`${server.url}/no/such/screen`);
    await expect.poll(() => page.title()).toBe('页面不存在-PMS');
    await expect.poll(() => page.getByText('抱歉，您访问的页面不存在。').isVisible()).toBe(true);
  });
});
