import { describe, expect, it } from 'vitest';
import { drillPageProblems, drillRouteProblems } from '../../server/engine/drillPageCheck.ts';
import type { PageSchema, ReportDef, ReportPage } from '../../src/shared/schemaTypes.ts';

// The schema lint's check of drill pages and of the report pages that open them, over small
// in-memory schemas (issue 43: the mutation run's tests for server/engine/drillPageCheck.ts).
const orders = { name: 'orders', drill: { columns: [{ field: 'code' }] } } as unknown as ReportDef;
const flat = { name: 'flat' } as unknown as ReportDef;
const drillPage = (report: string) => ({ kind: 'drill', route: '/orders/drill/:id', report }) as unknown as PageSchema;
const reportPage = (drillRoute?: string) => ({ kind: 'report', route: '/orders', report: 'orders', drillRoute }) as unknown as ReportPage;

describe('a drill page', () => {
  it('over a report with a drill-down, its group named by :id: no problem', () => {
    expect(drillPageProblems('/orders/drill/:id', orders, 'orders')).toEqual([]);
  });

  it('over a report no schema declares, and nothing else said', () => {
    expect(drillPageProblems('/orders/drill', undefined, 'no_such')).toEqual([['/report', 'no report "no_such" under schemas/<module>/reports/']]);
  });

  it('over a report without a drill-down, or without :id in its route', () => {
    expect(drillPageProblems('/flat/drill/:id', flat, 'flat')).toEqual([['/report', 'report "flat" has no "drill"; declare its drill-down columns']]);
    expect(drillPageProblems('/flat/drill/id', flat, 'flat')).toEqual([
      ['/report', 'report "flat" has no "drill"; declare its drill-down columns'],
      ['/route', 'a drill page names its group by ":id" in its route'],
    ]);
  });
});

describe("a report page's drillRoute", () => {
  it('none, or a drill page of the same report: no problem', () => {
    expect(drillRouteProblems(reportPage(), orders, undefined)).toEqual([]);
    expect(drillRouteProblems(reportPage('/orders/drill/:id'), orders, drillPage('orders'))).toEqual([]);
  });

  it('a route of no page, or of a page that is not a drill page', () => {
    expect(drillRouteProblems(reportPage('/nowhere/:id'), orders, undefined)).toEqual([['/drillRoute', '"/nowhere/:id" is not the route of a drill page']]);
    const list = { kind: 'list', route: '/orders/list', report: 'orders' } as unknown as PageSchema;
    expect(drillRouteProblems(reportPage('/orders/list'), orders, list)).toEqual([['/drillRoute', '"/orders/list" is not the route of a drill page']]);
  });

  it('a drill page of another report', () => {
    expect(drillRouteProblems(reportPage('/flat/drill/:id'), orders, drillPage('flat'))).toEqual([['/drillRoute', 'the drill page "/flat/drill/:id" reads report "flat", not "orders"']]);
  });
});
