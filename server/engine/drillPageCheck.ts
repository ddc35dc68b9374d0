import type { PageSchema, ReportDef, ReportPage } from '../../src/shared/schemaTypes.ts';

type Problem = [pointer: string, message: string];

/**
 * A drill page must read a report that has a drill-down, and own `:id` (the group); a report page's
 * `drillRoute` must be a drill page of the same report, or its figures would open nothing.
 */
export function drillPageProblems(route: string, report: ReportDef | undefined, name: string): Problem[] {
  if (!report) return [['/report', `no report "${name}" under schemas/<module>/reports/`]];
  const problems: Problem[] = [];
  if (!report.drill) problems.push(['/report', `report "${name}" has no "drill"; declare its drill-down columns`]);
  if (!route.includes(':id')) problems.push(['/route', 'a drill page names its group by ":id" in its route']);
  return problems;
}

export function drillRouteProblems(page: ReportPage, report: ReportDef, target: PageSchema | undefined): Problem[] {
  if (!page.drillRoute) return [];
  if (target?.kind !== 'drill') return [['/drillRoute', `"${page.drillRoute}" is not the route of a drill page`]];
  if (target.report !== report.name) return [['/drillRoute', `the drill page "${page.drillRoute}" reads report "${target.report}", not "${report.name}"`]];
  return [];
}
