// A table of 10,000 rows and 40 columns (one list page of the bench's wide resource): scrolled
// programmatically through all its rows, then across all its columns, while a
// PerformanceObserver counts the long tasks. Figures: rows the table got, long tasks over 50 ms
// (target 0) and the longest.
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { WIDE_COLUMNS, WIDE_ROWS } from '../peers/shared/shape.ts';
import { benchApp } from '../support/benchApp.ts';
import { ROUTES } from '../support/benchSchemas.ts';
import { ms, VIEWPORT } from '../support/measure.ts';

/** In the page: the element that scrolls the table's rows (antd's virtual holder, the table body, or the layout). */
const SCROLL = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask' });
  const table = document.querySelector('.ant-table');
  const scrolls = (e, axis) => e && (axis === 'y' ? e.scrollHeight > e.clientHeight + 1 : e.scrollWidth > e.clientWidth + 1) && /(auto|scroll)/.test(getComputedStyle(e)[axis === 'y' ? 'overflowY' : 'overflowX']);
  const scroller = (axis) => {
    for (let e = table.querySelector('.ant-table-tbody-virtual-holder, .ant-table-body, .ant-table-content'); e; e = e.parentElement) if (scrolls(e, axis)) return e;
    return document.scrollingElement;
  };
  // One step a frame, like a fast wheel or a dragged scroll bar.
  const sweep = (e, axis, step) => new Promise((resolve) => {
    const tick = () => {
      const end = axis === 'y' ? e.scrollHeight - e.clientHeight : e.scrollWidth - e.clientWidth;
      const at = axis === 'y' ? e.scrollTop : e.scrollLeft;
      if (at >= end - 1) return resolve();
      if (axis === 'y') e.scrollTop = Math.min(end, at + step); else e.scrollLeft = Math.min(end, at + step);
      requestAnimationFrame(tick);
    };
    tick();
  });
  return sweep(scroller('y'), 'y', 2000).then(() => sweep(scroller('x'), 'x', 400)).then(() => new Promise((r) => setTimeout(r, 200))).then(() => window.__longTasks);
})()`;

export default async (): Promise<VerifyRow[]> => {
  const { browser, server, session } = await benchApp();
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: session });
  try {
    const page = await context.newPage();
    const answer = page.waitForResponse((r) => r.url().includes('/benchWide/list'), { timeout: 120_000 });
    await page.goto(server.url + ROUTES.wide);
    const body = (await (await answer).json()) as { status: string; message: string; data?: { records: unknown[] } };
    const rows = body.data?.records.length ?? 0;
    const area = '大表格滚动';
    const rowsRow: VerifyRow = { area, figure: `rows × ${WIDE_COLUMNS} columns the table got${body.status === '200' ? '' : ` (the list answered ${body.status} ${body.message})`}`, value: rows, target: `= ${WIDE_ROWS}`, ok: rows === WIDE_ROWS };
    if (!rows) return [rowsRow, { area, figure: 'long tasks > 50 ms while scrolling through the table', value: 'n/a: no rows', target: '= 0', ok: false }];
    await page.waitForSelector('.ant-table-row', { timeout: 120_000 });
    await page.waitForTimeout(500);
    const tasks = (await page.evaluate(SCROLL)) as number[];
    return [
      rowsRow,
      { area, figure: 'long tasks > 50 ms while scrolling through all rows and columns', value: tasks.length, target: '= 0', ok: tasks.length === 0 },
      { area, figure: 'the longest task (ms)', value: ms(Math.max(0, ...tasks)) },
    ];
  } finally {
    await context.close();
  }
};
