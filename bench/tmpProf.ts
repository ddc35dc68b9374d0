// `npx tsx bench/profileLoad.ts [list|form] [ours|antd|amis] [runs]`: where a cold load's time
// goes. Loads the bench screen cold (as the 10/11 suites do, after one warm-up) with the network
// and the main thread recorded over CDP, and prints the request waterfall (start, first byte and
// end of each request, ms since navigation), the main thread's time by kind (script, style,
// layout), and the CPU profile's heaviest scripts and functions. Figures are per run, not medians.
import type { CDPSession } from 'playwright-core';
import { benchApp, closeBenchApp } from './support/benchApp.ts';
import { printProfile, samples, startCpuProfile, type CpuProfile } from './support/cpuProfile.ts';
import { benchReady, readyProbe, VIEWPORT } from './support/measure.ts';
import { FORM_SCREEN, LIST_SCREEN, type Version } from './support/pages.ts';

interface Request {
  url: string;
  start: number;
  firstByte?: number;
  end?: number;
  bytes: number;
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

/** The busy time of each 100 ms of the load, by script: what the main thread did while the requests were under way. */
function printTimeline(profile: CpuProfile, t0: number): void {
  const slots = new Map<number, Map<string, number>>();
  const start = profile.startTime / 1000 - t0 * 1000;
  for (const { frame, ms, at } of samples(profile)) {
    if (frame.functionName === '(idle)') continue;
    const slot = Math.floor((start + at) / 100) * 100;
    const scripts = slots.get(slot) ?? new Map<string, number>();
    const file = frame.url.split('/').pop() || frame.functionName;
    scripts.set(file, (scripts.get(file) ?? 0) + ms);
    slots.set(slot, scripts);
  }
  console.log('main thread busy per 100 ms (ms since navigation: busy ms, top scripts):');
  for (const [slot, scripts] of [...slots].sort((a, b) => a[0] - b[0])) {
    const busy = [...scripts.values()].reduce((a, b) => a + b, 0);
    const top = [...scripts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f, t]) => `${f} ${t.toFixed(0)}`);
    console.log(`  ${String(slot).padStart(5)}: ${busy.toFixed(0).padStart(3)}  ${top.join(', ')}`);
  }
}

const { browser, server, session } = await benchApp();
try {
  for (let run = -1; run < runs; run++) {
    const context = await browser.newContext({ viewport: VIEWPORT, storageState: session });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    const stopProfile = await startCpuProfile(cdp, 200);
    const { requests, origin } = recordNetwork(cdp);
    await page.addInitScript(readyProbe(screen[version].ready));
    await page.goto(server.url + screen[version].path, { waitUntil: 'commit' });
    const ready = await benchReady(page);
    const profile = await stopProfile();
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
    printTimeline(profile, t0);
    printProfile(profile); (await import("node:fs")).writeFileSync(`/tmp/prof-${version}-${run}.cpuprofile`, JSON.stringify(profile));
  }
} finally {
  await closeBenchApp();
}
