import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import { checkAudience, resolveAudience } from '../../server/engine/audience.ts';
import { publishNotice } from '../../server/modules/community/notices.ts';
import type { AnyDB } from '../../server/engine/hooks.ts';

/**
 * 群发通知 (/opearator-manager/MassNotification) and the scope picker behind its 发送范围: the
 * audience is checked against the writer's data scope on every write, the notice goes through
 * the approvals engine (kind notice, the demo flow: 运营负责人 = admin), and its send resolves
 * the audience to the owners there, once per owner and channel.
 */
const server = setUpServer();
const [admin, yunying, pinzhi, kefu] = setUpApis(server, 'admin', 'yunying', 'pinzhi', 'kefu');
const N = '/api/wxmanage/massNotice';
const A = '/api/approve';
const DAY = 86_400_000;

const notice = (over: Record<string, unknown> = {}) => ({
  project_id: DEMO_PROJECTS.cuihu.id,
  title: '小区景观水系清淤通知',
  notice_type: 'community',
  content: '<p>下周二起中心水系清淤，为期三天。</p>',
  channels: ['app', 'sms'],
  audience: { mode: 'project', ids: [DEMO_PROJECTS.cuihu.id] },
  ...over,
});

const customersOf = async (projectId: number) => {
  const db = server.app.db;
  return Number((await db.selectFrom('customer').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow()).n);
};

describe('mass notices', () => {
  it('are in the demo over four months across the projects, sent and partly read', async () => {
    const rows = (await admin.post(`${N}/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(new Set(rows.map((r) => r.project_id))).toEqual(new Set(Object.values(DEMO_PROJECTS).map((p) => p.id)));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['sent', 'expired', 'scheduled', 'draft', 'rejected', 'withdrawn']));
    expect(Math.min(...rows.map((r) => r.sent_at ?? Infinity))).toBeLessThan(Date.now() - 100 * DAY);
    const sent = rows.filter((r) => ['sent', 'expired'].includes(r.status));
    expect(sent.every((r) => r.recipient_count > 0 && r.read_count > 0 && r.read_count <= r.recipient_count)).toBe(true);
    expect(sent.map((r) => r.audience_text)).toContain('指定项目：翠湖天地、锦绣华庭');
  });

  it('are seen only within the data scope: 华东 operations see 华东 notices only', async () => {
    const rows = (await yunying.post(`${N}/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id].includes(r.project_id))).toBe(true);
    const south = (await admin.post(`${N}/list`, { pageSize: 100, filters: { project_id: DEMO_PROJECTS.binjiang.id } })).body.data.records[0];
    expect((await yunying.get(`${N}/detail`, { id: south.id })).http).toBe(404);
    expect((await yunying.get(`${N}/recipients`, { id: south.id })).http).toBe(404);
  });

  it('refuse an audience beyond the writer’s data scope, or naming nothing', async () => {
    const beyond = await yunying.post(`${N}/add`, notice({ audience: { mode: 'project', ids: [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.binjiang.id] } }));
    expect([beyond.http, beyond.body.message]).toEqual([403, '发送范围超出了您的数据范围，只能选择您负责的项目内的项目']);
    const southBuilding = (await admin.get(`${N}/audienceOptions`, { field: 'audience', mode: 'building' })).body.data.find((o: { label: string }) => o.label.startsWith('滨江一号'));
    expect((await yunying.post(`${N}/add`, notice({ audience: { mode: 'building', ids: [southBuilding.value] } }))).http).toBe(403);
    const all = await yunying.post(`${N}/add`, notice({ audience: { mode: 'all', ids: [] } }));
    expect([all.http, all.body.message]).toEqual([403, '发送范围不能选择「全部」：您的数据范围不是全公司，请改为指定项目或楼栋']);
    const none = await yunying.post(`${N}/add`, notice({ audience: { mode: 'project', ids: [] } }));
    expect([none.http, none.body.message]).toEqual([400, '请选择发送范围的项目']);
    const missing = await yunying.post(`${N}/add`, notice({ audience: { mode: 'building', ids: [999999] } }));
    expect([missing.http, missing.body.message]).toEqual([400, '发送范围中有楼栋不存在或已被删除']);
    const bad = await yunying.post(`${N}/add`, notice({ audience: { mode: 'org', ids: [1] } }));
    expect([bad.http, bad.body.message]).toEqual([400, '发送范围格式不正确']);
    // The picker offers only what the writer reaches.
    const projects = (await yunying.get(`${N}/audienceOptions`, { field: 'audience', mode: 'project' })).body.data.map((o: { label: string }) => o.label);
    expect(projects).toEqual(['翠湖天地', '锦绣华庭']);
    const buildings = (await yunying.get(`${N}/audienceOptions`, { field: 'audience', mode: 'building' })).body.data.map((o: { label: string }) => o.label);
    expect(buildings.length).toBeGreaterThan(0);
    expect(buildings.every((l: string) => l.startsWith('翠湖天地') || l.startsWith('锦绣华庭'))).toBe(true);
    // An edit cannot widen it either.
    const id = (await yunying.post(`${N}/add`, notice())).body.data.id;
    expect((await yunying.post(`${N}/update`, { id, audience: { mode: 'project', ids: [DEMO_PROJECTS.yunqi.id] } })).http).toBe(403);
    // The administrator's scope is the company: 全部 is allowed.
    expect((await admin.post(`${N}/add`, notice({ audience: { mode: 'all', ids: [] } }))).body.message).toBe('新增成功');
  });

  it('go out only once approved, to every owner of the audience on every channel, once', async () => {
    const added = await yunying.post(`${N}/add`, notice({ title: '翠湖天地停车场划线施工通知' }));
    const id = added.body.data.id;
    expect((await yunying.get(`${N}/detail`, { id })).body.data).toMatchObject({ audience_text: '指定项目：翠湖天地', author_id_label: '赵雅琪', status: 'draft' });
    await yunying.post(`${N}/transition`, { id, action: 'submit' });
    expect((await yunying.post(`${N}/update`, { id, title: '改' })).body.message).toMatch(/审批|审核中/);
    // Only the flow's approver decides: yunying may not approve her own notice.
    expect((await yunying.post(`${N}/transition`, { id, action: 'approve' })).http).toBe(403);
    const task = ((await admin.post(`${A}/task/list`, { pageSize: 50, filters: { view: 'todo', biz_type: 'notice' } })).body.data.records as { id: number; title: string }[]).find((t) => t.title === '翠湖天地停车场划线施工通知');
    expect(task).toBeDefined();
    const approved = await admin.post(`${A}/task/approve`, { id: task!.id });
    expect(approved.body.data.status).toBe('approved');
    const sent = (await yunying.get(`${N}/detail`, { id })).body.data;
    const owners = await customersOf(DEMO_PROJECTS.cuihu.id);
    expect(sent).toMatchObject({ status: 'sent', recipient_count: owners, read_count: 0 });
    const recipients = (await yunying.get(`${N}/recipients`, { id })).body.data as Record<string, any>[];
    expect(recipients).toHaveLength(Math.min(500, owners * 2));
    expect(new Set(recipients.map((r) => r.channel))).toEqual(new Set(['app', 'sms']));
    expect(recipients.every((r) => r.delivery === 'recorded' && r.project_name === '翠湖天地')).toBe(true);
    const db = server.app.db;
    const rows = await db.selectFrom('notice_recipient').select(['customer_id', 'channel']).where('notice_id', '=', id).execute();
    expect(rows).toHaveLength(owners * 2);
    expect(new Set(rows.map((r) => `${r.customer_id}/${r.channel}`)).size).toBe(rows.length);
    // Recalled: kept with its recipients, shown as 已撤回.
    expect((await yunying.post(`${N}/transition`, { id, action: 'recall' })).body.message).toBe('请填写撤回通知说明');
    expect((await yunying.post(`${N}/transition`, { id, action: 'recall', note: '施工延期' })).body.data.state).toBe('withdrawn');
  });

  it('wait for their planned time once approved, go out then as 系统 once per owner and channel, and leave the board at their display end', async () => {
    const now = Date.now();
    const HOUR = 3_600_000;
    const late = await yunying.post(`${N}/add`, notice({ send_at: now + 3 * HOUR, display_end: now + 2 * HOUR }));
    expect([late.http, late.body.message]).toEqual([400, '计划发送时间须早于展示结束时间']);
    const id = (await yunying.post(`${N}/add`, notice({ title: '翠湖天地绿化补植通知', channels: ['app', 'wechat'], send_at: now + HOUR, display_end: now + 2 * HOUR }))).body.data.id;
    await yunying.post(`${N}/transition`, { id, action: 'submit' });
    const task = ((await admin.post(`${A}/task/list`, { pageSize: 50, filters: { view: 'todo', biz_type: 'notice' } })).body.data.records as { id: number; title: string }[]).find((t) => t.title === '翠湖天地绿化补植通知');
    await admin.post(`${A}/task/approve`, { id: task!.id });
    const db = server.app.db;
    const recipientRows = async () => db.selectFrom('notice_recipient').select(['customer_id', 'channel']).where('notice_id', '=', id).execute();
    expect((await yunying.get(`${N}/detail`, { id })).body.data).toMatchObject({ status: 'scheduled', recipient_count: null, sent_at: null });
    expect((await yunying.post(`${N}/update`, { id, title: '改' })).body.message).toBe('审核中、待发送、已发送或已撤回的通知不能修改或删除');
    await server.app.workflowTimers.run(now + HOUR - 1000);
    expect(await recipientRows()).toHaveLength(0);
    await server.app.workflowTimers.run(now + HOUR + 1000);
    const owners = await customersOf(DEMO_PROJECTS.cuihu.id);
    expect((await yunying.get(`${N}/detail`, { id })).body.data).toMatchObject({ status: 'sent', recipient_count: owners, sent_at: expect.any(Number) });
    expect(await recipientRows()).toHaveLength(owners * 2);
    // A second pass, and a retried send of the same notice, reach nobody twice.
    await server.app.workflowTimers.run(now + HOUR + 2000);
    const record = await (db as unknown as AnyDB).selectFrom('mass_notice').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => publishNotice(trx as unknown as AnyDB, record));
    const rows = await recipientRows();
    expect(rows).toHaveLength(owners * 2);
    expect(new Set(rows.map((r) => `${r.customer_id}/${r.channel}`)).size).toBe(owners * 2);
    await server.app.workflowTimers.run(now + 2 * HOUR + 1000);
    expect((await yunying.get(`${N}/detail`, { id })).body.data.status).toBe('expired');
    const steps = await db.selectFrom('resource_timeline').select(['action', 'staff_name', 'note']).where('resource', '=', 'mass_notice').where('record_id', '=', id).orderBy('at').orderBy('id').execute();
    expect(steps.map((t) => [t.action, t.staff_name])).toEqual([['create', '赵雅琪'], ['submit', '赵雅琪'], ['approve', '系统管理员'], ['send', '系统'], ['expire', '系统']]);
    expect(steps.slice(3).map((t) => t.note)).toEqual(['已到计划发送时间，系统自动发送', '已到展示结束时间，系统自动结束展示']);
    // Cancelled while it waits, it goes back to draft and never goes out.
    const other = (await yunying.post(`${N}/add`, notice({ title: '翠湖天地泳池闭馆通知', send_at: now + HOUR }))).body.data.id;
    await yunying.post(`${N}/transition`, { id: other, action: 'submit' });
    const otherTask = ((await admin.post(`${A}/task/list`, { pageSize: 50, filters: { view: 'todo', biz_type: 'notice' } })).body.data.records as { id: number; title: string }[]).find((t) => t.title === '翠湖天地泳池闭馆通知');
    await admin.post(`${A}/task/approve`, { id: otherTask!.id });
    expect((await yunying.post(`${N}/transition`, { id: other, action: 'cancel' })).body.message).toBe('请填写取消发送说明');
    expect((await yunying.post(`${N}/transition`, { id: other, action: 'cancel', note: '闭馆时间待定' })).body.data.state).toBe('draft');
    await server.app.workflowTimers.run(now + HOUR + 3000);
    expect((await yunying.get(`${N}/detail`, { id: other })).body.data).toMatchObject({ status: 'draft', recipient_count: null });
  });

  it('a rejected notice is edited and resubmitted, then reaches the owners of the buildings picked', async () => {
    const building = (await yunying.get(`${N}/audienceOptions`, { field: 'audience', mode: 'building' })).body.data[0];
    const id = (await yunying.post(`${N}/add`, notice({ title: '单元楼道粉刷通知', audience: { mode: 'building', ids: [building.value] } }))).body.data.id;
    await yunying.post(`${N}/transition`, { id, action: 'submit' });
    const task = ((await admin.post(`${A}/task/list`, { pageSize: 50, filters: { view: 'todo', biz_type: 'notice' } })).body.data.records as { id: number; title: string }[]).find((t) => t.title === '单元楼道粉刷通知');
    expect((await admin.post(`${A}/task/reject`, { id: task!.id, comment: '请写明粉刷时间' })).body.data.status).toBe('rejected');
    expect((await yunying.get(`${N}/detail`, { id })).body.data.status).toBe('rejected');
    expect((await yunying.post(`${N}/update`, { id, content: '<p>本周六粉刷 1 单元楼道。</p>' })).body.message).toBe('保存成功');
    await yunying.post(`${N}/transition`, { id, action: 'submit' });
    const again = ((await admin.post(`${A}/task/list`, { pageSize: 50, filters: { view: 'todo', biz_type: 'notice' } })).body.data.records as { id: number; title: string }[]).find((t) => t.title === '单元楼道粉刷通知');
    await admin.post(`${A}/task/approve`, { id: again!.id });
    const sent = (await yunying.get(`${N}/detail`, { id })).body.data;
    const db = server.app.db;
    const inBuilding = await db.selectFrom('customer').innerJoin('house', 'house.id', 'customer.house_id').select('customer.id').where('house.building_id', '=', building.value).execute();
    expect(sent.recipient_count).toBe(inBuilding.length);
  });

  it('are written by those granted only', async () => {
    expect((await kefu.post(`${N}/list`, {})).http).toBe(403);
    expect((await pinzhi.post(`${N}/add`, notice())).http).toBe(403);
    expect((await kefu.get(`${N}/audienceOptions`, { field: 'audience', mode: 'project' })).http).toBe(403);
  });
});

describe('the scope picker for staff (engine/audience.ts)', () => {
  const yunyingScope = { id: DEMO_STAFF.yunying, account: 'yunying', name: '赵雅琪', orgId: DEMO_ORG.eastRegion, roles: ['operations'], roleIds: [], dataScopes: ['org'], buttons: new Set<string>(), token: '', mustChangePassword: false };
  const refusal = (kind: 'staff' | 'owner', value: unknown) =>
    checkAudience(server.app.db as never, kind, '接收范围', value, yunyingScope).then(
      () => null,
      (e: Error) => e.message,
    );

  it('resolves organisations (and below), posts and people to enabled staff', async () => {
    const db = server.app.db;
    const east = (await resolveAudience(db as never, 'staff', { mode: 'org', ids: [DEMO_ORG.eastRegion] })).map((r) => r.staffId);
    const cuihu = (await resolveAudience(db as never, 'staff', { mode: 'org', ids: [DEMO_PROJECTS.cuihu.id] })).map((r) => r.staffId);
    expect(east).toContain(DEMO_STAFF.yunying);
    expect(east).toEqual(expect.arrayContaining(cuihu as number[]));
    expect(cuihu).toContain(DEMO_STAFF.kefu);
    expect(cuihu).not.toContain(DEMO_STAFF.pinzhi);
    const post = await db.selectFrom('staff_post').select('post_id').where('staff_id', '=', DEMO_STAFF.kefu).executeTakeFirstOrThrow();
    expect((await resolveAudience(db as never, 'staff', { mode: 'post', ids: [post.post_id] })).map((r) => r.staffId)).toContain(DEMO_STAFF.kefu);
    expect((await resolveAudience(db as never, 'staff', { mode: 'staff', ids: [DEMO_STAFF.xmjl, DEMO_STAFF.kefu] })).map((r) => r.staffId)).toEqual([DEMO_STAFF.kefu, DEMO_STAFF.xmjl]);
    const everyone = await db.selectFrom('staff').select('id').where('enabled', '=', 1).execute();
    expect(await resolveAudience(db as never, 'staff', { mode: 'all', ids: [] })).toHaveLength(everyone.length);
  });

  it('refuses organisations, posts and people beyond the writer’s data scope', async () => {
    expect(await refusal('staff', { mode: 'org', ids: [DEMO_PROJECTS.cuihu.id] })).toBeNull();
    expect(await refusal('staff', { mode: 'staff', ids: [DEMO_STAFF.kefu] })).toBeNull();
    expect(await refusal('staff', { mode: 'org', ids: [DEMO_ORG.southRegion] })).toBe('接收范围超出了您的数据范围，只能选择您负责的项目内的组织');
    expect(await refusal('staff', { mode: 'staff', ids: [DEMO_STAFF.pinzhi] })).toBe('接收范围超出了您的数据范围，只能选择您负责的项目内的人员');
    const southPost = await server.app.db.selectFrom('post').select('id').where('org_id', '=', DEMO_PROJECTS.binjiang.id).executeTakeFirstOrThrow();
    expect(await refusal('staff', { mode: 'post', ids: [southPost.id] })).toBe('接收范围超出了您的数据范围，只能选择您负责的项目内的岗位');
    expect(await refusal('staff', { mode: 'all', ids: [] })).toBe('接收范围不能选择「全部」：您的数据范围不是全公司，请改为指定组织、岗位或人员');
  });
});
