// `npx tsx bench/profileRoute.ts [changes] [js]`: where a warm route change's time goes (suite 13's
// change, list → other list). Records the main thread over CDP tracing and prints, per change,
// the time to the 100 rows, the main thread's CPU time until then (thread time, which load from
// other processes inflates far less than wall time) and that time by kind, and the tasks over 1.5 ms.
// With `js`, samples the script instead (V8's profiler) and prints its self time by function per
// change; forced style and layout show there as the script that forced them.
import { closeBenchApp } from './support/benchApp.ts';
import { ROUTES } from './support/benchSchemas.ts';
import { printProfile, startCpuProfile } from './support/cpuProfile.ts';
import { median } from './support/measure.ts';
import { routeChange, warmListPage } from './support/routeChange.ts';
import { mainThreadEvents, markTimes, startTrace, withSelfTime } from './support/trace.ts';

const changes = Number(process.argv[2] ?? 8);
const jsOnly = process.argv[3] === 'js';

const KIND: Record<string, string> = { UpdateLayoutTree: 'style', Layout: 'layout', Paint: 'paint', PrePaint: 'paint', Layerize: 'paint', Commit: 'paint' };

const { page, close } = await warmListPage(3);
try {
  const cdp = await page.context().newCDPSession(page);
  const stop = jsOnly ? await startCpuProfile(cdp, 100) : await startTrace(cdp, 'devtools.timeline,blink.user_timing');
  const times: number[] = [];
  for (let i = 0; i < changes / 2; i++) {
    times.push(await routeChange(page, `${ROUTES.otherList}?run=${i}`));
    times.push(await routeChange(page, `${ROUTES.list}?run=${i}`));
  }
  const recorded = await stop();
  if (Array.isArray(recorded)) {
    const onMain = withSelfTime(mainThreadEvents(recorded, 'bench-change'));
    const cpu: number[] = [];
    markTimes(recorded, 'bench-change').forEach((start, i) => {
      const end = start + times[i]! * 1000;
      const within = onMain.filter((e) => e.ts >= start && e.ts < end);
      const byKind: Record<string, number> = {};
      for (const e of within) byKind[KIND[e.name] ?? 'script'] = (byKind[KIND[e.name] ?? 'script'] ?? 0) + e.self / 1000;
      const total = Object.values(byKind).reduce((a, b) => a + b, 0);
      cpu.push(total);
      console.log(`change ${i}: ${times[i]!.toFixed(0)} ms to rows, main thread ${total.toFixed(0)} ms: ${Object.entries(byKind).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
      for (const e of within.filter((e) => !e.parents.length && (e.tdur ?? 0) > 1500)) {
        const inner = within.filter((x) => x.parents.length && x.ts >= e.ts && x.ts < e.ts + (e.dur ?? 0) && (x.tdur ?? 0) > 1500 && KIND[x.name]);
        const fn = e.args?.data?.functionName;
        console.log(`   at ${((e.ts - start) / 1000).toFixed(0).padStart(4)} ${e.name}${fn ? ` ${fn}` : ''} ${((e.tdur ?? 0) / 1000).toFixed(1)} ms${inner.map((x) => `; ${x.name} ${((x.tdur ?? 0) / 1000).toFixed(1)}`).join('')}`);
      }
    });
    console.log(`median: ${median(times).toFixed(0)} ms to rows, main thread ${median(cpu).toFixed(0)} ms`);
  } else {
    console.log(`median: ${median(times).toFixed(0)} ms to rows (under the profiler); per change:`);
    printProfile(recorded, changes);
  }
} finally {
  await close();
  await closeBenchApp();
}
