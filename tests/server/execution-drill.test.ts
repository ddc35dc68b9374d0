import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

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
