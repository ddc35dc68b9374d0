import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

const server = setUpServer();
const admin = setUpApi(server);

const QUERY = '/api/task/report/workOrderSummary/query';
const orders = () => server.app.db.selectFrom('work_order').select(['project_id', 'kind', 'status', 'created_at']).execute();
const DONE = ['finished', 'confirmed', 'closed'];

describe('report engine: schemas/workorder/reports/work-order-summary.json', () => {
  it('answers totals and groups that match the rows of the database', async () => {
    const rows = await orders();
    const answer = (await admin.post(QUERY, { groupBy: 'kind' })).body.data;
    expect(answer.dimension).toEqual({ name: 'kind', title: '工单类型' });
    const done = rows.filter((r) => DONE.includes(r.status)).length;
    expect(answer.totals).toMatchObject({ total: rows.length, finished: done, complaints: rows.filter((r) => r.kind === 'complaint').length });
    expect(answer.totals.finishRate).toBeCloseTo(Math.round((1000 * done) / rows.length) / 10, 5);
    const repair = answer.rows.find((r: { key: string }) => r.key === 'repair');
    expect(repair).toMatchObject({ label: '报修', total: rows.filter((r) => r.kind === 'repair').length });
    // Groups are ordered by the first measure, largest first.
    const totals = answer.rows.map((r: { total: number }) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('filters by date range, project and a declared filter, and groups by day', async () => {
    const rows = await orders();
    const project = rows[0]!.project_id;
    const answer = (await admin.post(QUERY, { groupBy: 'project', project_id: project, filters: { kind: 'repair' } })).body.data;
    expect(answer.rows).toHaveLength(1);
    expect(answer.totals.total).toBe(rows.filter((r) => r.project_id === project && r.kind === 'repair').length);

    const future = (await admin.post(QUERY, { dateRange: ['2099-01-01', '2099-12-31'] })).body.data;
    expect(future.totals.total).toBe(0);
    expect(future.rows).toEqual([]);

    const byDay = (await admin.post(QUERY, { groupBy: 'day' })).body.data;
    expect(byDay.rows.every((r: { key: string }) => /^\d{4}-\d{2}-\d{2}$/.test(r.key))).toBe(true);
    expect(byDay.rows.reduce((sum: number, r: { total: number }) => sum + r.total, 0)).toBe(rows.length);
  });

  it('follows the data scope of the caller: a project manager counts only their projects', async () => {
    const manager = await signedIn(server.url, 'xmjl');
    const answer = (await manager.post(QUERY, { groupBy: 'project' })).body.data;
    expect(answer.rows.map((r: { label: string }) => r.label)).toEqual([DEMO_PROJECTS.cuihu.name]);
  });

  it('refuses bad input and callers without the permission, with a Chinese message', async () => {
    const bad = await admin.post(QUERY, { groupBy: 'password_hash' });
    expect(bad.http).toBe(400);
    const injected = await admin.post(QUERY, { filters: { 'status; drop table work_order': 'x' } });
    expect(injected.http).toBe(400);
    const technician = await signedIn(server.url, 'weixiu');
    const refused = await technician.post(QUERY, {});
    expect(refused.http).toBe(403);
    expect(refused.body.message).toMatch(/权限/);
    expect((await orders()).length).toBeGreaterThan(0);
  });

  it('exports the same figures as Excel with a total row', async () => {
    const answer = await admin.get('/api/task/report/workOrderSummary/export', { query: JSON.stringify({ groupBy: 'status' }) });
    expect(answer.http).toBe(200);
    expect(answer.headers.get('content-type')).toContain('spreadsheetml');
  });
});
