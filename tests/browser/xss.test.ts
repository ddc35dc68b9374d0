// XSS proof (issue 10), fast part: every payload of the corpus through the free-text fields of
// resources that take every way the one renderer shows text (list cells, detail items, a tree's
// labels, reference labels, rich text, the login log), their screens opened in chromium;
// detail pages, the rich-text editor and the public agreement page for a sample. The full run
// (every resource the schemas show, every record on every detail page) is
// scripts/verify/security/60-xss.ts (npm run verify:security).
const FAST = new Set(['label', 'system_notice', 'privacy_agreement', 'org', 'message_category', 'login_log']);
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, takeCspViolations } from '../support/browser.ts';
import { signedIn, type Api } from '../support/api.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { checkExports, checkRichText, checkScreens, detectorSelfTest, findTargets, plantAll, XSS_SERVER_ENV, type Planting } from '../support/xss.ts';
import { PAYLOADS } from '../support/xssPayloads.ts';

let server: TestServer;
let browser: Browser;
let api: Api;
let planting: Planting;

beforeAll(async () => {
  server = await startServer(XSS_SERVER_ENV);
  browser = await launchBrowser();
  api = await signedIn(server.url);
  planting = await plantAll(api, server.app.catalogue, (r) => FAST.has(r.name));
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('XSS', () => {
  it('the detector catches a payload put into a page unsanitised', async () => {
    const caught = await detectorSelfTest(browser, server.url);
    expect(caught.markers).toEqual([1]);
    expect(caught.dangerous).toContain('<img onerror>');
  });

  it('writes the corpus through every free-text field those screens show', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const { shown } = findTargets(server.app.catalogue);
    // The login log's other columns (name, IP, reason) are the server's own words.
    const pairs = [...shown].filter(([resource]) => FAST.has(resource) && resource !== 'login_log').flatMap(([resource, fields]) => [...fields].map((f) => `${resource}.${f}`));
    expect(pairs.filter((pair) => !planting.fields.has(pair))).toEqual([]);
    expect(planting.fields).toContain('login_log.account');
    expect(planting.fields).toContain('login_log.user_agent');
    expect(planting.refused).toEqual([]);
  });

  it('runs no script and opens no dialog on any list or detail screen', async () => {
    const screens = findTargets(server.app.catalogue).screens.filter((s) => FAST.has(s.resource));
    const findings = await checkScreens(browser, server.url, screens, planting.records, 4);
    expect(findings.screensOpened).toBeGreaterThanOrEqual(screens.length);
    expect(findings.markersRun).toEqual([]);
    expect(findings.dialogs).toEqual([]);
    expect(findings.dangerousNodes).toEqual([]);
    // Most planted records were really on screen (views with fixed filters show only theirs).
    expect(findings.displayed.size).toBeGreaterThan(planting.records.length * 0.8);
  }, 900_000);

  it('stores rich text sanitised and sanitises it again on display', async () => {
    const findings = await checkRichText(browser, server, api, server.app.catalogue, planting.records, 4);
    // Chromium reports the handlers DOMPurify meets while parsing raw markup in its inert
    // document as refused inline handlers; they never run (no marker below). Nothing else may be refused.
    expect(takeCspViolations().filter((v) => !v.startsWith('script-src-attr refused inline'))).toEqual([]);
    expect(findings.stored).toBeGreaterThanOrEqual(PAYLOADS.length);
    expect(findings.unsanitisedStored).toEqual([]);
    expect(findings.views.displayed.size).toBeGreaterThanOrEqual(4);
    expect(findings.views.markersRun).toEqual([]);
    expect(findings.views.dialogs).toEqual([]);
    expect(findings.views.dangerousNodes).toEqual([]);
  }, 300_000);

  it('exports the payloads with no formula cell and every formula-like text escaped', async () => {
    const findings = await checkExports(api, server.app.catalogue, planting.records);
    expect(findings.exports).toBeGreaterThanOrEqual(4);
    expect(findings.escaped).toBeGreaterThan(0);
    expect(findings.formulaCells).toBe(0);
    expect(findings.unescaped).toEqual([]);
  }, 300_000);
});
