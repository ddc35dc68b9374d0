// Chromium traces over CDP, for the profiling scripts and the suites that count long tasks.
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

/** Starts tracing `categories`; the answer ends the trace and gives its events. */
export async function startTrace(cdp: CDPSession, categories: string): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  return async () => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

/** The complete events of the page's renderer main thread (the one that ran `mark`, a performance mark of the page). */
export function mainThreadEvents(events: TraceEvent[], mark: string): TraceEvent[] {
  const pid = events.find((e) => e.name === mark)?.pid;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid)!;
  return events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur);
}

/** The `ts` of each `mark` of the page, in order. */
export const markTimes = (events: TraceEvent[], mark: string): number[] =>
  events
    .filter((e) => e.name === mark)
    .map((e) => e.ts)
    .sort((a, b) => a - b);

/** Self thread time of each event: its own minus its children's (events on one thread nest), and its parents, outermost first. */
export function withSelfTime(events: TraceEvent[]): (TraceEvent & { self: number; parents: string[] })[] {
  const sorted = events.map((e) => ({ ...e, self: e.tdur ?? 0, parents: [] as string[] })).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: typeof sorted = [];
  for (const e of sorted) {
    while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.self -= e.tdur ?? 0;
    e.parents = stack.map((p) => p.name);
    stack.push(e);
  }
  return sorted;
}
