import { describe, expect, it } from 'vitest';
import { relatedProblems } from '../../server/engine/relatedCheck.ts';
import type { ResourceDef } from '../../src/shared/schemaTypes.ts';

// The schema lint's cross-check of related columns and filters between resources, over small
// in-memory resources (issue 43: the mutation run's tests for server/engine/relatedCheck.ts).
const house = {
  name: 'house',
  permissions: {},
  fields: {
    name: { type: 'string' },
    area: { type: 'number' },
    remark: { type: 'text' },
    owner_mobile: { type: 'string', mask: 'mobile' },
    tags: { type: 'json', ref: 'tag', through: { table: 'house_tag', from: 'house_id', to: 'tag_id' } },
    photos: { type: 'json' },
    building_id: { type: 'integer', ref: 'building' },
  },
};
const order = {
  name: 'order',
  permissions: {},
  fields: {
    title: { type: 'string' },
    house_id: { type: 'integer', ref: 'house' },
    parent_id: { type: 'integer', ref: 'order' },
    tag_ids: { type: 'json', ref: 'house', through: { table: 'order_house', from: 'order_id', to: 'house_id' } },
    note: { type: 'text' },
  },
  computed: { waited: {} },
};
const resources = new Map([['house', house], ['order', order]] as unknown as [string, ResourceDef][]);
const problems = (more: object) => relatedProblems({ ...order, ...more } as unknown as ResourceDef, resources);

describe('related columns', () => {
  it('a column of the referenced resource, sorted and filtered as it allows: no problem', () => {
    expect(problems({ related: { house_name: { title: '房屋', via: 'house_id', field: 'name', sortable: true, filter: 'like' }, house_area: { title: '面积', via: 'house_id', field: 'area', filter: 'eq' }, house_at: { title: '建档', via: 'house_id', field: 'created_at' }, house_photos: { title: '照片', via: 'house_id', field: 'photos' } } })).toEqual([]);
    expect(problems({})).toEqual([]);
  });
  it('a name the resource already uses', () => {
    const taken = (n: string) => [`/related/${n}`, `"${n}" is already a field, system or computed column of this resource; give the related column its own name`];
    expect(problems({ related: { title: { title: 't', via: 'house_id', field: 'name' }, created_at: { title: 't', via: 'house_id', field: 'name' }, waited: { title: 't', via: 'house_id', field: 'name' } } })).toEqual([taken('title'), taken('created_at'), taken('waited')]);
    const column = { title: 't', via: 'house_id', field: 'name' };
    const system = ['id', 'enabled', 'project_id', 'created_by', 'created_at', 'updated_at', 'state_at'];
    expect(problems({ related: Object.fromEntries(system.map((n) => [n, column])) })).toEqual(system.map(taken));
    // The same names are columns of either side of a related filter's match.
    expect(problems({ relatedFilters: { f: { title: 'f', resource: 'house', match: Object.fromEntries(system.map((n) => [n, n])) } } })).toEqual([]);
  });
  it('reached through a reference to another resource, never a many-to-many link', () => {
    const via = (v: string) => ['/related/x/via', `"${v}" must be a field of this resource whose "ref" names a resource (not a many-to-many link)`];
    expect(problems({ related: { x: { title: 'x', via: 'note', field: 'name' } } })).toEqual([via('note')]);
    expect(problems({ related: { x: { title: 'x', via: 'missing_id', field: 'name' } } })).toEqual([via('missing_id')]);
    expect(problems({ related: { x: { title: 'x', via: 'tag_ids', field: 'name' } } })).toEqual([via('tag_ids')]);
    expect(relatedProblems({ ...order, fields: { ...order.fields, site_id: { type: 'integer', ref: 'site' } }, related: { x: { title: 'x', via: 'site_id', field: 'name' } } } as unknown as ResourceDef, resources)).toEqual([via('site_id')]);
    expect(problems({ related: { x: { title: 'x', via: 'parent_id', field: 'title' } } })).toEqual([['/related/x/via', 'a related column reads another resource; a record of the same resource is read by its own screen']]);
  });
  it('a field of the target that it may show, sort and filter', () => {
    const at = (name: string, key = 'field') => `/related/${name}/${key}`;
    expect(
      problems({
        related: {
          a: { title: 'a', via: 'house_id', field: 'nmae' },
          b: { title: 'b', via: 'house_id', field: 'owner_mobile' },
          c: { title: 'c', via: 'house_id', field: 'tags' },
          d: { title: 'd', via: 'house_id', field: 'photos', sortable: true },
          e: { title: 'e', via: 'house_id', field: 'photos', filter: 'eq', sortable: true },
          f: { title: 'f', via: 'house_id', field: 'area', filter: 'like' },
          g: { title: 'g', via: 'house_id', field: 'building_id', filter: 'like' },
        },
      }),
    ).toEqual([
      [at('a'), '"nmae" is not a field of resource "house"'],
      [at('b'), '"owner_mobile" of "house" is personal data (masked); a related column never shows it'],
      [at('c'), '"tags" of "house" is a many-to-many link; read it on that resource\'s own screen'],
      [at('d', 'sortable'), '"photos" of "house" is a JSON value; it neither sorts nor filters'],
      [at('e', 'filter'), '"photos" of "house" is a JSON value; it neither sorts nor filters'],
      [at('f', 'filter'), '"like" searches text; "area" of "house" is number, filter it by "eq"'],
      [at('g', 'filter'), '"like" searches text; "building_id" of "house" is integer, filter it by "eq"'],
    ]);
    expect(problems({ related: { h: { title: 'h', via: 'house_id', field: 'id', filter: 'like' }, i: { title: 'i', via: 'house_id', field: 'remark', filter: 'like' } } })).toEqual([]);
  });
});

describe('related filters', () => {
  it('a match and conditions over columns of both resources: no problem', () => {
    expect(problems({ relatedFilters: { has_big: { title: '大房', resource: 'house', match: { id: 'house_id', enabled: 'enabled' }, where: [{ field: 'area' }, { field: 'created_by' }] } } })).toEqual([]);
  });
  it('a name the resource already uses, as a field, system or computed column or related column', () => {
    const taken = (n: string) => [`/relatedFilters/${n}`, `"${n}" is already a field or column of this resource; give the filter its own name`];
    const filter = { title: 'f', resource: 'house', match: {} };
    expect(problems({ related: { house_name: { title: '房屋', via: 'house_id', field: 'name' } }, relatedFilters: { title: filter, id: filter, waited: filter, house_name: filter } })).toEqual([taken('title'), taken('id'), taken('waited'), taken('house_name')]);
  });
  it('another resource that exists', () => {
    expect(problems({ relatedFilters: { f: { title: 'f', resource: 'site', match: { id: 'nowhere' } } } })).toEqual([['/relatedFilters/f/resource', 'no resource "site"']]);
    expect(problems({ relatedFilters: { f: { title: 'f', resource: 'order', match: {} } } })).toEqual([['/relatedFilters/f/resource', 'a related filter looks at another resource']]);
  });
  it('columns that exist on each side of the match and in the conditions', () => {
    expect(problems({ relatedFilters: { f: { title: 'f', resource: 'house', match: { house: 'house_id', id: 'home_id' }, where: [{ field: 'area' }, { field: 'size' }] } } })).toEqual([
      ['/relatedFilters/f/match/house', '"house" is not a field of resource "house"'],
      ['/relatedFilters/f/match/id', '"home_id" is not a field of this resource'],
      ['/relatedFilters/f/where/1/field', '"size" is not a field of resource "house"'],
    ]);
  });
});
