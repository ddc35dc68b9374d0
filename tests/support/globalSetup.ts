import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchOptions, SHARED_BROWSER_ENV } from './browser.ts';
import { makeTemplateFolder } from './templateDatabase.ts';

/**
 * Global setup of the server and browser tests (vitest.config.ts), run once per run before the
 * workers start, which inherit the environment it sets: the run's template databases
 * (templateDatabase.ts), so that each startServer copies a seeded database instead of seeding
 * its own; and for the browser tests one chromium for the whole run, which launchBrowser
 * connects to (each file's connection has contexts of its own, closed with it).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const removeTemplates = makeTemplateFolder();
  const browserServer = project.name === 'browser' ? await chromium.launchServer(launchOptions()) : undefined;
  if (browserServer) process.env[SHARED_BROWSER_ENV] = browserServer.wsEndpoint();
  return async () => {
    delete process.env[SHARED_BROWSER_ENV];
    await browserServer?.close();
    removeTemplates();
  };
}
