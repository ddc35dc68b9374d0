import { describe, expect, it } from 'vitest';
import { reportSourceProblems } from '../../server/engine/reportSourceCheck.ts';
import type { ReportDef, ResourceDef } from '../../src/shared/schemaTypes.ts';

// The schema lint's check of a report's source and the columns it reads, over small in-memory
// resources (issue 43: the mutation run's tests for server/engine/reportSourceCheck.ts).
const resources: Record<string, object> = {
  order: { name: 'order', scope: 'project', enable: true, workflow: {}, fields: { state: { type: 'string' }, fee: { type: 'number' }, opened_at: { type: 'datetime' }, house_id: { type: 'integer', ref: 'house' }, tags: { type: 'json', ref: 'tag', through: {} } } },
  house: { name: 'house', scope: 'project', fields: { area: { type: 'number' } } },
  building: { name: 'building', fields: { name: { type: 'string' } } },
  // A read-only view: its fields, id and project only.
  order_view: { name: 'order_view', readOnly: true, scope: 'project', fields: { state: { type: 'string' }, tags: { type: 'json', ref: 'tag', through: {} } } },
  global_view: { name: 'global_view', readOnly: true, fields: { state: { type: 'string' } } },
};
const resourceOf = (name: string) => resources[name] as ResourceDef | undefined;
const problems = (more: object) =>
  reportSourceProblems({ name: 'orders', source: 'order', dimensions: [{ name: 'project', field: 'project_id' }], measures: [{ name: 'total', agg: 'count' }], ...more } as unknown as ReportDef, resourceOf);
const noColumn = (name: string, table = 'order') => `"${name}" is not a column of "${table}"; use one of its fields`;

describe("a report's source and its columns", () => {
  it("columns of the resource's table (system columns included), or of a core table: no problem", () => {
    const measures = [{ name: 'total', agg: 'count' }, { name: 'fees', agg: 'sum', field: 'fee' }, { name: 'late', agg: 'rate', where: { field: 'state', equals: 'late' } }, { name: 'r', agg: 'ratio', numerator: 'total', denominator: 'fees' }, { name: 'n', agg: 'distinct', field: 'house_id' }, { name: 'wait', agg: 'avg', duration: { from: 'opened_at', to: 'updated_at' } }];
    const dimensions = ['id', 'enabled', 'project_id', 'created_by', 'created_at', 'updated_at', 'state_at', 'state'].map((field) => ({ name: field, field }));
    expect(problems({ dateField: 'opened_at', projectField: 'project_id', filters: ['state'], dimensions, measures })).toEqual([]);
    expect(problems({ source: 'staff', dateField: 'anything', dimensions: [{ name: 'x', field: 'anything' }] })).toEqual([]);
    expect(problems({ source: 'order_view', dimensions: ['state', 'id', 'project_id'].map((field) => ({ name: field, field })) })).toEqual([]);
  });

  it('a source that is neither a resource nor a core table', () => {
    expect(problems({ source: 'no_table' })).toEqual([['/source', 'no resource or core table "no_table" (core tables: work_order, customer, house, building, org, staff, login_log, tbp_task, tbp_record, tbp_point, tbp_plan, tbp_classify)']]);
  });

  it('columns the source lacks, each named once where it is read', () => {
    expect(problems({ dateField: 'd', projectField: 'p', filters: ['state', 'f'], dimensions: [{ name: 'x', field: 'x' }], measures: [{ name: 'total', agg: 'count' }, { name: 's', agg: 'sum', field: 'v', where: { field: 'w', equals: 1 } }, { name: 't', agg: 'count', field: 'tags' }] })).toEqual([
      ['/dateField', noColumn('d')],
      ['/projectField', noColumn('p')],
      ['/filters/1', noColumn('f')],
      ['/dimensions/0/field', noColumn('x')],
      ['/measures/1/field', noColumn('v')],
      ['/measures/2/field', noColumn('tags')],
      ['/measures/1/where/field', noColumn('w')],
    ]);
  });

  it("a read-only view's columns, and the system columns of a table without them (no enable, workflow or project)", () => {
    const fields = ['created_at', 'tags', 'project_id'];
    expect(problems({ source: 'order_view', dimensions: fields.map((field) => ({ name: field, field })) })).toEqual([
      ['/dimensions/0/field', noColumn('created_at', 'order_view')],
      ['/dimensions/1/field', noColumn('tags', 'order_view')],
    ]);
    expect(problems({ source: 'global_view', dimensions: [{ name: 'p', field: 'project_id' }] })).toEqual([['/dimensions/0/field', noColumn('project_id', 'global_view')]]);
    expect(problems({ source: 'house', dimensions: ['enabled', 'state_at'].map((field) => ({ name: field, field })) })).toEqual([
      ['/dimensions/0/field', noColumn('enabled', 'house')],
      ['/dimensions/1/field', noColumn('state_at', 'house')],
    ]);
    expect(problems({ source: 'building', dimensions: [{ name: 'p', field: 'project_id' }] })).toEqual([['/dimensions/0/field', noColumn('project_id', 'building')]]);
  });

  it('an aggregate without its value, a rate without the rows it counts', () => {
    const measures = ['sum', 'avg', 'max', 'min', 'distinct'].map((agg) => ({ name: agg, agg }));
    expect(problems({ measures: [{ name: 'total', agg: 'count' }, ...measures, { name: 'late', agg: 'rate' }] })).toEqual([
      ...measures.map((m, i) => [`/measures/${i + 1}/field`, `"${m.agg}" needs "field", the column it aggregates`]),
      ['/measures/6/where', 'a rate needs "where", the rows it counts'],
    ]);
  });

  it("a measure of another source is checked against that source's columns", () => {
    const houses = { name: 'area', agg: 'sum', field: 'area', where: { field: 'area', isNull: false }, from: { source: 'house', projectField: 'project_id', keys: { project: 'project_id' } } };
    expect(problems({ measures: [{ name: 'total', agg: 'count' }, houses] })).toEqual([]);
    expect(problems({ measures: [{ name: 'total', agg: 'count' }, { ...houses, field: 'fee' }] })).toEqual([['/measures/1/field', noColumn('fee', 'house')]]);
    expect(problems({ measures: [{ name: 'total', agg: 'count' }, { ...houses, from: { ...houses.from, source: 'staff' }, field: 'anything' }] })).toEqual([]);
  });
});
