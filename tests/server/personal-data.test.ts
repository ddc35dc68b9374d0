import { describe, expect, it } from 'vitest';
import { Api, signedIn } from '../support/api.ts';
import { setUpServer } from '../support/setup.ts';
import { apiRoutes, concreteUrl } from '../support/routes.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';

// Issue 40 finding 1: colleagues' mobiles answered in full let anyone take over an account
// through the job-number login. The job-number login is on here so its limits can be checked.
const server = setUpServer({ PMS_JOBNUMBER_LOGIN: '1' });

/** A mobile number standing alone, as the masking finds it. */
const FULL_MOBILE = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/;

describe('personal data in answers (issue 40, finding 1)', () => {
  it('masks colleagues’ mobiles in the post-staff list that any staff member may call', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const answer = await kefu.get('/api/base/crmStaff/getPostStaffListByOrgId', { orgId: DEMO_PROJECTS.cuihu.id });
    expect(answer.http).toBe(200);
    expect(answer.body.data.length).toBeGreaterThan(3);
    for (const row of answer.body.data) expect(row.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
  });

  it('answers no full mobile on any GET route without parameters, nor on any resource detail or options, even to the administrator', async () => {
    const admin = await signedIn(server.url, 'admin');
    const leaks: string[] = [];
    const firstIds = new Map<string, number>();
    for (const [name] of server.app.catalogue.resources) {
      const row = (await server.app.db.selectFrom(name as never).select('id' as never).orderBy('id' as never).limit(1).executeTakeFirst()) as { id: number } | undefined;
      if (row) firstIds.set(name, row.id);
    }
    let checked = 0;
    for (const route of apiRoutes(server.app)) {
      // Routes answering only the caller's own data (config.personal 'own') are exempt.
      if (route.method !== 'GET' || route.url.includes('export') || route.url.includes('template') || route.config.personal === 'own') continue;
      const resource = [...server.app.catalogue.resources.values()].find((r) => route.url === `/api/${r.service}${r.path}/detail`);
      const params: Record<string, unknown> = resource ? { id: firstIds.get(resource.name) ?? 1 } : {};
      const answer = await admin.get(concreteUrl(route.url), params);
      if (answer.http !== 200) continue;
      checked++;
      const text = JSON.stringify(answer.body);
      const found = FULL_MOBILE.exec(text);
      if (found) leaks.push(`${route.url}: ${found[0]}`);
    }
    expect(checked).toBeGreaterThan(60);
    expect(leaks).toEqual([]);
  });

  it('shows a record’s masked fields in full only to a holder of the resource’s reveal code, and logs each reveal', async () => {
    const stored = await server.app.db.selectFrom('staff').select('mobile').where('id', '=', DEMO_STAFF.kefu).executeTakeFirstOrThrow();
    const xmjl = await signedIn(server.url, 'xmjl');
    expect((await xmjl.post('/api/base/crmStaff/reveal', { id: DEMO_STAFF.kefu })).http).toBe(403);
    const admin = await signedIn(server.url, 'admin');
    const before = await server.app.db.selectFrom('personal_reveal_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const revealed = await admin.post('/api/base/crmStaff/reveal', { id: DEMO_STAFF.kefu });
    expect(revealed.http).toBe(200);
    expect(revealed.body.data.mobile).toBe(stored.mobile);
    const log = await server.app.db.selectFrom('personal_reveal_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(Number(before.n) + 1).toBe(Number((await server.app.db.selectFrom('personal_reveal_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n));
    expect(log).toMatchObject({ staff_id: DEMO_STAFF.admin, route: 'POST /api/base/crmStaff/reveal' });
    expect(log.target).toContain(String(DEMO_STAFF.kefu));
  });

  it('reveals where the resource declares a reveal code: a dispatcher sees an order’s contact number in full, a technician only on their own orders, customer service a call of her project; a resource without one has no reveal', async () => {
    const diaodu = await signedIn(server.url, 'diaodu');
    const listed = (await diaodu.post('/api/mkf/questionTask/list', { pageNum: 1, pageSize: 50 })).body.data.records as { id: number; contact_phone: string | null }[];
    const mine = listed.find((r) => r.contact_phone)!;
    expect(mine.contact_phone).toMatch(/\*{4}/);
    const order = await server.app.db.selectFrom('work_order').select(['id', 'contact_phone']).where('id', '=', mine.id).executeTakeFirstOrThrow();
    const shown = await diaodu.post('/api/mkf/questionTask/reveal', { id: order.id });
    expect(shown.body.message).toBe('已显示完整信息，本次查看已记录');
    expect(shown.body.data.contact_phone).toBe(order.contact_phone);
    // 王师傅 may look only at what he may open: an order given to someone else is not his.
    const other = await server.app.db.selectFrom('work_order').select('id').where('processor_id', '!=', DEMO_STAFF.weixiu).where('project_id', 'not in', [DEMO_PROJECTS.cuihu.id]).orderBy('id').executeTakeFirstOrThrow();
    const weixiu = await signedIn(server.url, 'weixiu');
    expect((await weixiu.post('/api/mkf/questionTask/reveal', { id: other.id })).http).toBeGreaterThanOrEqual(403);
    const admin = await signedIn(server.url, 'admin');
    expect((await admin.post('/api/mkf/serviceEvaluation/reveal', { id: 1 })).http).toBe(404);
    // Customer service calls an owner back from the call history: the number of a call of her project, in full.
    const kefu = await signedIn(server.url, 'kefu');
    const call = ((await kefu.post('/api/mkf/callHistory/list', { pageNum: 1, pageSize: 1 })).body.data.records as { id: number; phone: string }[])[0]!;
    expect(call.phone).toMatch(/\*{4}/);
    const stored = (await server.app.db.selectFrom('hotline_call' as never).select('phone' as never).where('id' as never, '=', call.id as never).executeTakeFirstOrThrow()) as { phone: string };
    expect((await kefu.post('/api/mkf/callHistory/reveal', { id: call.id })).body.data.phone).toBe(stored.phone);
  });

  it('keeps the stored value when an edit form sends the masked value back unchanged, and refuses other masked text', async () => {
    const admin = await signedIn(server.url, 'admin');
    const detail = (await admin.get('/api/base/crmStaff/detail', { id: DEMO_STAFF.weixiu })).body.data;
    expect(detail.mobile).toMatch(/\*{4}/);
    const { id, name, mobile, org_id } = detail;
    const saved = await admin.post('/api/base/crmStaff/update', { id, name, mobile, org_id });
    expect(saved.http).toBe(200);
    const stored = await server.app.db.selectFrom('staff').select('mobile').where('id', '=', DEMO_STAFF.weixiu).executeTakeFirstOrThrow();
    expect(stored.mobile).toMatch(/^1[3-9]\d{9}$/);
    expect(stored.mobile.slice(-4)).toBe(String(mobile).slice(-4));
    const other = await admin.post('/api/base/crmStaff/update', { id, mobile: '139****0000' });
    expect(other.http).toBe(400);
  });

  it('masks generic resources’ options labels (the hotline call history by number)', async () => {
    const admin = await signedIn(server.url, 'admin');
    const options = await admin.get('/api/mkf/callHistory/options');
    expect(options.http).toBe(200);
    expect(options.body.data.length).toBeGreaterThan(0);
    for (const o of options.body.data) expect(String(o.label)).not.toMatch(FULL_MOBILE);
  });
});

describe('the job-number login (issue 40, finding 1)', () => {
  it('is limited per job number: after five failures even the right mobile is refused, and the log shows it', async () => {
    const staff = await server.app.db.selectFrom('staff').select(['job_number', 'mobile']).where('id', '=', DEMO_STAFF.diaodu).executeTakeFirstOrThrow();
    for (let i = 0; i < 5; i++) {
      const wrong = await new Api(server.url).post('/api/auth/login/jobNumberLogin', { userAccount: staff.job_number, loginPhone: `1300000000${i}` });
      expect(wrong.body.message).toBe('工号或手机号不正确');
    }
    const right = await new Api(server.url).post('/api/auth/login/jobNumberLogin', { userAccount: staff.job_number, loginPhone: staff.mobile });
    expect(right.http).toBe(429);
    expect(right.body.message).toBe('该工号登录失败次数过多，请 15 分钟后再试');
    const log = await server.app.db.selectFrom('login_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ method: 'jobNumber', account: staff.job_number, success: 0 });
  });

  it('is limited per address: ten attempts from one address in 15 minutes, whatever the job numbers', async () => {
    // Five failures above (the per-account test) and these: the tenth and later attempts are refused.
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await new Api(server.url).post('/api/auth/login/jobNumberLogin', { userAccount: `NOPE${i}`, loginPhone: '13000000000' }));
    expect(answers.at(-1)!.http).toBe(429);
    expect(answers.at(-1)!.body.message).toBe('工号登录尝试过于频繁，请 15 分钟后再试');
  });

  it('is off unless PMS_JOBNUMBER_LOGIN=1, in every mode', async () => {
    const { loadConfig } = await import('../../server/platform/config.ts');
    expect(loadConfig({}).jobNumberLogin).toBe(false);
    expect(loadConfig({ PMS_JOBNUMBER_LOGIN: '1' }).jobNumberLogin).toBe(true);
  });
});
