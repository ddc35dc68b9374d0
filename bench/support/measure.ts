// How the client suites measure in chromium: cold loads in a fresh context (empty cache) with
// the time from navigation to the wanted elements in the DOM, the JavaScript the page fetched
// on the way, and the summary figures.
import zlib from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { benchApp } from './benchApp.ts';

export const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));
export const VIEWPORT = { width: 1600, height: 1000 };

export const median = (xs: number[]) => quantile(xs, 0.5);
export const p95 = (xs: number[]) => quantile(xs, 0.95);
export function quantile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}
export const ms = (x: number) => Math.round(x * 10) / 10;
export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** The screen is there when this many elements match (visible ones only, for keepAlive's hidden pages). */
export interface Ready {
  selector: string;
  count: number;
}

/**
 * A script for the page: on every frame, counts the visible matches and records in
 * window.__benchReady the time (ms since navigation, or since `window.__benchFrom`) of the
 * first frame that has them all. A string, not a function: tsx would wrap a function with
 * helpers the page does not have. Visible is checkVisibility(): it needs styles only, where
 * offsetParent lays out every match, also fields that content-visibility lets the browser skip.
 */
export function readyProbe({ selector, count }: Ready): string {
  return `(() => {
    window.__benchReady = undefined;
    const from = window.__benchFrom ?? 0;
    const poll = () => {
      let n = 0;
      for (const e of document.querySelectorAll(${JSON.stringify(selector)})) if (e.checkVisibility() && ++n >= ${count}) break;
      if (n >= ${count}) window.__benchReady = performance.now() - from;
      else requestAnimationFrame(poll);
    };
    poll();
  })()`;
}

/**
 * A script for the page: each keydown's time from the event to the end of the next frame (a
 * requestAnimationFrame callback, then a message posted from it, which runs after that frame's
 * paint), pushed to window.__keys. With `marks`, performance marks `bench-key` and
 * `bench-painted` at both ends, for traces.
 */
export function keyProbe(marks = false): string {
  return `(() => {
  window.__keys = [];
  document.addEventListener('keydown', (e) => {
    const start = e.timeStamp;
    ${marks ? "performance.mark('bench-key');" : ''}
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__keys.push(performance.now() - start); ${marks ? "performance.mark('bench-painted');" : ''} };
      channel.port2.postMessage(0);
    });
  }, true);
})()`;
}

/**
 * Waits until the page's `window.__benchReady` is set and answers it. Polled with evaluate:
 * waitForFunction compiles its predicate in the page, which the product's CSP (no eval) refuses.
 */
export async function benchReady(page: Page, timeout = 120_000): Promise<number> {
  for (const until = Date.now() + timeout; Date.now() < until; await page.waitForTimeout(50)) {
    const value = (await page.evaluate('window.__benchReady')) as number | undefined;
    if (value !== undefined) return value;
  }
  throw new Error(`the screen was not there within ${timeout / 1000} s`);
}

export interface Load {
  ms: number;
  /** The JavaScript responses' bodies: decoded, gzipped by the bench (level 9, as scripts/bundle-size.ts weighs a build), and as sent (brotli). */
  jsBytes: number;
  jsGzip: number;
  jsSent: number;
}

/** Opens the URL in a new context (nothing cached), signed in unless told otherwise. */
export async function coldLoad(path: string, ready: Ready, signedIn = true): Promise<Load> {
  const { browser, server, session } = await benchApp();
  const context = await browser.newContext({ viewport: VIEWPORT, ...(signedIn ? { storageState: session } : {}) });
  try {
    const page = await context.newPage();
    await page.addInitScript(readyProbe(ready));
    const responses: Response[] = [];
    page.on('response', (r) => {
      if ((r.headers()['content-type'] ?? '').includes('javascript')) responses.push(r);
    });
    await page.goto(server.url + path, { waitUntil: 'commit' });
    const time = await benchReady(page);
    // Only what was requested before the screen was there, by the page's own clock: this poll
    // notices the screen later, under load after code the app loads once idle (the push client).
    const before = new Set((await page.evaluate(`performance.getEntriesByType('resource').filter((e) => e.startTime <= ${time}).map((e) => e.name)`)) as string[]);
    const scripts = responses.filter((r) => before.has(r.url()));
    const bodies = await Promise.all(scripts.map((r) => r.body()));
    const sent = await Promise.all(scripts.map(async (r) => (await r.request().sizes()).responseBodySize));
    return {
      ms: time,
      jsBytes: bodies.reduce((n, b) => n + b.length, 0),
      jsGzip: bodies.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0),
      jsSent: sent.reduce((n, b) => n + b, 0),
    };
  } finally {
    await context.close();
  }
}

/** Cold loads of several pages taken in turn (so load from elsewhere falls on all alike): one warm-up each, then RUNS each. */
export async function coldLoadsSideBySide<K extends string>(pages: Record<K, { path: string; ready: Ready }>): Promise<Record<K, number[]>> {
  const keys = Object.keys(pages) as K[];
  const times = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let run = -1; run < RUNS; run++) {
    for (const k of keys) {
      const load = await coldLoad(pages[k].path, pages[k].ready);
      if (run >= 0) times[k].push(load.ms);
    }
  }
  return times;
}

/** Two rows for a side-by-side cold load: ours within 1.1 × the plain antd page, and under half of amis. */
export function comparisonRows(area: string, figure: string, times: Record<'ours' | 'antd' | 'amis', number[]>): VerifyRow[] {
  const [ours, antd, amis] = [median(times.ours), median(times.antd), median(times.amis)];
  const peer = `antd ${ms(antd)} · amis ${ms(amis)}`;
  return [
    { area, figure: `${figure}, vs plain antd`, value: ms(ours), target: `≤ 1.1 × antd = ${ms(1.1 * antd)}`, ok: ours <= 1.1 * antd, peer },
    { area, figure: `${figure}, vs amis`, value: ms(ours), target: `< 0.5 × amis = ${ms(0.5 * amis)}`, ok: ours < 0.5 * amis, peer },
  ];
}
