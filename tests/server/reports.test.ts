import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';
import { conditionSql, dimensionSql, measureSql } from '../../server/engine/reportSql.ts';
import { groupKey } from '../../server/engine/reportSources.ts';
import type { ReportDef, ReportDimension } from '../../src/shared/schemaTypes.ts';

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

/**
 * A level's figures as the database adds them up itself, one query per level with the calendar's
 * own day and month (the reports answer all levels from one scan of the finest groups, adding
 * them up in the server, and bucket days by arithmetic where the zone's offset holds).
 */
async function databaseLevel(report: ReportDef, dims: ReportDimension[]): Promise<Map<string, Record<string, number>>> {
  const own = report.measures.filter((m) => m.agg !== 'ratio' && !m.from);
  const keys = dims.map((d) => dimensionSql(d));
  let query = (server.app.db as any).selectFrom(`${report.source} as s`).select([...keys.map((k, i) => k.as(`k${i}`)), ...own.map((m) => measureSql(m).as(m.name))]);
  for (const w of report.where ?? []) query = query.where(conditionSql(w));
  if (keys.length) query = query.groupBy(keys);
  const rows = (await query.execute()) as Record<string, unknown>[];
  return new Map(rows.map((r) => [groupKey(dims.map((_, i) => r[`k${i}`])), Object.fromEntries(own.map((m) => [m.name, Number(r[m.name])]))]));
}

describe('every report answers from one scan what one query per level answers', () => {
  it('totals, groups of every dimension, and a pivot by time, for each report of the catalogue', async () => {
    let compared = 0;
    for (const report of server.app.catalogue.reports.values()) {
      const url = `/api/${report.service}${report.path}/query`;
      const own = (figures: Record<string, number>) => Object.fromEntries(report.measures.filter((m) => m.agg !== 'ratio' && !m.from).map((m) => [m.name, figures[m.name]]));
      const [totals] = [...(await databaseLevel(report, [])).values()];
      for (const d of report.dimensions) {
        const answer = (await admin.post(url, { groupBy: d.name })).body;
        expect(String(answer.code), `${report.name} by ${d.name}: ${answer.message}`).toBe('200');
        expect(own(answer.data.totals), `${report.name} totals`).toEqual(totals);
        const groups = await databaseLevel(report, [d]);
        for (const row of answer.data.rows) if (!report.measures.some((m) => m.from)) expect(own(row), `${report.name} by ${d.name}, ${row.key}`).toEqual(groups.get(groupKey([row.key])));
        if (!report.measures.some((m) => m.from)) expect(answer.data.rows.length, `${report.name} by ${d.name}`).toBe(Math.min(groups.size, 500));
        compared += answer.data.rows.length;
      }
      const time = report.dimensions.find((d) => d.bucket);
      const across = report.dimensions.find((d) => !d.bucket);
      if (!time || !across || report.measures.some((m) => m.from)) continue;
      const pivot = (await admin.post(url, { groupBy: across.name, pivotBy: time.name })).body.data;
      const cells = await databaseLevel(report, [across, time]);
      const columns = await databaseLevel(report, [time]);
      for (const column of pivot.pivot.columns) expect(own(column.totals), `${report.name} column ${column.key}`).toEqual(columns.get(groupKey([column.key])));
      for (const row of pivot.rows) for (const [key, figures] of Object.entries(row.cells ?? {})) expect(own(figures as Record<string, number>), `${report.name} ${row.key} × ${key}`).toEqual(cells.get(groupKey([row.key, key])));
      compared += pivot.rows.length;
    }
    expect(compared).toBeGreaterThan(500);
  });
});
