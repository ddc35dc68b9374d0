import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type ExpressionBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeRows, visibleProjectIds } from '../../server/engine/scope.ts';
import type { StaffContext } from '../../server/platform/types.ts';

// The one scoping function (spec 6's data scopes) over a small organisation tree in an in-memory
// SQLite, without a server, for the mutation run. Issue 43, finding 1: "organisation and below"
// reduced to the caller's own organisation passed every test, as every such staff member sat at a
// project; here the caller sits at a region two levels above its projects.
//
//   1 company ─┬─ 2 华东区域 ─┬─ 3 上海片区 ─┬─ 10 翠湖天地 (project)
//              │              │              └─ 11 静安府 (project)
//              │              └─ 5 华东工程部 (department)
//              ├─ 4 华南区域 ─── 12 滨江花园 (project)
//              └─ 13 总部大楼 (project)
let sqlite: Database.Database;
let db: Kysely<any>;

beforeAll(() => {
  sqlite = new Database(':memory:');
  sqlite.exec(`
    create table org (id integer primary key, parent_id integer, type text);
    insert into org values (1, null, 'company'), (2, 1, 'region'), (3, 2, 'area'), (5, 2, 'department'), (10, 3, 'project'),
      (11, 3, 'project'), (4, 1, 'region'), (12, 4, 'project'), (13, 1, 'project');
    create table post (id integer primary key, org_id integer, enabled integer);
    insert into post values (100, 12, 1), (101, 13, 0), (102, 2, 1);
    create table staff_post (staff_id integer, post_id integer);
    insert into staff_post values (7, 100), (7, 101), (7, 102), (8, 101);
    create table staff_project (staff_id integer, project_id integer);
    insert into staff_project values (7, 11), (9, 3);
    create table ticket (id integer primary key, project_id integer, site_id integer, created_by integer, handler_id integer);
    insert into ticket values (1, 10, 12, 7, null), (2, 11, 10, 8, 7), (3, 12, 11, null, null), (4, 13, 13, 7, 8), (5, null, null, 7, null), (6, 12, 12, 8, 8);
  `);
  db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
});
afterAll(() => db.destroy());

const staff = (id: number, orgId: number, dataScopes: string[]): StaffContext => ({ id, orgId, dataScopes }) as unknown as StaffContext;
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const projectsOf = async (s: StaffContext) => sorted(await visibleProjectIds(db as never, s));

describe('the projects a data scope reaches', () => {
  it('all: every project, and nothing that is not one', async () => {
    expect(await projectsOf(staff(1, 1, ['all']))).toEqual([10, 11, 12, 13]);
  });
  it('organisation and below: the projects under the caller’s organisation at any depth', async () => {
    expect(await projectsOf(staff(1, 2, ['org']))).toEqual([10, 11]);
    expect(await projectsOf(staff(1, 3, ['org']))).toEqual([10, 11]);
    expect(await projectsOf(staff(1, 4, ['org']))).toEqual([12]);
    expect(await projectsOf(staff(1, 1, ['org']))).toEqual([10, 11, 12, 13]);
    expect(await projectsOf(staff(1, 10, ['org']))).toEqual([10]);
    expect(await projectsOf(staff(1, 5, ['org']))).toEqual([]);
  });
  it('project: their own project, their enabled posts’ projects and the projects they work in', async () => {
    // Staff 7 sits at the region (not a project), holds an enabled post at 12, a disabled one at
    // 13, one at the region itself, and works in 11.
    expect(await projectsOf(staff(7, 2, ['project']))).toEqual([11, 12]);
    expect(await projectsOf(staff(8, 10, ['project']))).toEqual([10]);
    // Working in an area that is not a project gives no project.
    expect(await projectsOf(staff(9, 5, ['project']))).toEqual([]);
  });
  it('the union over several scopes, and nothing for "own records" alone or no scope', async () => {
    expect(await projectsOf(staff(7, 4, ['org', 'project']))).toEqual([11, 12]);
    expect(await projectsOf(staff(8, 2, ['project', 'org']))).toEqual([10, 11]);
    expect(await projectsOf(staff(7, 2, ['self']))).toEqual([]);
    expect(await projectsOf(staff(7, 2, []))).toEqual([]);
  });
});

describe('the rows a caller may see', () => {
  const table = { name: 'ticket', scope: 'project' as const };
  const rows = async (s: StaffContext, t: Parameters<typeof scopeRows>[1] = table, hooks?: Parameters<typeof scopeRows>[0]['hooks']) =>
    ((await (await scopeRows({ db, staff: s, hooks }, t, db.selectFrom('ticket').select('ticket.id') as never)).execute()) as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);

  it('all: every row, those without a project included', async () => {
    expect(await rows(staff(1, 1, ['all']))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await rows(staff(1, 1, ['org', 'all']), table, { visibleRows: () => (eb: ExpressionBuilder<any, any>) => eb.val(false) } as never)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('organisation and below from a region: the rows of its projects', async () => {
    expect(await rows(staff(1, 2, ['org']))).toEqual([1, 2]);
    expect(await rows(staff(1, 4, ['org']))).toEqual([3, 6]);
  });
  it('"own records": the rows they created, never a row without a creator', async () => {
    expect(await rows(staff(7, 5, ['self']))).toEqual([1, 4, 5]);
    expect(await rows(staff(99, 5, ['self']))).toEqual([]);
    expect(await rows(staff(8, 4, ['org', 'self']))).toEqual([2, 3, 6]);
  });
  it('a resource naming its own records otherwise (a work order’s processor)', async () => {
    const ownRows = ({ staff: s }: { staff: StaffContext }) => (eb: ExpressionBuilder<any, any>) => eb('ticket.handler_id', '=', s.id);
    expect(await rows(staff(7, 5, ['self']), table, { ownRows } as never)).toEqual([2]);
    // Without the scope "own records" the hook adds nothing.
    expect(await rows(staff(7, 4, ['org']), table, { ownRows } as never)).toEqual([3, 6]);
  });
  it('rows that are the caller’s whatever the scope (an approver’s tasks elsewhere)', async () => {
    const mineRows = ({ staff: s }: { staff: StaffContext }) => (eb: ExpressionBuilder<any, any>) => eb('ticket.handler_id', '=', s.id);
    expect(await rows(staff(8, 2, ['org']), table, { mineRows } as never)).toEqual([1, 2, 4, 6]);
    expect(await rows(staff(8, 5, ['org']), table, { mineRows } as never)).toEqual([4, 6]);
  });
  it('no project and no own records: nothing', async () => {
    expect(await rows(staff(1, 5, ['org']))).toEqual([]);
    expect(await rows(staff(1, 5, []))).toEqual([]);
  });
  it('a table naming its project in another column', async () => {
    expect(await rows(staff(1, 4, ['org']), { ...table, projectField: 'site_id' })).toEqual([1, 6]);
  });
  it('a table not scoped by project: every row', async () => {
    expect(await rows(staff(1, 5, ['self']), { name: 'ticket' })).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('a table declaring its visible rows: its condition, given the projects the scope reaches', async () => {
    const seen: number[][] = [];
    const visibleRows = ({ projects }: { projects: number[] }) => {
      seen.push(sorted(projects));
      return (eb: ExpressionBuilder<any, any>) => eb.or([eb('ticket.site_id', 'in', projects.length ? projects : [0]), eb('ticket.site_id', 'is', null)]);
    };
    expect(await rows(staff(1, 2, ['org']), { name: 'ticket' }, { visibleRows } as never)).toEqual([2, 3, 5]);
    expect(seen).toEqual([[10, 11]]);
  });
});
