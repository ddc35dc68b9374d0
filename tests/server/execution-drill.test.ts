import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import type { AnyDB } from '../../server/engine/hooks.ts';

/**
 * /executive-statistics-detail/:id: the tasks behind one figure of the execution analysis
 * (workTaskSummary.drill), the group of the route's id, under the caller's data scope.
 */
const server = setUpServer();
const [admin, xmjl, pinzhi, kefu] = setUpApis(server, 'admin', 'xmjl', 'pinzhi', 'kefu');
const DRILL = '/api/execution/report/workTaskSummary/drill';
const QUERY = '/api/execution/report/workTaskSummary/query';
type Rec = Record<string, any>;

describe('execution analysis drill-down', () => {
  it("lists one project's tasks, as many as the figure counted, named and in the figure's measure", async () => {
    const figures = (await admin.post(QUERY, { groupBy: 'project' })).body.data;
    const cuihu = figures.rows.find((r: Rec) => r.key === DEMO_PROJECTS.cuihu.id);
    expect(cuihu.total).toBeGreaterThan(0);
    const all = (await admin.post(DRILL, { groupBy: 'project', key: DEMO_PROJECTS.cuihu.id, measure: 'total', pageSize: 100 })).body.data;
    expect(all.total).toBe(cuihu.total);
    expect(new Set(all.records.map((r: Rec) => r.project_id))).toEqual(new Set([DEMO_PROJECTS.cuihu.name]));
    expect(all.columns.map((c: Rec) => c.title)).toContain('执行人');
    const overdue = (await admin.post(DRILL, { groupBy: 'project', key: DEMO_PROJECTS.cuihu.id, measure: 'overdue', pageSize: 100 })).body.data;
    expect(overdue.total).toBe(cuihu.overdue);
    expect(new Set(overdue.records.map((r: Rec) => r.overdue))).toEqual(new Set(cuihu.overdue ? ['超时'] : []));
  });

  it('groups by template or executor, as the report does', async () => {
    const figures = (await admin.post(QUERY, { groupBy: 'template' })).body.data;
    const first = figures.rows[0];
    const tasks = (await admin.post(DRILL, { groupBy: 'template', key: first.key, measure: 'done', pageSize: 100 })).body.data;
    expect(tasks.total).toBe(first.done);
    expect(new Set(tasks.records.map((r: Rec) => r.template_id))).toEqual(new Set([first.label]));
    // Done is finished, whether or not it has been accepted (验收) since.
    expect(['已完成', '已验收']).toEqual(expect.arrayContaining([...new Set(tasks.records.map((r: Rec) => r.status))]));
  });

  it("shows nobody the tasks of a project outside their scope, and refuses those without the report's permission", async () => {
    const binjiang = (await admin.post(DRILL, { groupBy: 'project', key: DEMO_PROJECTS.binjiang.id, measure: 'total' })).body.data.total;
    expect(binjiang).toBeGreaterThan(0);
    expect((await xmjl.post(DRILL, { groupBy: 'project', key: DEMO_PROJECTS.binjiang.id, measure: 'total' })).body.data.total).toBe(0);
    expect((await pinzhi.post(DRILL, { groupBy: 'project', key: DEMO_PROJECTS.binjiang.id, measure: 'total' })).body.data.total).toBe(binjiang);
    expect((await pinzhi.post(DRILL, { groupBy: 'project', key: DEMO_PROJECTS.cuihu.id, measure: 'total' })).body.data.total).toBe(0);
    expect((await kefu.post(DRILL, { groupBy: 'project', key: DEMO_PROJECTS.cuihu.id })).body.status).toBe('403');
  });

  it('refuses what the report does not group or count by', async () => {
    expect((await admin.post(DRILL, { groupBy: 'nothing', key: 1 })).body.status).toBe('400');
    expect((await admin.post(DRILL, { groupBy: 'project', key: 1, measure: 'doneRate; drop' })).body.status).toBe('400');
    expect((await admin.post(DRILL, { groupBy: 'project', key: 1, pageSize: 1000 })).body.status).toBe('400');
  });
});

describe('rework rate (返工率) beside the completion and overdue rates', () => {
  const rate = (part: number, whole: number) => (whole ? Math.round((1000 * part) / whole) / 10 : null);

  it('is the reworked share of the reviewed tasks, by project, template and executor, on the seeded tasks', async () => {
    let reworked = 0;
    for (const groupBy of ['project', 'template', 'assignee']) {
      const figures = (await admin.post(QUERY, { groupBy })).body.data;
      for (const row of [...figures.rows, figures.totals] as Rec[]) {
        expect(row.reworked).toBeLessThanOrEqual(row.reviewed);
        if (row.reviewed) expect(row.reworkRate).toBe(rate(row.reworked, row.reviewed));
      }
      reworked = figures.totals.reworked;
    }
    // The demo sends a few of its accepted tasks back once.
    expect(reworked).toBeGreaterThan(0);
  });

  it('counts planted tasks exactly: reviewed once or more, reworked, still being redone, never reviewed', async () => {
    const db = server.app.db as unknown as AnyDB;
    const template = (await db.selectFrom('work_template').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const day = new Date(2031, 1, 10, 9).getTime();
    const base = { template_id: template, project_id: DEMO_PROJECTS.cuihu.id, assignee_id: DEMO_STAFF.xuncha, plan_start: day, plan_end: day + 3_600_000, created_at: day, updated_at: day };
    await db
      .insertInto('work_task')
      .values([
        { ...base, title: '返工率·一次通过', status: 'accepted', finished_at: day, reviewed_at: day, reviewer_id: DEMO_STAFF.xmjl, rework_count: 0 },
        { ...base, title: '返工率·返工后通过', status: 'accepted', finished_at: day, reviewed_at: day, reviewer_id: DEMO_STAFF.xmjl, rework_count: 1 },
        { ...base, title: '返工率·返工中', status: 'processing', reviewed_at: day, reviewer_id: DEMO_STAFF.xmjl, rework_count: 2 },
        { ...base, title: '返工率·待验收', status: 'done', finished_at: day, rework_count: 0 },
        { ...base, title: '返工率·未开始', status: 'pending', rework_count: 0 },
      ])
      .execute();
    const figures = (await admin.post(QUERY, { groupBy: 'assignee', dateRange: ['2031-02-01', '2031-02-28'] })).body.data;
    expect(figures.rows).toHaveLength(1);
    expect(figures.rows[0]).toMatchObject({ key: DEMO_STAFF.xuncha, total: 5, done: 3, reviewed: 3, reworked: 2, reworkRate: 66.7 });
    expect(figures.totals).toMatchObject({ reviewed: 3, reworked: 2, reworkRate: 66.7 });
    // The drill-down opens the two reworked tasks.
    const drilled = (await admin.post(DRILL, { groupBy: 'assignee', key: DEMO_STAFF.xuncha, measure: 'reworked', dateRange: ['2031-02-01', '2031-02-28'], pageSize: 100 })).body.data;
    expect(drilled.records.map((r: Rec) => r.title).sort()).toEqual(['返工率·返工中', '返工率·返工后通过'].sort());
  });
});
