import { describe, expect, it } from 'vitest';
import { needsPosts, projectsReached, rowConditions, rowReach, subtreeOf, type OrgNode } from '../../server/engine/access/dataScope.ts';

// The data-scope rule without a database (issue 43: the mutation run's tests for
// server/engine/access/dataScope.ts; data-scope.test.ts runs the same rule through SQL).
//
//   1 company ─┬─ 2 华东区域 ─┬─ 3 上海片区 ─┬─ 10 翠湖天地 (project)
//              │              │              └─ 11 静安府 (project)
//              │              └─ 5 华东工程部 (department)
//              ├─ 4 华南区域 ─── 12 滨江花园 (project)
//              └─ 13 总部大楼 (project)
const orgs: OrgNode[] = [
  { id: 10, parent_id: 3, type: 'project' },
  { id: 1, parent_id: null, type: 'company' },
  { id: 2, parent_id: 1, type: 'region' },
  { id: 3, parent_id: 2, type: 'area' },
  { id: 5, parent_id: 2, type: 'department' },
  { id: 11, parent_id: 3, type: 'project' },
  { id: 4, parent_id: 1, type: 'region' },
  { id: 12, parent_id: 4, type: 'project' },
  { id: 13, parent_id: 1, type: 'project' },
];
const caller = (orgId: number, dataScopes: string[], id = 7) => ({ id, orgId, dataScopes });
const noPosts = { postOrgs: [], worksIn: [] };
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const reached = (c: ReturnType<typeof caller>, posts: { postOrgs: number[]; worksIn: number[] } = noPosts) => sorted(projectsReached(c, orgs, posts));

describe('an organisation and everything below it', () => {
  it('at any depth, itself included', () => {
    expect(sorted(subtreeOf(orgs, 2))).toEqual([2, 3, 5, 10, 11]);
    expect(sorted(subtreeOf(orgs, 1))).toEqual([1, 2, 3, 4, 5, 10, 11, 12, 13]);
    expect(subtreeOf(orgs, 12)).toEqual([12]);
  });
  it('nothing for an organisation that does not exist, even one named as a parent', () => {
    expect(subtreeOf(orgs, 99)).toEqual([]);
    expect(subtreeOf([{ id: 20, parent_id: 99, type: 'project' }], 99)).toEqual([]);
  });
  it('a cycle in the tree ends the walk', () => {
    const cycle: OrgNode[] = [
      { id: 1, parent_id: 2, type: 'region' },
      { id: 2, parent_id: 1, type: 'area' },
      { id: 3, parent_id: 2, type: 'project' },
    ];
    expect(sorted(subtreeOf(cycle, 1))).toEqual([1, 2, 3]);
  });
});

describe('the projects a data scope reaches', () => {
  it('all: every project, and nothing that is not one', () => {
    expect(reached(caller(5, ['all']))).toEqual([10, 11, 12, 13]);
    expect(reached(caller(5, ['self', 'all']))).toEqual([10, 11, 12, 13]);
  });
  it('organisation and below: the projects under the caller’s organisation at any depth (issue 43, finding 1)', () => {
    expect(reached(caller(2, ['org']))).toEqual([10, 11]);
    expect(reached(caller(4, ['org']))).toEqual([12]);
    expect(reached(caller(10, ['org']))).toEqual([10]);
    expect(reached(caller(5, ['org']))).toEqual([]);
    // Posts count for the scope "project" only.
    expect(reached(caller(4, ['org']), { postOrgs: [10], worksIn: [11] })).toEqual([12]);
  });
  it('project: their own organisation when a project, their posts’ projects and those they work in', () => {
    expect(reached(caller(10, ['project']))).toEqual([10]);
    expect(reached(caller(2, ['project']), { postOrgs: [12, 2], worksIn: [] })).toEqual([12]);
    expect(reached(caller(2, ['project']), { postOrgs: [], worksIn: [11] })).toEqual([11]);
    // An area is not a project, nor are the projects below it.
    expect(reached(caller(5, ['project']), { postOrgs: [3], worksIn: [3] })).toEqual([]);
  });
  it('the union over several scopes; nothing for "own records" alone or no scope', () => {
    expect(reached(caller(4, ['org', 'project']), { postOrgs: [], worksIn: [11] })).toEqual([11, 12]);
    expect(reached(caller(2, ['project', 'org']), { postOrgs: [13], worksIn: [] })).toEqual([10, 11, 13]);
    expect(reached(caller(10, ['self']), { postOrgs: [12], worksIn: [11] })).toEqual([]);
    expect(reached(caller(10, []))).toEqual([]);
  });
  it('reads posts for the scope "project" only', () => {
    expect(needsPosts(caller(1, ['project']))).toBe(true);
    expect(needsPosts(caller(1, ['org', 'project']))).toBe(true);
    expect(needsPosts(caller(1, ['all', 'org', 'self']))).toBe(false);
  });
});

describe('how far the reads of a table reach', () => {
  const kept = { name: 'ticket', scope: 'project' as const };
  it('all: every row, whatever the table declares', () => {
    expect(rowReach(caller(1, ['org', 'all']), kept, { visibleRows: true })).toBe('every');
  });
  it('a table declaring its visible rows: its own condition, kept by project or not', () => {
    expect(rowReach(caller(1, ['org']), kept, { visibleRows: true })).toBe('declared');
    expect(rowReach(caller(1, ['self']), { name: 'ticket' }, { visibleRows: true })).toBe('declared');
  });
  it('a table kept by project: the conditions; any other table: every row', () => {
    expect(rowReach(caller(1, ['org']), kept, { ownRows: true, mineRows: true })).toBe('conditions');
    expect(rowReach(caller(1, ['self']), { name: 'ticket' }, {})).toBe('every');
  });
});

describe('the conditions a seen row meets', () => {
  const table = { name: 'ticket', scope: 'project' as const };
  it('its project among those reached, by project_id unless the table names another column', () => {
    expect(rowConditions(caller(2, ['org']), table, [10, 11], {})).toEqual([{ kind: 'in', column: 'ticket.project_id', values: [10, 11] }]);
    expect(rowConditions(caller(2, ['org']), { ...table, projectField: 'site_id' }, [12], {})).toEqual([{ kind: 'in', column: 'ticket.site_id', values: [12] }]);
  });
  it('"own records": created by the caller, or what the resource calls own', () => {
    expect(rowConditions(caller(5, ['self'], 8), table, [], {})).toEqual([{ kind: 'equals', column: 'ticket.created_by', value: 8 }]);
    expect(rowConditions(caller(5, ['self'], 8), table, [], { ownRows: true })).toEqual([{ kind: 'ownRows' }]);
    // Without the scope "own records" the hook adds nothing.
    expect(rowConditions(caller(4, ['org']), table, [12], { ownRows: true })).toEqual([{ kind: 'in', column: 'ticket.project_id', values: [12] }]);
  });
  it('the caller’s own rows whatever the scope (an approver’s tasks elsewhere), with the rest', () => {
    expect(rowConditions(caller(2, ['org', 'self'], 8), table, [10], { mineRows: true })).toEqual([
      { kind: 'in', column: 'ticket.project_id', values: [10] },
      { kind: 'equals', column: 'ticket.created_by', value: 8 },
      { kind: 'mineRows' },
    ]);
    expect(rowConditions(caller(5, ['org']), table, [], { mineRows: true })).toEqual([{ kind: 'mineRows' }]);
  });
  it('no project and no own records: no condition, so no row', () => {
    expect(rowConditions(caller(5, ['org']), table, [], {})).toEqual([]);
    expect(rowConditions(caller(5, []), table, [], { ownRows: true })).toEqual([]);
  });
});
