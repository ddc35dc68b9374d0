import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { BuildOptions } from '../../server/app.ts';
import { signedIn, type Api } from './api.ts';
import { launchBrowser, signIn } from './browser.ts';
import { startServer, type TestServer } from './server.ts';
import { addFixtureScreens } from './fixtures.ts';
import { lintSchemas } from '../../scripts/lint-schemas.ts';

/**
 * What a test file sets up once: each use*() registers its beforeAll/afterAll and returns a
 * handle that stands for the thing the hook makes, usable inside tests and later hooks. Hooks run
 * in the order of the calls, and the afterAll ones in reverse (vitest's default "stack" order),
 * so a browser closes before the server it talks to.
 */

/** A stand-in for what a beforeAll hook will make; a clear error when used before it ran. */
function handle<T extends object>(what: string, current: () => T | undefined): T {
  const target = () => current() ?? fail(`${what} is not ready: use it inside tests and hooks, not while the file loads`);
  return new Proxy({} as T, {
    get(_, key) {
      const t = target();
      const value = Reflect.get(t, key, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
  });
}

function fail(message: string): never {
  throw new Error(message);
}

/** The real server (startServer) for this file, with env and build options as startServer takes them. */
export function setUpServer(env: Record<string, string> = {}, options: BuildOptions = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(env, undefined, options);
  });
  afterAll(() => server?.close());
  return handle('the server', () => server);
}

/**
 * The real server over a copy of schemas/ with the JSON-only example screens of tests/fixtures
 * added, as a configurator would add them; the copy must pass the schema lint first.
 */
export function setUpFixtureServer(): TestServer {
  let copy: string | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-fixtures-'));
    fs.cpSync(path.resolve(import.meta.dirname, '../../schemas'), copy, { recursive: true });
    addFixtureScreens(copy);
    const errors = lintSchemas(copy, false);
    if (errors.length) throw new Error(`the fixture screens fail the schema lint:\n${errors.join('\n')}`);
    server = await startServer({}, undefined, { schemasDir: copy });
  });
  afterAll(async () => {
    await server?.close();
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });
  return handle('the fixture server', () => server);
}

/** Clients of the server signed in as these accounts (signedIn), in this order. */
export function setUpApis(server: TestServer, ...accounts: string[]): Api[] {
  const apis: Api[] = [];
  beforeAll(async () => {
    apis.push(...(await Promise.all(accounts.map((account) => signedIn(server.url, account)))));
  });
  return accounts.map((account, i) => handle(`the ${account} client`, () => apis[i]));
}

/** One client of the server signed in as account. */
export const setUpApi = (server: TestServer, account = 'admin'): Api => setUpApis(server, account)[0]!;

/** Chromium (launchBrowser) for this file. */
export function setUpBrowser(): Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return handle('the browser', () => browser);
}

/** A page in a context of its own (its own storage, so its own session), signed in through the login page. */
export async function signedInPage(browser: Browser, baseUrl: string, account = 'admin', context: BrowserContextOptions = {}, password?: string): Promise<Page> {
  const page = await (await browser.newContext(context)).newPage();
  await signIn(page, baseUrl, account, password);
  return page;
}

/** One signed-in page (signedInPage) shared by the file's tests. */
export function setUpSignedInPage(browser: Browser, server: TestServer, account = 'admin', context: BrowserContextOptions = {}): Page {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await signedInPage(browser, server.url, account, context);
  });
  return handle(`the ${account} page`, () => page);
}
