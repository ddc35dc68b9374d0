// `npx tsx bench/hintsOverNetwork.ts [list|form] [latency ms] [runs]`: what the first-screen hints
// (server/platform/http/firstScreen.ts) save on a cold load over a network with latency, which loopback
// hides: the bench screen loaded cold with the build's hints and without them (the build's hints
// file set aside), in turn, over chromium's emulated network (default 100 ms round trip, 20 Mbit/s
// down). Prints the median of each and every run's figure.
import fs from 'node:fs';
import path from 'node:path';
import { benchApp, closeBenchApp } from './support/benchApp.ts';
import { benchReady, median, readyProbe, VIEWPORT } from './support/measure.ts';
import { FORM_SCREEN, LIST_SCREEN } from './support/pages.ts';

const screen = (process.argv[2] === 'form' ? FORM_SCREEN : LIST_SCREEN).ours;
const latency = Number(process.argv[3] ?? 100);
const runs = Number(process.argv[4] ?? 5);

const { browser, server, session, webRoot } = await benchApp();
const hints = path.join(webRoot, '.vite/first-screens.json');
const setAside = `${hints}.set-aside`;

async function coldLoad(withHints: boolean): Promise<number> {
  if (withHints !== fs.existsSync(hints)) fs.renameSync(withHints ? setAside : hints, withHints ? hints : setAside);
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: session });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: 20e6 / 8, uploadThroughput: 10e6 / 8 });
    await page.addInitScript(readyProbe(screen.ready));
    await page.goto(server.url + screen.path, { waitUntil: 'commit' });
    return await benchReady(page);
  } finally {
    await context.close();
  }
}

const times = { with: [] as number[], without: [] as number[] };
try {
  for (let run = -1; run < runs; run++) {
    const [a, b] = [await coldLoad(true), await coldLoad(false)];
    if (run < 0) continue;
    times.with.push(a);
    times.without.push(b);
  }
} finally {
  if (fs.existsSync(setAside)) fs.renameSync(setAside, hints);
  await closeBenchApp();
}
console.log(`${screen.path}, cold, ${latency} ms round trip (ms to the screen):`);
for (const [name, t] of Object.entries(times)) console.log(`  ${name.padEnd(8)} hints: median ${median(t).toFixed(0)}  (${t.map((x) => x.toFixed(0)).join(' ')})`);
