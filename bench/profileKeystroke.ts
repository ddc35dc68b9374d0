// `npx tsx bench/profileKeystroke.ts [keys]`: where a keystroke's time goes in suite 12's 200-field
// form. Types into one input with the main thread traced over CDP and prints, per key (from each
// keydown to the end of its next frame), the thread's self time by trace event, and under which
// events the forced style and layout updates ran, and the slowest keys (the p95's) with their events over 0.7 ms.
import { benchApp, closeBenchApp } from './support/benchApp.ts';
import { benchReady, keyProbe, median, readyProbe, VIEWPORT } from './support/measure.ts';
import { FORM_INPUT, FORM_SCREEN } from './support/pages.ts';
import { mainThreadEvents, markTimes, startTrace, withSelfTime } from './support/trace.ts';

const keys = Number(process.argv[2] ?? 40);

const { browser, server, session } = await benchApp();
const context = await browser.newContext({ viewport: VIEWPORT, storageState: session });
try {
  const page = await context.newPage();
  await page.addInitScript(readyProbe(FORM_SCREEN.ours.ready));
  await page.goto(server.url + FORM_SCREEN.ours.path);
  await benchReady(page, 180_000);
  await page.evaluate(keyProbe(true));
  await page.locator(FORM_INPUT.ours(4)).click();
  const stop = await startTrace(await context.newCDPSession(page), 'devtools.timeline,blink.user_timing,blink');
  for (let k = 0; k < keys; k++) {
    await page.keyboard.press(String.fromCharCode(97 + (k % 26)));
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(200);
  const events = await stop();
  const times = (await page.evaluate('window.__keys')) as number[];
  const onMain = withSelfTime(mainThreadEvents(events, 'bench-key'));
  const painted = markTimes(events, 'bench-painted');
  const starts = markTimes(events, 'bench-key');
  const byName = new Map<string, { ms: number; n: number }>();
  const forcedUnder = new Map<string, number>();
  for (const start of starts) {
    const end = painted.find((t) => t > start) ?? start;
    for (const e of onMain.filter((e) => e.ts >= start && e.ts < end)) {
      const entry = byName.get(e.name) ?? { ms: 0, n: 0 };
      entry.ms += e.self / 1000 / starts.length;
      entry.n += 1 / starts.length;
      byName.set(e.name, entry);
      if (e.name === 'Document::UpdateStyleAndLayout') {
        const under = e.parents.slice(0, 6).join(' > ');
        forcedUnder.set(under, (forcedUnder.get(under) ?? 0) + 1 / starts.length);
      }
    }
  }
  console.log(`${times.length} keys, keydown → next paint median ${median(times).toFixed(1)} ms; per key, main thread self time by event:`);
  for (const [name, { ms, n }] of [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) console.log(`  ${ms.toFixed(2).padStart(6)} ms ${n.toFixed(1).padStart(6)} ×  ${name}`);
  console.log('style and layout updates per key, by what asked for them:');
  for (const [under, n] of [...forcedUnder].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${n.toFixed(1).padStart(6)} ×  ${under || '(no traced parent: native work of its own task)'}`);
  // The slowest keys (the p95's): the events of over 0.7 ms, to 6 deep, between their keydown and their paint.
  const slowest = starts.map((start, i) => ({ start, end: painted.find((t) => t > start) ?? start, i })).sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 5);
  for (const { start, end, i } of slowest) {
    console.log(`key ${i}: ${((end - start) / 1000).toFixed(1)} ms to the paint`);
    for (const e of onMain.filter((e) => e.ts >= start - 5000 && e.ts < end && (e.tdur ?? 0) > 700 && e.parents.length < 6)) {
      console.log(`   at ${((e.ts - start) / 1000).toFixed(1).padStart(6)} ${'  '.repeat(e.parents.length)}${e.name}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''} ${((e.tdur ?? 0) / 1000).toFixed(1)} ms (wall ${((e.dur ?? 0) / 1000).toFixed(1)})`);
    }
  }
} finally {
  await context.close();
  await closeBenchApp();
}
