import { guardCodes } from '../../src/shared/endpoints.ts';
import type { ChartSection, ReportDef, ResourceDef } from '../../src/shared/schemaTypes.ts';

/**
 * What the lint says of a detail page's chart section, as [JSON pointer under `chart`, message]:
 * the report exists and filters by the named column, the record has the field whose value the
 * filter takes, its permission is a button of the page's screen, the grouping is one of its dimensions and every measure one of its measures.
 */
export function detailChartProblems(chart: ChartSection['chart'], resource: ResourceDef, report: ReportDef | undefined, screenButtons: Set<string>): [string, string][] {
  if (!report) return [['/report', `no report "${chart.report}" under schemas/<module>/reports/`]];
  const problems: [string, string][] = [];
  // The browser knows the buttons of the screen it is on (spec 6): the chart shows when the report's permission is one of them.
  const view = guardCodes(report.permissions.view);
  if (view.length && !view.some((code) => screenButtons.has(code))) problems.push(['/report', `the permission of report "${report.name}" (${view.join(', ')}) is not a button of this page's screen; use a report its viewers hold here, or declare the code in the screen's "buttons"`]);
  if (!(report.filters ?? []).includes(chart.filter)) problems.push(['/filter', `report "${report.name}" does not filter by "${chart.filter}"; use one of its "filters" (${(report.filters ?? []).join(', ') || 'none'}) or add it there`]);
  const by = chart.by ?? 'id';
  if (by !== 'id' && !(by in resource.fields)) problems.push(['/by', `"${by}" is not a field of resource "${resource.name}"`]);
  if (chart.groupBy && !report.dimensions.some((d) => d.name === chart.groupBy)) problems.push(['/groupBy', `"${chart.groupBy}" is not a dimension of report "${report.name}"; use one of ${report.dimensions.map((d) => d.name).join(', ')}`]);
  chart.measures.forEach((m, i) => report.measures.some((x) => x.name === m) || problems.push([`/measures/${i}`, `"${m}" is not a measure of report "${report.name}"; use one of ${report.measures.map((x) => x.name).join(', ')}`]));
  return problems;
}
