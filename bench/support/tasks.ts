// The page's main-thread tasks from a chromium trace, each with its wall time and the CPU time
// the thread really spent on it. On a machine shared with other work a task's wall time also
// holds the time the thread waited for a core; its CPU time is what the page itself costs.
import type { Page } from 'playwright-core';
import { startTrace } from './trace.ts';

export interface Task {
  /** Milliseconds from start to end. */
  wall: number;
  /** Milliseconds the thread ran. */
  cpu: number;
}

/** The top-level task event, by its name in this chromium and in older ones. */
const TASK_EVENTS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/** Starts tracing the page; the answer stops it and gives the tasks of its renderer's main thread. */
export async function traceTasks(page: Page): Promise<() => Promise<Task[]>> {
  const cdp = await page.context().newCDPSession(page);
  const stop = await startTrace(cdp, 'toplevel,__metadata');
  return async () => {
    const events = await stop();
    await cdp.detach();
    const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const tasks = events.filter((e) => TASK_EVENTS.has(e.name) && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
    // The browser's other renderers (idle pages, workers' processes) add only short tasks; the
    // page's own renderer is the busiest one.
    const busy = new Map<number, number>();
    for (const t of tasks) busy.set(t.pid, (busy.get(t.pid) ?? 0) + (t.dur ?? 0));
    const pid = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
    return tasks.filter((t) => t.pid === pid).map((t) => ({ wall: (t.dur ?? 0) / 1000, cpu: (t.tdur ?? t.dur ?? 0) / 1000 }));
  };
}
