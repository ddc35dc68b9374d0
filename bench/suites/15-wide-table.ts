// A table of 10,000 rows and 40 columns: the bench's wide resource declares maxPageSize 10000
// and its list page asks for all its rows at once, so the product renders them in its virtual
// table. The mouse wheel scrolls it through every row and back, and across every column and
// back, a step a frame, while the page records its long tasks (PerformanceObserver) and the
// time between frames, and a trace records the CPU time of each task. Figures: rows the table
// got, the last row reached, long tasks over 50 ms (target 0) by the clock and by CPU time
// (on a shared machine the clock also counts the waits for a core), the longest, frame
// times; and, as facts, what opening such a page costs.
import type { Page } from 'playwright-core';
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { WIDE_COLUMNS, WIDE_ROWS } from '../peers/shared/shape.ts';
import { benchApp } from '../support/benchApp.ts';
import { ROUTES } from '../support/benchSchemas.ts';
import { median, ms, p95, VIEWPORT } from '../support/measure.ts';
import { traceTasks } from '../support/tasks.ts';

/** Wheel steps, in pixels: about 25 rows, or 7 columns, a frame — a fast flick of the wheel. */
const STEP = { y: 1500, x: 1000 };
/** Scrolls through the table and back this many times (the first included: it is what a user meets). */
const SWEEPS = 2;
const LONG = 50;

// The page scripts are strings: tsx would wrap a function with helpers the page does not have
// (and the product's CSP forbids compiling one there, so no waitForFunction either).

/** Starts recording long tasks and frame-to-frame times in window.__scrollProbe. */
const START = `(() => {
  const probe = (window.__scrollProbe = { tasks: [], frames: [], on: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) probe.tasks.push(e.duration); }).observe({ type: 'longtask' });
  let last = performance.now();
  const tick = (now) => { probe.frames.push(now - last); last = now; if (probe.on) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;
const STOP = `(() => { const p = window.__scrollProbe; p.on = false; return { tasks: p.tasks, frames: p.frames.slice(1) }; })()`;

/**
 * After the next frame: how far the rows (antd's virtual holder) and the columns (the header,
 * which the table keeps in step with the body) are scrolled, how far each can go, and the
 * first column's text of the rows in the DOM.
 */
const POSITION = `new Promise((resolve) => requestAnimationFrame(() => {
  const rows = document.querySelector('.ant-table-tbody-virtual-holder');
  const head = document.querySelector('.ant-table-header');
  resolve({
    y: rows.scrollTop, yEnd: rows.scrollHeight - rows.clientHeight,
    x: head.scrollLeft, xEnd: head.scrollWidth - head.clientWidth,
    shown: [...document.querySelectorAll('.ant-table-row > .ant-table-cell:first-child')].map((c) => c.textContent),
  });
}))`;

interface Position {
  y: number;
  yEnd: number;
  x: number;
  xEnd: number;
  shown: string[];
}

/** Wheels along one axis, a step a frame, until the end (forward) or the start; answers where it stopped. */
async function sweep(page: Page, axis: 'x' | 'y', forward: boolean): Promise<Position> {
  const delta = forward ? STEP[axis] : -STEP[axis];
  let at = (await page.evaluate(POSITION)) as Position;
  const done = (p: Position) => (forward ? p[axis] >= p[`${axis}End`] - 1 : p[axis] <= 0);
  // Bounded: twice the steps the distance needs, in case the wheel stops moving the table.
  for (let steps = (2 * at[`${axis}End`]) / STEP[axis] + 10; !done(at) && steps > 0; steps--) {
    await page.mouse.wheel(axis === 'x' ? delta : 0, axis === 'y' ? delta : 0);
    at = (await page.evaluate(POSITION)) as Position;
  }
  return at;
}

export default async (): Promise<VerifyRow[]> => {
  const { browser, server, session } = await benchApp();
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: session });
  const area = '大表格滚动';
  try {
    const page = await context.newPage();
    await page.addInitScript(START);
    const answer = page.waitForResponse((r) => r.url().includes('/benchWide/list'), { timeout: 120_000 });
    await page.goto(server.url + ROUTES.wide);
    const response = await answer;
    const answered = Date.now();
    const body = (await response.json()) as { status: string; message: string; data?: { records: unknown[] } };
    const rows = body.data?.records.length ?? 0;
    const rowsRow: VerifyRow = { area, figure: `rows × ${WIDE_COLUMNS} columns the table got${body.status === '200' ? '' : ` (the list answered ${body.status} ${body.message})`}`, value: rows, target: `= ${WIDE_ROWS}`, ok: rows === WIDE_ROWS };
    if (!rows) return [rowsRow, { area, figure: 'long tasks > 50 ms while scrolling through the table', value: 'n/a: no rows', target: '= 0', ok: false }];
    await page.waitForSelector('.ant-table-tbody-virtual-holder .ant-table-row', { timeout: 120_000 });
    const shownAfter = Date.now() - answered;
    await page.waitForTimeout(1000);
    const opening = (await page.evaluate(STOP)) as { tasks: number[] };

    const box = (await page.locator('.ant-table-tbody-virtual-holder').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.evaluate(START);
    const stopTrace = await traceTasks(page);
    let lastRowSeen = true;
    for (let i = 0; i < SWEEPS; i++) {
      const bottom = await sweep(page, 'y', true);
      lastRowSeen &&= bottom.shown.includes('第1行字段1');
      await sweep(page, 'x', true);
      await sweep(page, 'y', false);
      await sweep(page, 'x', false);
    }
    const { tasks, frames } = (await page.evaluate(STOP)) as { tasks: number[]; frames: number[] };
    const cpu = (await stopTrace()).map((t) => t.cpu);
    const cpuLong = cpu.filter((t) => t > LONG).length;
    return [
      rowsRow,
      { area, figure: `the last row shown after wheeling to the bottom (${SWEEPS} sweeps)`, value: lastRowSeen ? 'yes' : 'no', target: 'yes', ok: lastRowSeen },
      { area, figure: `long tasks > ${LONG} ms while wheeling through all rows and columns and back, ${SWEEPS} times`, value: tasks.length, target: '= 0', ok: tasks.length === 0 },
      { area, figure: 'the longest task while scrolling (ms)', value: ms(Math.max(0, ...tasks)) },
      { area, figure: `the same tasks by CPU time: over ${LONG} ms (the machine's load left out)`, value: cpuLong, target: '= 0', ok: cpuLong === 0 },
      { area, figure: 'the most CPU time of one task while scrolling, p95 of the tasks (ms)', value: `${ms(Math.max(0, ...cpu))}, p95 ${ms(p95(cpu))}` },
      { area, figure: `frame time while scrolling, median / p95 / max (ms; ${frames.length} frames)`, value: `${ms(median(frames))} / ${ms(p95(frames))} / ${ms(Math.max(...frames))}` },
      { area, figure: `opening: ${Math.round((await response.body()).length / 1024 / 102.4) / 10} MB answer, to rows on screen (ms)`, value: shownAfter },
      { area, figure: 'opening: the longest task (ms)', value: ms(Math.max(0, ...opening.tasks)) },
    ];
  } finally {
    await context.close();
  }
};
