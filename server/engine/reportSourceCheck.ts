import type { ReportDef, ResourceDef } from '../../src/shared/schemaTypes.ts';
import { checkReportExpressions } from './reportCheck.ts';
import { isColumn } from './tables.ts';

/** Tables of the core that reports may count (the rest are resources). */
const CORE_SOURCES = new Set(['work_order', 'customer', 'house', 'building', 'org', 'staff', 'login_log', 'tbp_task', 'tbp_record', 'tbp_point', 'tbp_plan', 'tbp_classify']);

/**
 * What the lint says of a report's source and the columns it reads, as [JSON pointer, message]:
 * the source is a resource or a core table; its date, project, filter, dimension and measure
 * columns are columns of it; a measure has the value its aggregate needs. A column the source
 * lacks would answer 500 at the first query; a core table without a resource is checked by
 * SQLite only. Then its expressions (reportCheck.ts), with the same column check.
 */
export function reportSourceProblems(r: ReportDef, resourceOf: (name: string) => ResourceDef | undefined): [string, string][] {
  const problems: [string, string][] = [];
  const report = (pointer: string, message: string) => void problems.push([pointer, message]);
  const isTable = (name: string) => Boolean(resourceOf(name)) || CORE_SOURCES.has(name);
  if (!isTable(r.source)) report('/source', `no resource or core table "${r.source}" (core tables: ${[...CORE_SOURCES].join(', ')})`);
  /** A column of `table` (the report's source by default). */
  const column = (pointer: string, name: string | undefined, table = r.source) => {
    const of = resourceOf(table);
    if (name !== undefined && of && !isColumn(of, name)) report(pointer, `"${name}" is not a column of "${table}"; use one of its fields`);
  };
  column('/dateField', r.dateField);
  column('/projectField', r.projectField);
  r.filters?.forEach((f, i) => column(`/filters/${i}`, f));
  r.dimensions.forEach((d, i) => column(`/dimensions/${i}/field`, d.field));
  r.measures.forEach((m, i) => {
    if (m.agg !== 'count' && m.agg !== 'rate' && m.agg !== 'ratio' && !m.field && !m.duration) report(`/measures/${i}/field`, `"${m.agg}" needs "field", the column it aggregates`);
    if (m.agg === 'rate' && !m.where) report(`/measures/${i}/where`, 'a rate needs "where", the rows it counts');
    // A measure of another source (`from`) is checked against that source, and a measure's
    // condition like the report's, by checkReportExpressions below.
    if (!m.from) column(`/measures/${i}/field`, m.field);
  });
  checkReportExpressions(r, report, column, isTable, resourceOf);
  return problems;
}
