import type { ReportCondition, ReportDef, ReportMeasure, ReportPage, ResourceDef } from '../../src/shared/schemaTypes.ts';

// The lint of what reports declare beyond one column and one dimension (issue 31, capability 1):
// expressions, ratios, references, drill-downs and definitions, each refused with where and why.

type Report = (pointer: string, message: string) => void;

/** A measure's `where` as [pointer, condition] pairs: the one condition, or each of an all-of list. */
const eachCondition = (at: string, where: ReportMeasure['where']): [string, ReportCondition][] => (Array.isArray(where) ? where.map((w, i) => [`${at}/${i}`, w]) : where ? [[at, where]] : []);

/** Checks one report definition's expressions; `column` reports a name that is not a column of `table` (the source by default). */
export function checkReportExpressions(r: ReportDef, report: Report, column: (pointer: string, name: string | undefined, table?: string) => void, isTable: (name: string) => boolean, resourceOf: (name: string) => ResourceDef | undefined): void {
  const measures = new Map(r.measures.map((m) => [m.name, m]));
  const condition = (pointer: string, w: ReportCondition) => {
    if (w.via) {
      if (!isTable(w.via.table)) report(`${pointer}/via/table`, `no resource or core table "${w.via.table}"`);
      else column(`${pointer}/via/field`, w.via.field, w.via.table);
      if (w.notAfter || w.after) report(`${pointer}/via`, 'a comparison with another column ("notAfter", "after") reads this row\'s columns only; drop "via"');
    }
    column(`${pointer}/field`, w.field);
    column(`${pointer}/notAfter`, w.notAfter);
    column(`${pointer}/after`, w.after);
    const tests = ['equals', 'in', 'notIn', 'isNull', 'notAfter', 'after'].filter((k) => k in w);
    if (!tests.length) report(pointer, 'a condition needs a test: equals, in, notIn, isNull, notAfter or after');
  };
  (r.where ?? []).forEach((w, i) => condition(`/where/${i}`, w));
  if (r.measures[0]?.agg === 'ratio') report('/measures/0', 'the first measure orders the groups, so it cannot be a ratio; put a counted measure first');
  r.measures.forEach((m, i) => {
    const at = `/measures/${i}`;
    if (Array.isArray(m.where) && !m.where.length) report(`${at}/where`, 'an empty list of conditions counts every row; give at least one condition or drop "where"');
    if (!m.from) for (const [pointer, w] of eachCondition(`${at}/where`, m.where)) condition(pointer, w);
    if (m.duration) {
      if (!m.from) column(`${at}/duration/from`, m.duration.from);
      if (!m.from) column(`${at}/duration/to`, m.duration.to);
      if (m.field) report(`${at}/duration`, 'give the value either as "field" or as "duration", not both');
      if (!['sum', 'avg', 'max', 'min'].includes(m.agg)) report(`${at}/duration`, `a duration is summed, averaged or compared (sum, avg, max, min), not "${m.agg}"`);
    }
    if (m.agg === 'ratio') {
      for (const part of ['numerator', 'denominator'] as const) {
        const other = m[part] ? measures.get(m[part]) : undefined;
        if (!m[part]) report(`${at}/${part}`, `a ratio needs "${part}", the name of another measure`);
        else if (!other || other.agg === 'ratio') report(`${at}/${part}`, `"${m[part]}" is not a counted measure of this report; use one of ${r.measures.filter((x) => x.agg !== 'ratio').map((x) => x.name).join(', ')}`);
      }
      if (m.field || m.where || m.duration) report(at, 'a ratio is computed from its two measures only; drop "field", "where" and "duration"');
    } else if (m.numerator || m.denominator) report(at, '"numerator" and "denominator" belong to a ratio ("agg": "ratio")');
  });
  r.measures.forEach((m, i) => m.from && checkOtherSource(r, m, `/measures/${i}`, report, column, isTable, resourceOf));
  r.dimensions.forEach((d, i) => {
    if (!d.via) return;
    if (!isTable(d.via.table)) report(`/dimensions/${i}/via/table`, `no resource or core table "${d.via.table}"`);
    else column(`/dimensions/${i}/via/field`, d.via.field, d.via.table);
    if (d.bucket) report(`/dimensions/${i}/bucket`, 'a day or month bucket groups a datetime column of the source itself; drop "via" or "bucket"');
  });
  const source = resourceOf(r.source);
  r.drill?.columns.forEach((c, i) => {
    column(`/drill/columns/${i}/field`, c.field);
    if (source?.fields[c.field]?.mask) report(`/drill/columns/${i}/field`, `"${c.field}" is personal data (masked in the resource); a drill-down list shows no personal data`);
    if (c.labelTable && !isTable(c.labelTable)) report(`/drill/columns/${i}/labelTable`, `no resource or core table "${c.labelTable}"`);
  });
  for (const name of Object.keys(r.definitions ?? {})) if (!measures.has(name)) report(`/definitions/${name}`, `"${name}" is not a measure of this report`);
}

/** Checks what a report page asks of its report beyond the measures: the pivot. */
export function checkReportPage(page: ReportPage, def: ReportDef, report: Report): void {
  if (page.pivot && !def.measures.some((m) => m.name === page.pivot!.measure)) report('/pivot/measure', `"${page.pivot.measure}" is not a measure of report "${def.name}"`);
  if (page.filters?.pivotBy && !page.pivot) report('/filters/pivotBy', 'a "pivotBy" filter needs "pivot", the measure its cells show');
}

/** A measure over another source (`from`): its table and columns, every dimension and filter mapped, its rows scoped as the report's. */
function checkOtherSource(r: ReportDef, m: ReportMeasure, at: string, report: Report, column: (pointer: string, name: string | undefined, table?: string) => void, isTable: (name: string) => boolean, resourceOf: (name: string) => ResourceDef | undefined): void {
  const from = m.from!;
  if (m === r.measures[0]) report(`${at}/from`, 'the first measure orders the groups of the source itself; put a measure of the source first');
  if (m.agg === 'ratio') report(`${at}/from`, 'a ratio divides two measures, each from its own source; put "from" on them, not on the ratio');
  if (!isTable(from.source)) return report(`${at}/from/source`, `no resource or core table "${from.source}"`);
  const own = (pointer: string, name: string | undefined) => column(pointer, name, from.source);
  own(`${at}/from/projectField`, from.projectField);
  own(`${at}/from/dateField`, from.dateField);
  // Rows of the other source must follow the caller's data scope as the report's do.
  if (!from.projectField && (r.projectField || resourceOf(from.source)?.scope === 'project')) report(`${at}/from/projectField`, `"${from.source}" is read within the caller's data scope; name its project column ("projectField")`);
  for (const d of r.dimensions) {
    if (!(d.name in from.keys)) report(`${at}/from/keys`, `the report may be grouped by "${d.name}"; name the column of "${from.source}" that holds it`);
  }
  for (const [name, field] of Object.entries(from.keys)) {
    if (!r.dimensions.some((d) => d.name === name)) report(`${at}/from/keys/${name}`, `"${name}" is not a dimension of this report`);
    else own(`${at}/from/keys/${name}`, field);
  }
  for (const f of r.filters ?? []) if (!from.filters?.[f]) report(`${at}/from/filters`, `the report filters on "${f}"; name the column of "${from.source}" filtered alike`);
  for (const [name, field] of Object.entries(from.filters ?? {})) {
    if (!r.filters?.includes(name)) report(`${at}/from/filters/${name}`, `"${name}" is not a filter of this report`);
    else own(`${at}/from/filters/${name}`, field);
  }
  own(`${at}/field`, m.field);
  if (m.duration) (['from', 'to'] as const).forEach((k) => own(`${at}/duration/${k}`, m.duration![k]));
  for (const [pointer, w] of eachCondition(`${at}/where`, m.where)) {
    if (w.via) report(`${pointer}/via`, 'a condition on another source reads its own columns only; drop "via"');
    for (const k of ['field', 'notAfter', 'after'] as const) own(`${pointer}/${k}`, w[k]);
  }
}
