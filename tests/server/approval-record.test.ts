import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * 审批记录 (/approve-report/outAccApproveRecords): finished approvals, read-only, from the view
 * approval_record over what the engine wrote; scoped by project, exported to Excel.
 */
const server = setUpServer();
const [admin, xmjl, kefu] = setUpApis(server, 'admin', 'xmjl', 'kefu');
const R = '/api/approve/record';
const DAY = 24 * 3600_000;

describe('the approval records', () => {
  it('list finished approvals of months past with who decided, the last comment and the time taken', async () => {
    const rows = (await admin.post(`${R}/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['approved', 'rejected']));
    expect(new Set(rows.map((r) => r.biz_type))).toEqual(new Set(['hangUp', 'improper', 'reply']));
    expect(Math.min(...rows.map((r) => r.finished_at))).toBeLessThan(Date.now() - 90 * DAY);
    const rejected = rows.find((r) => r.title === '关于增设快递柜的建议' && r.status === 'rejected')!;
    expect(rejected).toMatchObject({ decided_by: '刘海燕', last_comment: '回复过于笼统，请写明计划时间', duration_hours: 2, submitter_id_label: '林晓雯', project_name: '翠湖天地' });
    // Newest first; the filters narrow it.
    expect(rows.map((r) => r.finished_at)).toEqual([...rows.map((r) => r.finished_at)].sort((a, b) => b - a));
    const onlyRejected = (await admin.post(`${R}/list`, { pageSize: 100, filters: { status: 'rejected' } })).body.data.records as { status: string }[];
    expect(onlyRejected.length).toBeGreaterThan(0);
    expect(onlyRejected.every((r) => r.status === 'rejected')).toBe(true);
  });

  it('follow the data scope, need their permission, take no writes, and export to Excel', async () => {
    const mine = (await xmjl.post(`${R}/list`, { pageSize: 100 })).body.data.records as { project_id: number }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.project_id === DEMO_PROJECTS.cuihu.id)).toBe(true);
    expect((await kefu.post(`${R}/list`, {})).http).toBe(403);
    expect((await admin.post(`${R}/add`, { code: 'x' })).http).toBe(404);
    const exported = await xmjl.get(`${R}/export`, { filters: JSON.stringify({ status: 'approved' }) });
    expect(exported.http).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
  });
});
