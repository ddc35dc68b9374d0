import { describe, expect, it } from 'vitest';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';

/** The lint of report measures over a second source (`from`), on corrupted copies of schemas/. */
const REPORT = 'customers/reports/customer-statistics.json';
const corrupted = lintsCorrupted();

const houses = (from: Record<string, unknown> = {}) => ({
  name: 'houses',
  title: '房屋数',
  agg: 'count',
  from: { source: 'house', projectField: 'project_id', keys: { project: 'project_id' }, filters: { status: 'status' }, ...from },
});

describe('schema lint: measures of another source', () => {
  it('accepts households ÷ houses when every dimension and filter is mapped', () => {
    const errors = corrupted(REPORT, (doc) => {
      doc.dimensions = doc.dimensions.slice(0, 1);
      doc.measures.push(houses(), { name: 'occupancy', title: '入住率', agg: 'ratio', numerator: 'households', denominator: 'houses' });
    });
    expect(errors).toEqual([]);
  });

  it('refuses an unscoped, unmapped or misnamed second source, and one that orders the groups', () => {
    const errors = corrupted(REPORT, (doc) => {
      doc.dimensions = doc.dimensions.slice(0, 2);
      doc.measures.push(houses({ projectField: undefined, keys: { project: 'project_id', street: 'street_id' }, filters: {} }));
      doc.measures.push({ ...houses({ dateField: 'handed_at', keys: { project: 'project_id', kind: 'unit_no' } }), name: 'area', agg: 'sum', field: 'acreage' });
      doc.measures.push({ name: 'nowhere', title: '无', agg: 'count', from: { source: 'no_table', keys: {} } });
    });
    const n = 9;
    expect(errors).toEqual([
      `${REPORT}#/measures/${n}/from/projectField: "house" is read within the caller's data scope; name its project column ("projectField")`,
      `${REPORT}#/measures/${n}/from/keys: the report may be grouped by "kind"; name the column of "house" that holds it`,
      `${REPORT}#/measures/${n}/from/keys/street: "street" is not a dimension of this report`,
      `${REPORT}#/measures/${n}/from/filters: the report filters on "status"; name the column of "house" filtered alike`,
      `${REPORT}#/measures/${n + 1}/from/dateField: "handed_at" is not a column of "house"; use one of its fields`,
      `${REPORT}#/measures/${n + 1}/field: "acreage" is not a column of "house"; use one of its fields`,
      `${REPORT}#/measures/${n + 2}/from/source: no resource or core table "no_table"`,
    ]);
    expect(corrupted(REPORT, (doc) => doc.measures.unshift(houses({ keys: Object.fromEntries(doc.dimensions.map((d: { name: string }) => [d.name, 'project_id'])) })))).toEqual([
      `${REPORT}#/measures/0/from: the first measure orders the groups of the source itself; put a measure of the source first`,
    ]);
  });
});
