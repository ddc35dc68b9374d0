import { describe, expect, it } from 'vitest';
import { checkReportExpressions, checkReportPage } from '../../server/engine/reportCheck.ts';
import type { ReportDef, ReportPage, ResourceDef } from '../../src/shared/schemaTypes.ts';

// The schema lint's checks of a report's expressions (conditions, durations, ratios, references,
// drill-down, definitions, measures over another source) and of its page's pivot, over small
// in-memory schemas (issue 43: the mutation run's tests for server/engine/reportCheck.ts).
const COLUMNS: Record<string, string[]> = {
  order: ['id', 'project_id', 'state', 'house_id', 'opened_at', 'closed_at', 'fee', 'phone', 'kind'],
  house: ['id', 'project_id', 'building_id', 'area', 'handed_at', 'status', 'kind'],
  building: ['id', 'name'],
  staff: ['id', 'name'],
};
const resources: Record<string, object> = {
  order: { name: 'order', scope: 'project', fields: { phone: { type: 'string', mask: 'mobile' }, fee: { type: 'number' } } },
  house: { name: 'house', scope: 'project', fields: {} },
  building: { name: 'building', fields: {} },
};

/** The problems of a report, each [pointer, message]; the column check is the lint's, over COLUMNS. */
function problems(more: object): [string, string][] {
  const out: [string, string][] = [];
  const report = (pointer: string, message: string) => void out.push([pointer, message]);
  const r = { name: 'orders', source: 'order', dimensions: [{ name: 'project', field: 'project_id' }], measures: [{ name: 'total', agg: 'count' }], ...more } as unknown as ReportDef;
  const column = (pointer: string, name: string | undefined, table = r.source) => {
    if (name !== undefined && !COLUMNS[table]!.includes(name)) report(pointer, `"${name}" is not a column of "${table}"`);
  };
  checkReportExpressions(r, report, column, (t) => t in COLUMNS, (t) => resources[t] as ResourceDef | undefined);
  return out;
}
const total = { name: 'total', agg: 'count' };
const noColumn = (name: string, table = 'order') => `"${name}" is not a column of "${table}"`;

describe('report conditions', () => {
  it('each kind of test on columns of the source, or of a table reached through one: no problem', () => {
    const where = [{ field: 'state', equals: 'open' }, { field: 'state', in: ['a'] }, { field: 'state', notIn: ['a'] }, { field: 'closed_at', isNull: true }, { field: 'closed_at', notAfter: 'opened_at' }, { field: 'closed_at', after: 'opened_at' }, { field: 'house_id', via: { table: 'house', field: 'status' }, equals: 'sold' }];
    expect(problems({ where })).toEqual([]);
  });

  it('columns the source lacks, a condition without a test, a table no schema declares', () => {
    expect(problems({ where: [{ field: 'nothing', notAfter: 'never', after: 'none' }, { field: 'state' }, { field: 'house_id', via: { table: 'no_table', field: 'x' }, equals: 1 }, { field: 'house_id', via: { table: 'house', field: 'nothing' }, isNull: false }] })).toEqual([
      ['/where/0/field', noColumn('nothing')],
      ['/where/0/notAfter', noColumn('never')],
      ['/where/0/after', noColumn('none')],
      ['/where/1', 'a condition needs a test: equals, in, notIn, isNull, notAfter or after'],
      ['/where/2/via/table', 'no resource or core table "no_table"'],
      ['/where/3/via/field', noColumn('nothing', 'house')],
    ]);
  });

  it('a comparison between columns reads the row itself, not a table reached through it', () => {
    const via = { table: 'house', field: 'handed_at' };
    expect(problems({ where: [{ field: 'closed_at', via, notAfter: 'opened_at' }, { field: 'closed_at', via, after: 'opened_at' }] })).toEqual([
      ['/where/0/via', 'a comparison with another column ("notAfter", "after") reads this row\'s columns only; drop "via"'],
      ['/where/1/via', 'a comparison with another column ("notAfter", "after") reads this row\'s columns only; drop "via"'],
    ]);
  });

  it("a measure's condition is checked like the report's", () => {
    expect(problems({ measures: [total, { name: 'late', agg: 'rate', where: { field: 'nothing' } }] })).toEqual([
      ['/measures/1/where/field', noColumn('nothing')],
      ['/measures/1/where', 'a condition needs a test: equals, in, notIn, isNull, notAfter or after'],
    ]);
  });
});

describe('report durations and ratios', () => {
  it('a duration summed, averaged or compared; a ratio of two counted measures: no problem', () => {
    const durations = ['sum', 'avg', 'max', 'min'].map((agg) => ({ name: agg, agg, duration: { from: 'opened_at', to: 'closed_at' } }));
    expect(problems({ measures: [total, ...durations, { name: 'fees', agg: 'sum', field: 'fee' }, { name: 'share', agg: 'ratio', numerator: 'fees', denominator: 'total' }] })).toEqual([]);
  });

  it("a duration's columns, given with a field too, or counted", () => {
    expect(problems({ measures: [total, { name: 'd', agg: 'count', field: 'fee', duration: { from: 'opened', to: 'closed' } }] })).toEqual([
      ['/measures/1/duration/from', noColumn('opened')],
      ['/measures/1/duration/to', noColumn('closed')],
      ['/measures/1/duration', 'give the value either as "field" or as "duration", not both'],
      ['/measures/1/duration', 'a duration is summed, averaged or compared (sum, avg, max, min), not "count"'],
    ]);
  });

  it('a ratio first, without its parts, over unknown measures or ratios, or with a value of its own', () => {
    expect(problems({ measures: [{ name: 'r', agg: 'ratio', numerator: 'total', denominator: 'total' }, total] })).toEqual([['/measures/0', 'the first measure orders the groups, so it cannot be a ratio; put a counted measure first']]);
    const ratios = [total, { name: 'fees', agg: 'sum', field: 'fee' }, { name: 'a', agg: 'ratio' }, { name: 'b', agg: 'ratio', numerator: 'nothing', denominator: 'a', field: 'fee' }];
    expect(problems({ measures: ratios })).toEqual([
      ['/measures/2/numerator', 'a ratio needs "numerator", the name of another measure'],
      ['/measures/2/denominator', 'a ratio needs "denominator", the name of another measure'],
      ['/measures/3/numerator', '"nothing" is not a counted measure of this report; use one of total, fees'],
      ['/measures/3/denominator', '"a" is not a counted measure of this report; use one of total, fees'],
      ['/measures/3', 'a ratio is computed from its two measures only; drop "field", "where" and "duration"'],
    ]);
    const own = { name: 'c', agg: 'ratio', numerator: 'total', denominator: 'total' };
    expect(problems({ measures: [total, { ...own, where: { field: 'state', equals: 1 } }, { ...own, name: 'd', duration: { from: 'opened_at', to: 'closed_at' } }] })).toEqual([
      ['/measures/1', 'a ratio is computed from its two measures only; drop "field", "where" and "duration"'],
      ['/measures/2/duration', 'a duration is summed, averaged or compared (sum, avg, max, min), not "ratio"'],
      ['/measures/2', 'a ratio is computed from its two measures only; drop "field", "where" and "duration"'],
    ]);
  });

  it('a report without measures: no first measure to be a ratio', () => {
    expect(problems({ measures: [] })).toEqual([]);
  });

  it('parts of a ratio on a measure that is not one', () => {
    const parts = '"numerator" and "denominator" belong to a ratio ("agg": "ratio")';
    expect(problems({ measures: [total, { name: 'a', agg: 'count', numerator: 'total' }, { name: 'b', agg: 'count', denominator: 'total' }] })).toEqual([['/measures/1', parts], ['/measures/2', parts]]);
  });
});

describe('report references, drill-down and definitions', () => {
  it('a dimension through a table: its column, a table no schema declares, no bucket', () => {
    const dims = [{ name: 'building', field: 'house_id', via: { table: 'house', field: 'building_id' } }, { name: 'a', field: 'house_id', via: { table: 'house', field: 'nothing' } }, { name: 'b', field: 'house_id', via: { table: 'no_table', field: 'x' }, bucket: 'month' }, { name: 'c', field: 'opened_at', bucket: 'day' }];
    expect(problems({ dimensions: dims })).toEqual([
      ['/dimensions/1/via/field', noColumn('nothing', 'house')],
      ['/dimensions/2/via/table', 'no resource or core table "no_table"'],
      ['/dimensions/2/bucket', 'a day or month bucket groups a datetime column of the source itself; drop "via" or "bucket"'],
    ]);
  });

  it('drill-down columns of the source, no personal data, known label tables', () => {
    const columns = [{ field: 'state' }, { field: 'house_id', labelTable: 'house' }, { field: 'nothing', labelTable: 'no_table' }, { field: 'phone' }];
    expect(problems({ drill: { columns } })).toEqual([
      ['/drill/columns/2/field', noColumn('nothing')],
      ['/drill/columns/2/labelTable', 'no resource or core table "no_table"'],
      ['/drill/columns/3/field', '"phone" is personal data (masked in the resource); a drill-down list shows no personal data'],
    ]);
    expect(problems({ source: 'staff', drill: { columns: [{ field: 'name' }] } }).filter(([p]) => p.startsWith('/drill'))).toEqual([]);
  });

  it('definitions of measures the report has', () => {
    expect(problems({ definitions: { total: '全部工单', nothing: '无' } })).toEqual([['/definitions/nothing', '"nothing" is not a measure of this report']]);
  });
});

describe('a measure over another source', () => {
  const houses = (from: object = {}, more: object = {}) => ({ name: 'houses', agg: 'count', from: { source: 'house', projectField: 'project_id', keys: { project: 'project_id' }, filters: { kind: 'kind' }, ...from }, ...more });
  const scoped = { filters: ['kind'] };

  it('every dimension and filter mapped to its columns, scoped: no problem', () => {
    const area = houses({ dateField: 'handed_at' }, { name: 'area', agg: 'sum', field: 'area', where: { field: 'status', notAfter: 'handed_at', after: 'handed_at' } });
    expect(problems({ ...scoped, measures: [total, houses(), area, houses({}, { name: 'wait', agg: 'avg', duration: { from: 'handed_at', to: 'handed_at' } })] })).toEqual([]);
    // A table without a resource, under a report without a project column, needs none.
    expect(problems({ measures: [total, { name: 'staff', agg: 'count', from: { source: 'staff', keys: { project: 'id' } } }] })).toEqual([]);
  });

  it('one that orders the groups, a ratio over it, a table no schema declares', () => {
    expect(problems({ ...scoped, measures: [houses()] })).toEqual([['/measures/0/from', 'the first measure orders the groups of the source itself; put a measure of the source first']]);
    expect(problems({ ...scoped, measures: [total, houses({}, { name: 'r', agg: 'ratio', numerator: 'total', denominator: 'total' })] })).toEqual([['/measures/1/from', 'a ratio divides two measures, each from its own source; put "from" on them, not on the ratio']]);
    expect(problems({ ...scoped, measures: [total, houses({ source: 'no_table', projectField: 'nothing' }, { field: 'nothing' })] })).toEqual([['/measures/1/from/source', 'no resource or core table "no_table"']]);
  });

  it('columns its source lacks, each named where it is used', () => {
    const bad = houses({ projectField: 'p', dateField: 'd', keys: { project: 'k' }, filters: { kind: 'f' } }, { agg: 'sum', field: 'v', duration: { from: 'a', to: 'b' }, where: { field: 'w', notAfter: 'n', after: 't', via: { table: 'building', field: 'name' } } });
    expect(problems({ ...scoped, measures: [total, bad] })).toEqual([
      ['/measures/1/duration', 'give the value either as "field" or as "duration", not both'],
      ['/measures/1/from/projectField', noColumn('p', 'house')],
      ['/measures/1/from/dateField', noColumn('d', 'house')],
      ['/measures/1/from/keys/project', noColumn('k', 'house')],
      ['/measures/1/from/filters/kind', noColumn('f', 'house')],
      ['/measures/1/field', noColumn('v', 'house')],
      ['/measures/1/duration/from', noColumn('a', 'house')],
      ['/measures/1/duration/to', noColumn('b', 'house')],
      ['/measures/1/where/via', 'a condition on another source reads its own columns only; drop "via"'],
      ['/measures/1/where/field', noColumn('w', 'house')],
      ['/measures/1/where/notAfter', noColumn('n', 'house')],
      ['/measures/1/where/after', noColumn('t', 'house')],
    ]);
  });

  it('rows outside the caller\'s scope: a project column is needed when the report or the source has one', () => {
    const unscoped = (source: string, keys: object) => ({ name: 'x', agg: 'count', from: { source, keys } });
    const needs = (source: string) => [['/measures/1/from/projectField', `"${source}" is read within the caller's data scope; name its project column ("projectField")`]];
    expect(problems({ measures: [total, unscoped('house', { project: 'project_id' })] })).toEqual(needs('house'));
    expect(problems({ projectField: 'project_id', measures: [total, unscoped('building', { project: 'id' })] })).toEqual(needs('building'));
    expect(problems({ measures: [total, unscoped('building', { project: 'id' })] })).toEqual([]);
  });

  it('dimensions and filters left unmapped, and mapped names the report lacks', () => {
    const two = { dimensions: [{ name: 'project', field: 'project_id' }, { name: 'state', field: 'state' }], filters: ['kind', 'state'] };
    expect(problems({ ...two, measures: [total, houses({ keys: { project: 'project_id', street: 'building_id' }, filters: { kind: 'kind', size: 'area' } })] })).toEqual([
      ['/measures/1/from/keys', 'the report may be grouped by "state"; name the column of "house" that holds it'],
      ['/measures/1/from/keys/street', '"street" is not a dimension of this report'],
      ['/measures/1/from/filters', 'the report filters on "state"; name the column of "house" filtered alike'],
      ['/measures/1/from/filters/size', '"size" is not a filter of this report'],
    ]);
    expect(problems({ measures: [total, houses({ filters: undefined })] })).toEqual([]);
    expect(problems({ measures: [total, houses()] })).toEqual([['/measures/1/from/filters/kind', '"kind" is not a filter of this report']]);
    expect(problems({ filters: ['kind'], measures: [total, houses({ filters: undefined })] })).toEqual([['/measures/1/from/filters', 'the report filters on "kind"; name the column of "house" filtered alike']]);
  });
});

describe("a report page's pivot", () => {
  const def = { name: 'orders', measures: [{ name: 'total' }, { name: 'fees' }] } as unknown as ReportDef;
  const check = (more: object) => {
    const out: [string, string][] = [];
    checkReportPage({ kind: 'report', report: 'orders', ...more } as unknown as ReportPage, def, (p, m) => void out.push([p, m]));
    return out;
  };
  it('a pivot of a measure of the report, picked by pivotBy: no problem', () => {
    expect(check({ pivot: { measure: 'fees' }, filters: { pivotBy: {} } })).toEqual([]);
    expect(check({})).toEqual([]);
  });
  it('a pivot of no measure of the report, or pivotBy without a pivot', () => {
    expect(check({ pivot: { measure: 'nothing' } })).toEqual([['/pivot/measure', '"nothing" is not a measure of report "orders"']]);
    expect(check({ filters: { pivotBy: {} } })).toEqual([['/filters/pivotBy', 'a "pivotBy" filter needs "pivot", the measure its cells show']]);
  });
});
