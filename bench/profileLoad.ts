// `npx tsx bench/profileLoad.ts [list|form] [ours|antd|amis] [runs]`: where a cold load's time
// goes. Loads the bench screen cold (as the 10/11 suites do, after one warm-up) with the network
// and the main thread recorded over CDP, and prints the request waterfall (start, first byte and
// end of each request, ms since navigation), the main thread's time by kind (script, style,
// layout), and the CPU profile's heaviest scripts and functions. Figures are per run, not medians.
import type { CDPSession } from 'playwright-core';
import { benchApp, closeBenchApp } from './support/benchApp.ts';
import { benchReady, readyProbe, VIEWPORT } from './support/measure.ts';
import { FORM_SCREEN, LIST_SCREEN, type Version } from './support/pages.ts';

interface Request {
  url: string;
  start: number;
  firstByte?: number;
  end?: number;
  bytes: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const screen = process.argv[2] === 'form' ? FORM_SCREEN : LIST_SCREEN;
const version = (process.argv[3] ?? 'ours') as Version;
const runs = Number(process.argv[4] ?? 1);

/** Records the requests of one load: CDP timestamps are seconds on the browser's monotonic clock. */
function recordNetwork(cdp: CDPSession): { requests: Map<string, Request>; origin: () => number } {
  const requests = new Map<string, Request>();
  let origin = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && !origin) origin = e.timestamp;
    requests.set(e.requestId, { url: e.request.url, start: e.timestamp, bytes: 0 });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.firstByte = e.timestamp;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  return { requests, origin: () => origin };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** The busy time of each 100 ms of the load, by script: what the main thread did while the requests were under way. */
function printTimeline(profile: Profile, t0: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const slots = new Map<number, Map<string, number>>();
  let at = profile.startTime / 1000 - t0 * 1000;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    at += dt;
    const { functionName, url } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') return;
    const slot = Math.floor(at / 100) * 100;
    const scripts = slots.get(slot) ?? new Map<string, number>();
    const file = url.split('/').pop() || functionName;
    scripts.set(file, (scripts.get(file) ?? 0) + dt);
    slots.set(slot, scripts);
  });
  console.log('main thread busy per 100 ms (ms since navigation: busy ms, top scripts):');
  for (const [slot, scripts] of [...slots].sort((a, b) => a[0] - b[0])) {
    const busy = [...scripts.values()].reduce((a, b) => a + b, 0);
    const top = [...scripts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f, t]) => `${f} ${t.toFixed(0)}`);
    console.log(`  ${String(slot).padStart(5)}: ${busy.toFixed(0).padStart(3)}  ${top.join(', ')}`);
  }
}

function printProfile(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.split('/').pop() || '(native)';
    byScript.set(file, (byScript.get(file) ?? 0) + t);
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  console.log(`CPU self time by script:\n${top(byScript, 12)}\nby function:\n${top(byFunction, 25)}`);
}

const { browser, server, session } = await benchApp();
try {
  for (let run = -1; run < runs; run++) {
    const context = await browser.newContext({ viewport: VIEWPORT, storageState: session });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const { requests, origin } = recordNetwork(cdp);
    await page.addInitScript(readyProbe(screen[version].ready));
    await page.goto(server.url + screen[version].path, { waitUntil: 'commit' });
    const ready = await benchReady(page);
    const { profile } = await cdp.send('Profiler.stop');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const nodes = await page.evaluate(() => ({ head: document.head.childNodes.length, styles: document.querySelectorAll('style').length }));
    await context.close();
    if (run < 0) continue;
    const t0 = origin();
    const rel = (t?: number) => (t === undefined ? '   -' : ((t - t0) * 1000).toFixed(0).padStart(5));
    console.log(`\n=== ${version} ${process.argv[2] ?? 'list'}: ready at ${ready.toFixed(0)} ms; <head> ${nodes.head} nodes, ${nodes.styles} <style>`);
    console.log('start  1st-byte  end   KB   url');
    for (const r of [...requests.values()].filter((r) => !r.url.startsWith('data:')).sort((a, b) => a.start - b.start)) {
      console.log(`${rel(r.start)} ${rel(r.firstByte)} ${rel(r.end)} ${(r.bytes / 1024).toFixed(1).padStart(6)}  ${r.url.replace(server.url, '')}`);
    }
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    console.log(
      `main thread (ms): task ${(m.TaskDuration * 1000).toFixed(0)}, script ${(m.ScriptDuration * 1000).toFixed(0)}, style ${(m.RecalcStyleDuration * 1000).toFixed(0)}, layout ${(m.LayoutDuration * 1000).toFixed(0)}; nodes ${m.Nodes}`,
    );
    printTimeline(profile as never, t0);
    printProfile(profile as never);
  }
} finally {
  await closeBenchApp();
}
