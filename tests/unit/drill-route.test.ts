import { describe, expect, it } from 'vitest';
import { drillHref, drillTargetFrom } from '../../src/engine/drillRoute.ts';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';

/** A report figure's drill-down as an address (a report page's drillRoute), and the lint of drill pages. */
const corrupted = lintsCorrupted();
const ROUTE = '/executive-statistics-detail/:id';

describe('drill routes', () => {
  it("carry the figure's group, filters and measure there and back", () => {
    const target = { title: '翠湖天地 · 超时数', query: { groupBy: 'project', dateRange: ['2026-11-01', '2026-11-30'], project_id: 4, filters: { template_id: 7 } }, key: 4, measure: 'overdue' };
    const href = drillHref(ROUTE, target);
    expect(href.startsWith('/executive-statistics-detail/4?')).toBe(true);
    const url = new URL(href, 'http://x');
    const back = drillTargetFrom(url.pathname.split('/').pop(), url.searchParams, '明细');
    expect(back).toEqual({ ...target, pivotKey: undefined, query: { ...target.query, pivotBy: undefined } });
  });

  it('keep the unfilled group, a day group and a pivot cell apart', () => {
    const none = new URL(drillHref(ROUTE, { title: 't', query: { groupBy: 'assignee' }, key: null }), 'http://x');
    expect(drillTargetFrom(decodeURIComponent(none.pathname.split('/').pop()!), none.searchParams, '').key).toBeNull();
    const day = new URL(drillHref(ROUTE, { title: 't', query: { groupBy: 'day', pivotBy: 'project' }, key: '2026-11-28', pivotKey: 5 }), 'http://x');
    const back = drillTargetFrom(decodeURIComponent(day.pathname.split('/').pop()!), day.searchParams, '');
    expect([back.key, back.pivotKey, back.query.pivotBy]).toEqual(['2026-11-28', 5, 'project']);
  });
});

describe('schema lint: drill pages', () => {
  it('refuses a drill page over a report without a drill-down, or without :id', () => {
    const file = 'templates/pages/executive-statistics-detail.json';
    expect(corrupted(file, (doc) => (doc.report = 'nothing'))).toContain(`${file}#/report: no report "nothing" under schemas/<module>/reports/`);
    expect(corrupted('templates/reports/work-task-summary.json', (doc) => delete doc.drill)).toContain(`${file}#/report: report "workTaskSummary" has no "drill"; declare its drill-down columns`);
  });

  it("refuses a report page's drillRoute that is not a drill page of its report", () => {
    const file = 'templates/pages/execution-manager-execution-analysis.json';
    expect(corrupted(file, (doc) => (doc.drillRoute = '/execution-manager/task'))).toEqual([`${file}#/drillRoute: "/execution-manager/task" is not the route of a drill page`]);
  });
});
