import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * Owner-app statistics (/opearator-statistics, /reportForms/userRegister) against the seeded
 * owner-side data, counted here independently; the resident certification review and its
 * 72-hour reminder.
 */
const server = setUpServer();
const [admin, xmjl, kefu, yunying] = setUpApis(server, 'admin', 'xmjl', 'kefu', 'yunying');
const db = () => server.app.db as any;
const query = async (api: typeof admin, report: string, body: Record<string, unknown>) => (await api.post(`/api/wxmanage/report/${report}/query`, body)).body.data;
const CERT = '/api/wxmanage/residentCertification';
const HOUR = 3_600_000;

describe('owner-app statistics', () => {
  it('count registrations as the customers hold them, for everyone and within a project manager’s scope', async () => {
    const registered = (await db().selectFrom('customer').select(['id', 'project_id', 'house_id', 'certified']).where('app_registered', '=', 1).execute()) as { project_id: number; house_id: number | null; certified: number }[];
    const all = await query(admin, 'ownerRegister', { groupBy: 'project' });
    expect(all.totals.registered).toBe(registered.length);
    expect(all.totals.households).toBe(new Set(registered.filter((r) => r.house_id).map((r) => r.house_id)).size);
    const certified = registered.filter((r) => r.certified === 1).length;
    expect(all.totals.certifyRate).toBe(Math.round((1000 * certified) / registered.length) / 10);
    const mine = await query(xmjl, 'ownerRegister', { groupBy: 'month' });
    expect(mine.totals.registered).toBe(registered.filter((r) => r.project_id === DEMO_PROJECTS.cuihu.id).length);
    expect(mine.rows.length).toBeGreaterThanOrEqual(6);
  });

  it('count active users as distinct owners who signed in, over half a year', async () => {
    const since = Date.now() - 30 * 86_400_000;
    const logins = (await db().selectFrom('app_login_event').select(['customer_id', 'login_at', 'project_id']).execute()) as { customer_id: number; login_at: number; project_id: number }[];
    const byMonth = await query(yunying, 'ownerActive', { groupBy: 'month' });
    const east = logins.filter((l) => l.project_id === DEMO_PROJECTS.cuihu.id || l.project_id === DEMO_PROJECTS.jinxiu.id);
    expect(byMonth.totals.logins).toBe(east.length);
    expect(byMonth.totals.active).toBe(new Set(east.map((l) => l.customer_id)).size);
    expect(byMonth.rows.length).toBeGreaterThanOrEqual(6);
    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    const recent = await query(admin, 'ownerActive', { groupBy: 'terminal', dateRange: [day(since), day(Date.now())] });
    expect(recent.totals.active).toBeGreaterThan(0);
    expect(recent.totals.active).toBeLessThan(new Set(logins.map((l) => l.customer_id)).size);
  });

  it('give the pass rate over decided applications only', async () => {
    const apps = (await db().selectFrom('resident_certification').select(['status']).execute()) as { status: string }[];
    const n = (s: string[]) => apps.filter((a) => s.includes(a.status)).length;
    const answer = await query(admin, 'ownerCertification', { groupBy: 'identity' });
    expect(answer.totals).toMatchObject({ applied: apps.length, passed: n(['passed']), refused: n(['refused']), waiting: n(['pending', 'overdue']) });
    expect(answer.totals.passRate).toBe(Math.round((1000 * n(['passed'])) / n(['passed', 'refused'])) / 10);
    expect(n(['overdue'])).toBeGreaterThan(0);
    const ops = await query(admin, 'operationsReport', { groupBy: 'month' });
    expect(ops.totals.signups).toBe(Number((await db().selectFrom('activity_signup').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()).n));
  });
});

describe('resident certification', () => {
  /** An application of 翠湖天地 sent just now, copied from the project's `nth` one: how many the demo leaves waiting depends on its random draw. */
  const sendApplication = async (nth = 0) => {
    const { id: _id, ...sample } = (await db().selectFrom('resident_certification').selectAll().where('project_id', '=', DEMO_PROJECTS.cuihu.id).orderBy('id').offset(nth).limit(1).executeTakeFirstOrThrow()) as Record<string, any>;
    const now = Date.now();
    const fresh = { ...sample, status: 'pending', submitted_at: now, remind_at: now + 72 * HOUR, state_at: now, audited_by: null, audited_at: null, audit_note: null, created_at: now, updated_at: now };
    const { id } = await db().insertInto('resident_certification').values(fresh).returning('id').executeTakeFirstOrThrow();
    return { ...fresh, id } as Record<string, any>;
  };

  it('is approved into a certified customer, or rejected with a note', async () => {
    await sendApplication(0);
    await sendApplication(1);
    const waiting = (await kefu.post(`${CERT}/list`, { pageSize: 100, filters: { status: ['pending', 'overdue'] } })).body.data.records as Record<string, any>[];
    expect(waiting.length).toBeGreaterThan(1);
    expect(waiting.every((w) => w.project_id === DEMO_PROJECTS.cuihu.id)).toBe(true);
    expect(waiting[0].mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const [one, two] = waiting;
    expect((await kefu.post(`${CERT}/transition`, { id: one!.id, action: 'approve' })).body.data.state).toBe('passed');
    const customer = await db().selectFrom('customer').select(['certified', 'certified_at']).where('id', '=', one!.customer_id).executeTakeFirst();
    expect(customer.certified).toBe(1);
    const bare = await kefu.post(`${CERT}/transition`, { id: two!.id, action: 'reject' });
    expect([bare.http, bare.body.message]).toEqual([400, '请填写驳回说明']);
    expect((await kefu.post(`${CERT}/transition`, { id: two!.id, action: 'reject', note: '房产证照片不清晰' })).body.data.state).toBe('refused');
    expect((await kefu.get(`${CERT}/detail`, { id: two!.id })).body.data).toMatchObject({ status: 'refused', audit_note: '房产证照片不清晰', audited_by_label: '林晓雯' });
  });

  it('reminds the project’s reviewers once an application has waited 72 hours', async () => {
    const pending = await sendApplication(2);
    expect(pending.remind_at).toBe(pending.submitted_at + 72 * HOUR);
    const status = async () => (await db().selectFrom('resident_certification').select('status').where('id', '=', pending.id).executeTakeFirst()).status;
    await server.app.workflowTimers.run(pending.remind_at - 1);
    expect(await status()).toBe('pending');
    await server.app.workflowTimers.run(pending.remind_at + 1);
    expect(await status()).toBe('overdue');
    const notices = (await db().selectFrom('staff_message').selectAll().where('type', '=', 'resident_certification').execute()) as { content: string; staff_id: number }[];
    expect(notices.some((n) => n.content === `「${pending.name}」的住户认证申请已提交超过 72 小时，请尽快审核`)).toBe(true);
    // An overdue application is still decided the usual way.
    expect((await kefu.post(`${CERT}/transition`, { id: pending.id, action: 'approve' })).body.data.state).toBe('passed');
  });
});
