import { describe, expect, it } from 'vitest';
import { childTabProblems } from '../../server/engine/detailTabsCheck.ts';
import type { ChildListTab, ResourceDef } from '../../src/shared/schemaTypes.ts';

// The schema lint's check of a detail page's child-list tab, over small in-memory resources
// (issue 43: the mutation run's tests for server/engine/detailTabsCheck.ts).
const attendance = {
  name: 'attendance',
  permissions: { view: 'training:view' },
  fields: {
    training_id: { type: 'integer', ref: 'training', filter: 'eq' },
    lecturer_id: { type: 'integer', ref: 'staff', filter: 'eq' },
    staff_id: { type: 'integer', ref: 'staff' },
    score: { type: 'number' },
    hours: { type: 'string', ref: 'training', filter: 'eq' },
    loose_id: { type: 'integer', ref: 'training' },
    any_id: { type: 'integer', ref: 'training', filter: 'in' },
  },
  computed: { passed: {} },
};
const hidden = { name: 'hidden', permissions: {}, fields: attendance.fields };
const resources = new Map([['attendance', attendance], ['hidden', hidden]] as unknown as [string, ResourceDef][]);
const tab = (more: object = {}) => ({ title: '签到', resource: 'attendance', by: 'training_id', columns: [], ...more }) as ChildListTab;
const problems = (more: object = {}) => childTabProblems(tab(more), 'training', resources);
const notLink = (by: string, resource = 'attendance') =>
  `"${by}" must be an integer field of "${resource}" with "ref": "training" and "filter": "eq" (the record its children belong to)`;

describe("a detail page's child-list tab", () => {
  it('a listable child, linked by an integer reference filtered by equality, with its own columns: no problem', () => {
    const columns = ['score', 'score.value', 'passed', 'staff_id_label', 'id', 'enabled', 'project_id', 'project_name', 'created_by', 'created_at', 'updated_at', 'state_at'].map((field) => ({ field, title: field }));
    expect(problems({ columns })).toEqual([]);
  });

  it('a resource no schema declares, and nothing else said', () => {
    expect(problems({ resource: 'no_such', by: 'nothing', columns: [{ field: 'nothing' }] })).toEqual([['/resource', 'no resource "no_such"']]);
  });

  it('a child that cannot be listed', () => {
    expect(problems({ resource: 'hidden' })).toEqual([['/resource', 'resource "hidden" has no "permissions.view", so it cannot be listed']]);
  });

  it('a link field that is missing, of another type, another reference or filter', () => {
    for (const by of ['nothing', 'hours', 'lecturer_id', 'loose_id', 'any_id']) expect(problems({ by })).toEqual([['/by', notLink(by)]]);
  });

  it('columns the child lacks, named by index; a label only of a reference', () => {
    const columns = [{ field: 'score' }, { field: 'nothing' }, { field: 'score_label' }, { field: 'nothing_label' }, { field: 'nothing.value' }, { field: '_label' }, { field: 'staff_id_names' }];
    expect(problems({ columns })).toEqual([
      ['/columns/1/field', '"nothing" is not a field of resource "attendance"'],
      ['/columns/2/field', '"score_label" is not a field of resource "attendance"'],
      ['/columns/3/field', '"nothing_label" is not a field of resource "attendance"'],
      ['/columns/4/field', '"nothing.value" is not a field of resource "attendance"'],
      ['/columns/5/field', '"_label" is not a field of resource "attendance"'],
      ['/columns/6/field', '"staff_id_names" is not a field of resource "attendance"'],
    ]);
  });

  it('every problem of one tab together', () => {
    expect(problems({ resource: 'hidden', by: 'staff_id', columns: [{ field: 'nothing' }] })).toEqual([
      ['/resource', 'resource "hidden" has no "permissions.view", so it cannot be listed'],
      ['/by', notLink('staff_id', 'hidden')],
      ['/columns/0/field', '"nothing" is not a field of resource "hidden"'],
    ]);
  });
});
