import { describe, expect, it } from 'vitest';
import { signedIn, type Api } from '../support/api.ts';
import { sheetRows } from '../support/exports.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

// The richer reports (issue 31, capability 1) over the demo data: three definitions recomputed
// here from the rows, pivot, reference dimension, drill-down, region scope and the download center.

const server = setUpServer();
const admin = setUpApi(server);

const url = (report: string, call: string) => `/api/task/report/${report}/${call}`;
type Order = { id: number; project_id: number; kind: string; status: string; created_at: number; given_at: number | null; accepted_at: number | null; handled_at: number | null; response_due_at: number | null; finished_at: number | null; finish_due_at: number | null; service_type_id: number | null; processor_id: number | null };
const orders = () => server.app.db.selectFrom('work_order').selectAll().execute() as Promise<Order[]>;
const ratio = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0);
const round2 = (v: number) => Math.round(v * 100) / 100;

/** A file of the download center, fetched as the browser's download link does. */
async function downloadJob(api: Api, id: number): Promise<{ status: number; rows: unknown[][] }> {
  const request = api.prepare('GET', '/api/report/downloadCenter/download', { id });
  const response = await fetch(`${api.baseUrl}${request.path}`, { headers: request.headers });
  return { status: response.status, rows: response.ok ? await sheetRows(await response.arrayBuffer()) : [] };
}

/** Waits for a background export to finish (the positive signal is its status, polled). */
async function finished(api: Api, id: number) {
  for (;;) {
    const job = ((await api.get('/api/report/downloadCenter/list')).body.data as { id: number; status: string }[]).find((j) => j.id === id);
    if (!job) throw new Error(`job ${id} is not listed`);
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('report definitions, recomputed from the rows', () => {
  it('timely response: accepted no later than the response deadline, over orders that had one', async () => {
    const rows = (await orders()).filter((o) => o.response_due_at !== null);
    const timely = rows.filter((o) => o.accepted_at !== null && o.accepted_at <= o.response_due_at!).length;
    const late = rows.filter((o) => o.accepted_at !== null && o.accepted_at > o.response_due_at!).length;
    const answer = (await admin.post(url('timelyResponse', 'query'), { groupBy: 'project' })).body.data;
    expect(answer.totals).toEqual({ due: rows.length, timely, late, timelyRate: ratio(timely, rows.length) });
    expect(timely).toBeGreaterThan(0);
    expect(late).toBeGreaterThan(0);
    // Each group's ratio is its own figures', not an average of anything.
    for (const r of answer.rows) expect(r.timelyRate).toBe(ratio(r.timely, r.due));
  });

  it('commitment: confirmed finished no later than the finish deadline', async () => {
    const rows = (await orders()).filter((o) => o.finish_due_at !== null);
    const kept = rows.filter((o) => o.finished_at !== null && o.finished_at <= o.finish_due_at!).length;
    const answer = (await admin.post(url('commitment', 'query'), {})).body.data;
    expect(answer.totals.committed).toBe(rows.length);
    expect(answer.totals.kept).toBe(kept);
    expect(answer.totals.commitRate).toBe(ratio(kept, rows.length));
  });

  it('work efficiency: average minutes from dispatch to acceptance, per processor', async () => {
    const rows = (await orders()).filter((o) => o.processor_id !== null);
    const timed = rows.filter((o) => o.given_at !== null && o.accepted_at !== null);
    const minutes = timed.map((o) => (o.accepted_at! - o.given_at!) / 60000);
    const answer = (await admin.post(url('efficiency', 'query'), { groupBy: 'processor' })).body.data;
    expect(answer.measures.find((m: { name: string }) => m.name === 'avgResponse').cell).toBe('duration');
    expect(answer.totals.avgResponse).toBeCloseTo(round2(minutes.reduce((a, b) => a + b, 0) / minutes.length), 2);
    expect(answer.totals.accepted).toBe(rows.filter((o) => o.accepted_at !== null).length);
    expect(answer.rows.every((r: { label: string }) => !r.label.startsWith('#'))).toBe(true);
  });
});

describe('reference dimension, pivot and drill-down', () => {
  it('groups repairs by the parent category of their service type', async () => {
    const types = (await server.app.db.selectFrom('service_type' as never).select(['id', 'parent_id', 'name'] as never).execute()) as { id: number; parent_id: number | null; name: string }[];
    const parentOf = new Map(types.map((t) => [t.id, t.parent_id]));
    const repairs = (await orders()).filter((o) => o.kind === 'repair' && o.status !== 'draft');
    const answer = (await admin.post(url('repair', 'query'), { groupBy: 'category' })).body.data;
    const expected = new Map<number | null, number>();
    for (const o of repairs) {
      const parent = o.service_type_id === null ? null : (parentOf.get(o.service_type_id) ?? null);
      expected.set(parent, (expected.get(parent) ?? 0) + 1);
    }
    expect(new Map(answer.rows.map((r: { key: number | null; total: number }) => [r.key, r.total]))).toEqual(expected);
    const named = answer.rows.find((r: { key: number | null }) => r.key !== null);
    expect(named.label).toBe(types.find((t) => t.id === named.key)!.name);
  });

  it('crosses project × month: the cells of a row add up to its total, the columns to theirs', async () => {
    const answer = (await admin.post(url('reporting', 'query'), { groupBy: 'project', pivotBy: 'month' })).body.data;
    expect(answer.pivot.dimension.name).toBe('month');
    expect(answer.pivot.columns.length).toBeGreaterThanOrEqual(2);
    for (const r of answer.rows) {
      const sum = Object.values(r.cells as Record<string, { total: number }>).reduce((s, c) => s + c.total, 0);
      expect(sum).toBe(r.total);
    }
    for (const c of answer.pivot.columns) {
      const sum = answer.rows.reduce((s: number, r: { cells: Record<string, { total: number }> }) => s + (r.cells[String(c.key)]?.total ?? 0), 0);
      expect(sum).toBe(c.totals.total);
    }
  });

  it('drills from a figure to exactly the records it counts', async () => {
    const answer = (await admin.post(url('repair', 'query'), { groupBy: 'project' })).body.data;
    const row = answer.rows[0];
    const drill = (await admin.post(url('repair', 'drill'), { groupBy: 'project', key: row.key, measure: 'finished', pageSize: 100 })).body.data;
    expect(drill.total).toBe(row.finished);
    expect(drill.records).toHaveLength(Math.min(100, row.finished));
    expect(drill.records.every((r: { status: string; kind: string }) => ['已完成', '已关闭'].includes(r.status) && r.kind === '报修')).toBe(true);
    expect(drill.columns.map((c: { title: string }) => c.title)).toContain('工单编号');
    // A pivot cell: the row's group and the column's group.
    const crossed = (await admin.post(url('repair', 'query'), { groupBy: 'project', pivotBy: 'month' })).body.data;
    const month = crossed.pivot.columns[0].key;
    const cell = crossed.rows[0].cells[String(month)].total;
    const cellDrill = (await admin.post(url('repair', 'drill'), { groupBy: 'project', key: crossed.rows[0].key, pivotBy: 'month', pivotKey: month, measure: 'total' })).body.data;
    expect(cellDrill.total).toBe(cell);
  });

  it('refuses what is not a figure of the report, with a Chinese message, and callers without the permission', async () => {
    expect((await admin.post(url('repair', 'drill'), { measure: 'finishRate' })).http).toBe(400);
    expect((await admin.post(url('repair', 'drill'), { measure: 'password_hash' })).http).toBe(400);
    const bad = await admin.post(url('repair', 'query'), { pivotBy: 'status; drop table work_order' });
    expect(bad.http).toBe(400);
    expect(bad.body.message).toMatch(/[\u4e00-\u9fa5]/);
    const technician = await signedIn(server.url, 'weixiu');
    expect((await technician.post(url('repair', 'drill'), {})).http).toBe(403);
    expect((await technician.get('/api/report/downloadCenter/list')).http).toBe(403);
  });
});

describe('region scope: the quality manager of 华南区域', () => {
  const south = [DEMO_PROJECTS.binjiang, DEMO_PROJECTS.yunqi];
  it('counts exactly the two projects of the region, in work-order and quality reports and their drill-downs', async () => {
    const pinzhi = await signedIn(server.url, 'pinzhi');
    const answer = (await pinzhi.post(url('finishRate', 'query'), { groupBy: 'project' })).body.data;
    expect(answer.rows.map((r: { label: string }) => r.label).sort()).toEqual(south.map((p) => p.name).sort());
    const rows = (await orders()).filter((o) => o.status !== 'draft' && south.some((p) => p.id === o.project_id));
    expect(answer.totals.total).toBe(rows.length);
    // A project outside the region: nothing, whether asked by filter or by a drill key.
    expect((await pinzhi.post(url('finishRate', 'query'), { project_id: DEMO_PROJECTS.cuihu.id })).body.data.totals.total).toBe(0);
    expect((await pinzhi.post(url('finishRate', 'drill'), { groupBy: 'project', key: DEMO_PROJECTS.cuihu.id })).body.data.total).toBe(0);

    const quality = (await pinzhi.post('/api/patrol/report/quality/query', { groupBy: 'project' })).body.data;
    const all = (await admin.post('/api/patrol/report/quality/query', { groupBy: 'project' })).body.data;
    const southOnly = all.rows.filter((r: { key: number }) => south.some((p) => p.id === r.key));
    expect(quality.rows.map((r: { key: number }) => r.key).sort()).toEqual(southOnly.map((r: { key: number }) => r.key).sort());
    expect(quality.totals.checks).toBe(southOnly.reduce((s: number, r: { checks: number }) => s + r.checks, 0));
  });
});

describe('download center', () => {
  it('exports the records behind a figure in the background; only its owner lists and downloads it', async () => {
    const drill = (await admin.post(url('repair', 'drill'), { measure: 'total' })).body.data;
    const queued = await admin.post(url('repair', 'exportAsync'), { what: 'records', measure: 'total' });
    expect(queued.http).toBe(200);
    expect(queued.body.message).toContain('下载中心');
    const job = await finished(admin, queued.body.data.id);
    expect(job).toMatchObject({ status: 'done', progress: 100, row_count: drill.total, title: '报修统计明细' });
    const file = await downloadJob(admin, job.id);
    expect(file.status).toBe(200);
    expect(file.rows[0]).toContain('工单编号');
    expect(file.rows).toHaveLength(drill.total + 1);

    const kefu = await signedIn(server.url, 'kefu');
    expect(((await kefu.get('/api/report/downloadCenter/list')).body.data as { id: number }[]).some((j) => j.id === job.id)).toBe(false);
    expect((await downloadJob(kefu, job.id)).status).toBe(404);
    expect((await kefu.post('/api/report/downloadCenter/delete', { id: job.id })).http).toBe(404);
  });

  it('exports the table with its summary row, regenerates and deletes', async () => {
    const answer = (await admin.post(url('timelyResponse', 'query'), { groupBy: 'kind' })).body.data;
    const queued = await admin.post(url('timelyResponse', 'exportAsync'), { groupBy: 'kind', what: 'table' });
    const job = await finished(admin, queued.body.data.id);
    const rows = (await downloadJob(admin, job.id)).rows;
    expect(rows[0]).toEqual(['工单类型', '应响应数', '及时响应数', '超时响应数', '及时响应率']);
    expect(rows.at(-1)).toEqual(['合计', answer.totals.due, answer.totals.timely, answer.totals.late, `${answer.totals.timelyRate}%`]);

    const again = await admin.post('/api/report/downloadCenter/regenerate', { id: job.id });
    expect(again.http).toBe(200);
    const second = await finished(admin, again.body.data.id);
    expect((await downloadJob(admin, second.id)).rows).toEqual(rows);

    expect((await admin.post('/api/report/downloadCenter/delete', { id: job.id })).http).toBe(200);
    expect((await downloadJob(admin, job.id)).status).toBe(404);
  });

  it("writes a job whose instance stopped once its claim lapses, and leaves another instance's live claim alone", async () => {
    const staff = await server.app.db.selectFrom('staff').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
    const job = (claimed_by: string, lease_until: number) => ({ owner_id: staff.id, title: '报修统计', source: 'repairReport', params: JSON.stringify({ groupBy: 'project', what: 'table' }), status: 'running' as const, progress: 40, row_count: 0, created_at: Date.now(), claimed_by, lease_until });
    const insert = (values: ReturnType<typeof job>) => server.app.db.insertInto('export_job').values(values).returning('id').executeTakeFirstOrThrow();
    const abandoned = await insert(job('a stopped instance', Date.now() - 1));
    const held = await insert(job('a live instance', Date.now() + 3_600_000));
    // The abandoned job is written here, for its owner, as if asked for now.
    const done = await finished(admin, abandoned.id);
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    const rows = (await downloadJob(admin, done.id)).rows;
    expect(rows.at(-1)![0]).toBe('合计');
    const totals = (await admin.post(url('repair', 'query'), { groupBy: 'project' })).body.data.totals;
    expect(rows.at(-1)![1]).toBe(totals.total);
    // A job queued after it is written too, while the live claim is left to its instance.
    const later = await finished(admin, (await admin.post(url('emergency', 'exportAsync'), {})).body.data.id);
    expect(later.status).toBe('done');
    expect(await server.app.db.selectFrom('export_job').select(['status', 'claimed_by']).where('id', '=', held.id).executeTakeFirstOrThrow()).toEqual({ status: 'running', claimed_by: 'a live instance' });
    await server.app.db.deleteFrom('export_job').where('id', '=', held.id).execute();
  });

  it('keeps a file only for its time: an expired one is gone from the list and the disk', async () => {
    const queued = await admin.post(url('emergency', 'exportAsync'), {});
    const job = await finished(admin, queued.body.data.id);
    await server.app.db.updateTable('export_job').set({ expires_at: Date.now() - 1 }).where('id', '=', job.id).execute();
    expect(((await admin.get('/api/report/downloadCenter/list')).body.data as { id: number }[]).some((j) => j.id === job.id)).toBe(false);
    expect((await downloadJob(admin, job.id)).status).toBe(404);
  });
});
