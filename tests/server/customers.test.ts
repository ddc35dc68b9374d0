import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

// Customers (/user-manager/user-lists) and communication records over the demo data: scope,
// masking with a logged reveal, the profile's attributes, house checks, move-out, and the
// customer's latest and next contact following the records.

const server = setUpServer();
const admin = setUpApi(server);
type Row = Record<string, any>;
const db = () => server.app.db as any;

describe('customers', () => {
  it('lists the customers of the caller’s projects with masked mobiles, and reveals them to holders of the code, logged', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const list = (await kefu.post('/api/base/customer/list', { pageSize: 200 })).body.data;
    const cuihu = await db().selectFrom('customer').select(['id', 'mobile']).where('project_id', '=', DEMO_PROJECTS.cuihu.id).execute();
    expect(list.total).toBe(cuihu.length);
    expect(list.records.every((r: Row) => r.project_id === DEMO_PROJECTS.cuihu.id && /^1\d{2}\*{4}\d{4}$/.test(r.mobile))).toBe(true);
    expect(list.records.some((r: Row) => r.portrait_level_id_label && r.steward_id_label)).toBe(true);

    const other = await db().selectFrom('customer').select('id').where('project_id', '=', DEMO_PROJECTS.binjiang.id).executeTakeFirst();
    expect((await kefu.get('/api/base/customer/detail', { id: other.id })).http).toBe(404);

    const one = list.records[0];
    const revealed = await kefu.post('/api/base/customer/reveal', { id: one.id });
    expect(revealed.http).toBe(200);
    expect(JSON.stringify(revealed.body.data)).toContain(cuihu.find((c: Row) => c.id === one.id).mobile);
    const logged = await db().selectFrom('personal_reveal_log').selectAll().where('staff_id', '=', DEMO_STAFF.kefu).where('route', '=', 'POST /api/base/customer/reveal').execute();
    expect(logged.length).toBeGreaterThan(0);
    const technician = await signedIn(server.url, 'weixiu');
    expect((await technician.post('/api/base/customer/list', {})).http).toBe(403);
  });

  it('keeps the section 3 profile: family, vehicles, pets, hobbies; filters by label, level and registration', async () => {
    const profiled = await db().selectFrom('customer').selectAll().where('pets', '!=', '[]').where('project_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirst();
    const detail = (await admin.get('/api/base/customer/detail', { id: profiled.id })).body.data;
    expect(detail.pets[0].kind).toMatch(/犬|猫/);
    expect(detail.family_structure).toBeTruthy();
    expect(detail.id_card === null || /\*/.test(detail.id_card)).toBe(true);
    const registered = (await admin.post('/api/base/customer/list', { filters: { app_registered: 1 }, pageSize: 1 })).body.data.total;
    const counted = await db().selectFrom('customer').select((eb: any) => eb.fn.countAll().as('n')).where('app_registered', '=', 1).executeTakeFirst();
    expect(registered).toBe(Number(counted.n));
    const labelled = await db().selectFrom('customer_label').select(['label_id']).executeTakeFirst();
    const byLabel = (await admin.post('/api/base/customer/list', { filters: { label_ids: labelled.label_id }, pageSize: 200 })).body.data;
    expect(byLabel.total).toBeGreaterThan(0);
    expect(byLabel.records.every((r: Row) => r.label_ids.includes(labelled.label_id))).toBe(true);
  });

  it('adds a customer at a house of its project with the portrait level of its score, refuses a house elsewhere', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const houses = (await kefu.get('/api/base/customer/houses')).body.data;
    expect(houses.length).toBeGreaterThan(0);
    const house = await db().selectFrom('house').select(['id', 'project_id']).where('id', '=', houses[0].value).executeTakeFirst();
    const foreign = await db().selectFrom('house').select('id').where('project_id', '=', DEMO_PROJECTS.binjiang.id).executeTakeFirst();
    const base = { project_id: house.project_id, name: '宋雨桐', mobile: '13912345678', gender: 'female', kind: 'tenant', person_type: 'P', portrait_score: 85, pets: [{ kind: '猫', name: '团子' }], hobbies: ['阅读', '园艺'] };
    const refused = await kefu.post('/api/base/customer/add', { ...base, house_id: foreign.id });
    expect(refused.http).toBe(400);
    expect(refused.body.message).toBe('所选房屋不属于该客户的项目');
    const added = await kefu.post('/api/base/customer/add', { ...base, house_id: house.id });
    expect(added.http).toBe(200);
    const row = await db().selectFrom('customer').selectAll().where('id', '=', added.body.data.id).executeTakeFirst();
    const gold = await db().selectFrom('portrait_level').select('id').where('code', '=', 'GOLD').executeTakeFirst();
    expect(row).toMatchObject({ status: 'active', portrait_level_id: gold.id, house_id: house.id });
    expect((await kefu.post('/api/base/customer/add', { ...base, house_id: house.id })).http).toBe(409);
    expect((await kefu.post('/api/base/customer/add', { ...base, mobile: '13912345670', pets: [{ kind: '鹦鹉' }] })).http).toBe(400);

    // Move-out needs a note; the timeline keeps it.
    expect((await kefu.post('/api/base/customer/transition', { id: row.id, action: 'moveOut' })).http).toBe(400);
    expect((await kefu.post('/api/base/customer/transition', { id: row.id, action: 'moveOut', note: '租约到期退租' })).http).toBe(200);
    expect((await db().selectFrom('customer').select('status').where('id', '=', row.id).executeTakeFirst()).status).toBe('moved_out');
    expect((await kefu.post('/api/base/customer/transition', { id: row.id, action: 'blacklist', note: '恶意欠费' })).http).toBe(403);
  });
});

let foreignId = 0;
const foreign_id = () => foreignId;

describe('communication records', () => {
  it('records a conversation against a visible customer; a follow-up sets the customer’s next contact until finished', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const customer = await db().selectFrom('customer').select(['id', 'house_id']).where('project_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirst();
    foreignId = (await db().selectFrom('customer').select('id').where('project_id', '=', DEMO_PROJECTS.jinxiu.id).executeTakeFirst()).id;
    const now = Date.now();
    const missingNext = await kefu.post('/api/base/communicationRecord/add', { project_id: DEMO_PROJECTS.cuihu.id, customer_id: customer.id, contact_at: now, channel: 'phone', topic: '投诉跟进', content: '回访噪音投诉处理情况', result: 'following' });
    expect(missingNext.http).toBe(400);
    expect(missingNext.body.message).toBe('沟通结果为需跟进时，请填写下次跟进时间');
    const next = now + 3 * 86_400_000;
    const added = await kefu.post('/api/base/communicationRecord/add', { project_id: DEMO_PROJECTS.cuihu.id, customer_id: customer.id, contact_at: now, channel: 'phone', topic: '投诉跟进', content: '回访噪音投诉处理情况', result: 'following', next_contact_at: next });
    expect(added.http).toBe(200);
    const record = await db().selectFrom('communication_record').selectAll().where('id', '=', added.body.data.id).executeTakeFirst();
    expect(record).toMatchObject({ staff_id: DEMO_STAFF.kefu, house_id: customer.house_id, project_id: DEMO_PROJECTS.cuihu.id, status: 'following' });
    let after = await db().selectFrom('customer').select(['last_contact_at', 'next_contact_at']).where('id', '=', customer.id).executeTakeFirst();
    expect(after.last_contact_at).toBe(now);
    expect(after.next_contact_at).toBeLessThanOrEqual(next);
    const profile = (await kefu.get('/api/base/customer/communications', { id: customer.id })).body.data;
    expect(profile[0]).toMatchObject({ id: record.id, staff_name: '林晓雯', content: '回访噪音投诉处理情况' });
    expect((await kefu.get('/api/base/customer/communications', { id: foreign_id() })).http).toBe(404);
    const timeline = (await kefu.post('/api/base/communicationRecord/list', { filters: { customer_id: customer.id }, pageSize: 50 })).body.data.records;
    expect(timeline[0].id).toBe(record.id);

    expect((await kefu.post('/api/base/communicationRecord/transition', { id: record.id, action: 'finish', note: '已解决' })).http).toBe(200);
    after = await db().selectFrom('communication_record').select('status').where('id', '=', record.id).executeTakeFirst();
    expect(after.status).toBe('done');

    const settled = await kefu.post('/api/base/communicationRecord/add', { project_id: DEMO_PROJECTS.cuihu.id, customer_id: customer.id, contact_at: now, channel: 'wechat', topic: '节日问候', content: '节日问候', result: 'resolved' });
    expect((await db().selectFrom('communication_record').select('status').where('id', '=', settled.body.data.id).executeTakeFirst()).status).toBe('done');

    const foreign = await db().selectFrom('customer').select('id').where('project_id', '=', DEMO_PROJECTS.yunqi.id).executeTakeFirst();
    const refused = await kefu.post('/api/base/communicationRecord/add', { project_id: DEMO_PROJECTS.cuihu.id, customer_id: foreign.id, contact_at: now, channel: 'phone', topic: '其他', content: '越权', result: 'resolved' });
    expect(refused.http).toBe(400);
  });

  it('has months of demo history', async () => {
    const span = await db().selectFrom('communication_record').select((eb: any) => [eb.fn.min('contact_at').as('first'), eb.fn.max('contact_at').as('last'), eb.fn.countAll().as('n')]).executeTakeFirst();
    expect(Number(span.n)).toBeGreaterThan(100);
    expect(span.last - span.first).toBeGreaterThan(150 * 86_400_000);
  });
});

describe('customer statistics and the steward summary', () => {
  it('counts customers, registration and certification rates per project, scoped to the caller', async () => {
    const rows = await db().selectFrom('customer').select(['project_id', 'app_registered', 'certified', 'kind']).execute();
    const answer = (await admin.post('/api/base/report/customerStatistics/query', { groupBy: 'project' })).body.data;
    const registered = rows.filter((r: Row) => r.app_registered === 1).length;
    expect(answer.totals.total).toBe(rows.length);
    expect(answer.totals.registerRate).toBe(Math.round((1000 * registered) / rows.length) / 10);
    const kefu = await signedIn(server.url, 'kefu');
    const own = (await kefu.post('/api/base/report/customerStatistics/query', { groupBy: 'kind', pivotBy: 'level' })).body.data;
    expect(own.totals.total).toBe(rows.filter((r: Row) => r.project_id === DEMO_PROJECTS.cuihu.id).length);
    expect(own.pivot.columns.length).toBeGreaterThan(1);
  });

  it('gives each steward their households and customers, drillable to the customers', async () => {
    const rows = await db().selectFrom('customer').select(['steward_id', 'house_id', 'certified']).where('steward_id', 'is not', null).execute();
    const answer = (await admin.post('/api/base/report/stewardSummary/query', { groupBy: 'steward' })).body.data;
    for (const r of answer.rows) {
      const mine = rows.filter((c: Row) => c.steward_id === r.key);
      expect(r.customers).toBe(mine.length);
      expect(r.households).toBe(new Set(mine.map((c: Row) => c.house_id).filter((h: unknown) => h !== null)).size);
    }
    const first = answer.rows[0];
    const drill = (await admin.post('/api/base/report/stewardSummary/drill', { groupBy: 'steward', key: first.key, measure: 'certified' })).body.data;
    expect(drill.total).toBe(first.certified);
    expect(drill.records.every((r: Row) => r.certified === '是' && r.steward_id === first.label)).toBe(true);
  });
});
