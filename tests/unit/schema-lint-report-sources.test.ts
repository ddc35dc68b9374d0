import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';

/** The lint of report measures over a second source (`from`) and of compound conditions, on corrupted copies of schemas/. */
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

describe('schema lint: a measure counting rows that meet several conditions', () => {
  const SUMMARY = 'templates/reports/work-task-summary.json';
  const onTime = (doc: { measures: { name: string; where?: unknown }[] }) => doc.measures.find((m) => m.name === 'onTime')!;
  const at = (doc: { measures: { name: string }[] }) => doc.measures.findIndex((m) => m.name === 'onTime');
  const n = at(JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../schemas', SUMMARY), 'utf8')));

  it('refuses a column the source lacks, on either side of a comparison', () => {
    const errors = corrupted(SUMMARY, (doc) => (onTime(doc).where = [{ field: 'state', in: ['done'] }, { field: 'finished_at', notAfter: 'deadline' }]));
    expect(errors).toEqual([
      `${SUMMARY}#/measures/${n}/where/0/field: "state" is not a column of "work_task"; use one of its fields`,
      `${SUMMARY}#/measures/${n}/where/1/notAfter: "deadline" is not a column of "work_task"; use one of its fields`,
    ]);
  });

  it('refuses an operator outside the closed set, a condition without a test and an empty list', () => {
    const bad = corrupted(SUMMARY, (doc) => (onTime(doc).where = [{ field: 'status', in: ['done'] }, { field: 'finished_at', before: 'plan_end' }]));
    expect(bad).toContain(`${SUMMARY}#/measures/${n}/where/1: unknown property "before"; check its spelling against the meta-schema`);
    expect(corrupted(SUMMARY, (doc) => (onTime(doc).where = [{ field: 'status', in: ['done'] }, { field: 'finished_at' }]))).toEqual([
      `${SUMMARY}#/measures/${n}/where/1: a condition needs a test: equals, in, notIn, isNull, notAfter or after`,
    ]);
    expect(corrupted(SUMMARY, (doc) => (onTime(doc).where = []))).toEqual([`${SUMMARY}#/measures/${n}/where: an empty list of conditions counts every row; give at least one condition or drop "where"`]);
  });
});
