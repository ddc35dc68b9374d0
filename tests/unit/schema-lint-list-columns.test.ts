import { describe, expect, it } from 'vitest';
import { listColumnProblems } from '../../server/engine/listColumnCheck.ts';
import type { Column, ResourceDef } from '../../src/shared/schemaTypes.ts';

// The schema lint's check of a list page's columns over its resource, over a small in-memory
// resource (issue 43: the mutation run's tests for server/engine/listColumnCheck.ts).
const order = {
  name: 'order',
  scope: 'project',
  permissions: {},
  fields: {
    title: { type: 'string', sortable: true },
    fee: { type: 'number' },
    address: { type: 'json' },
    house_id: { type: 'integer', ref: 'house' },
    tags: { type: 'json', enum: { a: { text: 'A' } } },
    kinds: { type: 'json', dict: 'order_kind' },
    photos: { type: 'json' },
    note: { type: 'string' },
  },
  computed: { waited: { sortable: true }, done: {} },
  related: { house_name: { via: 'house_id', field: 'name', sortable: true }, house_area: { via: 'house_id', field: 'area' } },
  lateness: { deadlines: [] },
} as unknown as ResourceDef;
const problems = (columns: object[], resource: object = {}) =>
  columns.flatMap((c, i) => listColumnProblems({ title: '列', ...c } as Column, { ...order, ...resource } as ResourceDef).map(([at, m]) => [`${i}${at}`, m]));
const notField = (field: string) => `"${field}" is not a field of resource "order"`;

describe("a list page's columns", () => {
  it('fields, sub-keys, computed and related columns, system columns, labels and the lateness: no problem', () => {
    const fields = ['title', 'address.city', 'waited', 'house_name', 'lateness', 'id', 'enabled', 'project_id', 'created_by', 'created_at', 'updated_at', 'state_at', 'project_name', 'house_id_label', 'tags_label', 'kinds_label'];
    expect(problems(fields.map((field) => ({ field })))).toEqual([]);
  });

  it('a field the list does not answer', () => {
    const fields = ['nothing', 'nothing.city', 'fee_label', 'photos_label', 'note_label', 'nothing_label', 'house_id_names'];
    expect(problems(fields.map((field) => ({ field })))).toEqual([
      ['0/field', notField('nothing')],
      ['1/field', notField('nothing.city')],
      ['2/field', notField('fee_label')],
      ['3/field', notField('photos_label')],
      ['4/field', notField('note_label')],
      ['5/field', notField('nothing_label')],
      ['6/field', notField('house_id_names')],
    ]);
  });

  it("the project's name only of a project-scoped resource; the lateness only where it is declared", () => {
    expect(problems([{ field: 'project_name' }], { scope: 'global' })).toEqual([['0/field', notField('project_name')]]);
    expect(problems([{ field: 'lateness' }], { lateness: undefined })).toEqual([['0/field', notField('lateness')]]);
    expect(problems([{ field: 'waited' }, { field: 'house_name' }], { computed: undefined, related: undefined })).toEqual([['0/field', notField('waited')], ['1/field', notField('house_name')]]);
  });

  it('sorting only by what the resource sorts by', () => {
    expect(problems([{ field: 'title', sortable: true }, { field: 'waited', sortable: true }, { field: 'house_name', sortable: true }, { field: 'fee' }, { field: 'done' }, { field: 'house_area' }])).toEqual([]);
    expect(problems([{ field: 'fee', sortable: true }, { field: 'done', sortable: true }, { field: 'house_area', sortable: true }])).toEqual([
      ['0/sortable', 'resource "order" does not sort by "fee"; mark the field "sortable"'],
      ['1/sortable', 'resource "order" does not sort by its computed column "done"; mark it "sortable"'],
      ['2/sortable', 'resource "order" does not sort by its related column "house_area"; mark it "sortable"'],
    ]);
  });

  it('"of" names a field or computed column, for a percent or progress cell', () => {
    expect(problems([{ field: 'fee', cell: 'percent', of: 'fee' }, { field: 'fee', cell: 'progress', of: 'waited' }])).toEqual([]);
    expect(problems([{ field: 'fee', cell: 'percent', of: 'nothing' }, { field: 'fee', cell: 'money', of: 'fee' }, { field: 'fee', of: 'nothing' }], { computed: undefined })).toEqual([
      ['0/of', '"nothing" is not a field or computed column of resource "order"'],
      ['1/of', '"of" is the 100 % of a "percent" or "progress" cell only'],
      ['2/of', '"nothing" is not a field or computed column of resource "order"'],
      ['2/of', '"of" is the 100 % of a "percent" or "progress" cell only'],
    ]);
  });

  it('a dict cell names its dictionary', () => {
    expect(problems([{ field: 'note', cell: 'dict', dict: 'order_note' }, { field: 'note', dict: 'x' }])).toEqual([]);
    expect(problems([{ field: 'note', cell: 'dict' }])).toEqual([['0', 'a "dict" cell needs "dict", the dictionary code']]);
  });
});
