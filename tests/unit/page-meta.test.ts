import { describe, expect, it } from 'vitest';
import { pageMeta } from '../../src/engine/pageMeta.ts';

const form = {
  route: '/demo/form',
  title: '报修单',
  kind: 'form',
  fields: {
    title: { type: 'string', title: '标题', 'x-component': 'Input' },
    when: { type: 'string', title: '预约时间', 'x-component': 'DatePicker' },
    period: { type: 'array', title: '工期', 'x-component': 'DatePicker.RangePicker' },
    items: { type: 'array', 'x-component': 'ArrayItems', items: { type: 'object', properties: { qty: { type: 'number', 'x-component': 'NumberPicker' } } } },
  },
};

describe('page routing meta (src/engine/pageMeta.ts)', () => {
  it("names the lazy field code a form's fields use, nested ones too, each chunk once", () => {
    expect(pageMeta(form as never).lazyFields?.sort()).toEqual(['arrayItems', 'datePicker', 'numberPicker']);
  });

  it('names none for a form of plain fields, nor for other kinds of page, which render without waiting for them', () => {
    expect(pageMeta({ ...form, fields: { title: form.fields.title } } as never).lazyFields).toBeUndefined();
    expect(pageMeta({ ...form, kind: 'list' } as never).lazyFields).toBeUndefined();
  });

  it('keeps only the routing keys of the schema', () => {
    expect(Object.keys(pageMeta(form as never)).sort()).toEqual(['kind', 'lazyFields', 'route', 'title']);
  });
});
