// `npx tsx bench/profileRoute.ts [changes]`: where a warm route change's time goes (suite 13's
// change, list → other list). Records the main thread over CDP tracing and prints, per change,
// the time to the 100 rows, the main thread's CPU time until then (thread time, which load from
// other processes inflates far less than wall time) and that time by kind, and the tasks over 1.5 ms.
import type { CDPSession } from 'playwright-core';
import { closeBenchApp } from './support/benchApp.ts';
import { ROUTES } from './support/benchSchemas.ts';
import { median } from './support/measure.ts';
import { routeChange, warmListPage } from './support/routeChange.ts';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

const changes = Number(process.argv[2] ?? 8);

async function trace(cdp: CDPSession, during: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  await during();
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** Self thread time of each event: its own minus its children's (events on one thread nest). */
function withSelfTime(events: TraceEvent[]): (TraceEvent & { self: number; parent?: string })[] {
  const sorted = events.map((e) => ({ ...e, self: e.tdur ?? 0, parent: undefined as string | undefined })).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: typeof sorted = [];
  for (const e of sorted) {
    while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) {
      parent.self -= e.tdur ?? 0;
      e.parent = parent.name;
    }
    stack.push(e);
  }
  return sorted;
}

const KIND: Record<string, string> = { UpdateLayoutTree: 'style', Layout: 'layout', Paint: 'paint', PrePaint: 'paint', Layerize: 'paint', Commit: 'paint' };

const { page, close } = await warmListPage(3);
try {
  const times: number[] = [];
  const events = await trace(await page.context().newCDPSession(page), async () => {
    for (let i = 0; i < changes / 2; i++) {
      times.push(await routeChange(page, `${ROUTES.otherList}?run=${i}`));
      times.push(await routeChange(page, `${ROUTES.list}?run=${i}`));
    }
  });
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')!;
  const starts = events.filter((e) => e.name === 'bench-change' && e.pid === main.pid).map((e) => e.ts).sort((a, b) => a - b);
  const onMain = withSelfTime(events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur));
  const cpu: number[] = [];
  starts.forEach((start, i) => {
    const end = start + times[i]! * 1000;
    const within = onMain.filter((e) => e.ts >= start && e.ts < end);
    const byKind: Record<string, number> = {};
    for (const e of within) byKind[KIND[e.name] ?? 'script'] = (byKind[KIND[e.name] ?? 'script'] ?? 0) + e.self / 1000;
    const total = Object.values(byKind).reduce((a, b) => a + b, 0);
    cpu.push(total);
    console.log(`change ${i}: ${times[i]!.toFixed(0)} ms to rows, main thread ${total.toFixed(0)} ms: ${Object.entries(byKind).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
    for (const e of within.filter((e) => !e.parent && (e.tdur ?? 0) > 1500)) {
      const inner = within.filter((x) => x.parent && x.ts >= e.ts && x.ts < e.ts + (e.dur ?? 0) && (x.tdur ?? 0) > 1500 && KIND[x.name]);
      const fn = e.args?.data?.functionName;
      console.log(`   at ${((e.ts - start) / 1000).toFixed(0).padStart(4)} ${e.name}${fn ? ` ${fn}` : ''} ${((e.tdur ?? 0) / 1000).toFixed(1)} ms${inner.map((x) => `; ${x.name} ${((x.tdur ?? 0) / 1000).toFixed(1)}`).join('')}`);
    }
  });
  console.log(`median: ${median(times).toFixed(0)} ms to rows, main thread ${median(cpu).toFixed(0)} ms`);
} finally {
  await close();
  await closeBenchApp();
}
