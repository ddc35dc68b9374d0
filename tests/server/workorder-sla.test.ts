import { beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../src/shared/format.ts';
import type { Api } from '../support/api.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/**
 * Service levels: the limits of each order (its service type's, else its priority's), the
 * warning rules of /home_task/warnManagement run on the workflow timers' clock (here a clock the
 * test sets), and the settings screens behind them (service types, problem standards, rules).
 */
const server = setUpServer();
const [admin, kefu, diaodu, weixiu, xmjl] = setUpApis(server, 'admin', 'kefu', 'diaodu', 'weixiu', 'xmjl');
const T = '/api/mkf/questionTask';
const ST = '/api/workorder/serverType';
const WR = '/api/workorder/warnRule';
const MIN = 60_000;
const project = DEMO_PROJECTS.cuihu.id;
let houseId: number;
const ids: Record<string, number> = {};

const db = () => server.app.db;
const order = async (id: number) => (await admin.get(`${T}/detail`, { id })).body.data;
const move = (api: Api, id: number, action: string, values?: Record<string, unknown>, note?: string) => api.post(`${T}/transition`, { id, action, values, note });
const sweep = (at: number) => server.app.workflowTimers.run(at);
const warnings = async (id: number) => (await kefu.get(`${T}/warnings`, { id })).body.data.map((w: { rule_name: string; stage: string; level: string; notified: string }) => [w.rule_name, w.stage, w.level, w.notified]);
const notices = async (account: string, id: number) =>
  (await db().selectFrom('staff_message').select(['category', 'type', 'content']).where('staff_id', '=', ids[account]!).where('function_id', '=', String(id)).where('type', '=', 'workorder_warning').orderBy('id').execute()).map((n) => [n.category, n.content]);

async function create(values: Record<string, unknown> = {}): Promise<number> {
  const answer = await kefu.post(`${T}/add`, { project_id: project, kind: 'repair', title: '厨房水管漏水', content: '水槽下方水管接头渗水', house_id: houseId, ...values });
  expect(answer.body.message).toBe('新增成功');
  return answer.body.data.id;
}

beforeAll(async () => {
  for (const a of ['kefu', 'diaodu', 'weixiu', 'xmjl', 'p1s1']) ids[a] = (await db().selectFrom('staff').select('id').where('account', '=', a).executeTakeFirstOrThrow()).id;
  houseId = (await db().selectFrom('house').innerJoin('building', 'building.id', 'house.building_id').select('house.id').where('building.project_id', '=', project).executeTakeFirstOrThrow()).id;
});

describe('SLA warnings on a controllable clock', () => {
  it('warns the dispatchers before the response limit and when it passes, once each; the late order is flagged in lists', async () => {
    const id = await create();
    const o = await order(id);
    const due = o.created_at + 30 * MIN; // 水电维修: respond within 30 minutes
    await sweep(due - 11 * MIN);
    expect(await warnings(id)).toEqual([]);
    expect((await order(id)).sla_state).toBe('normal');

    await sweep(due - 9 * MIN);
    expect((await order(id)).sla_state).toBe('warning');
    // The project's dispatchers: the dispatcher and the project manager, who may dispatch too.
    expect(await warnings(id)).toEqual([['响应超时预警', 'response', 'warning', '周建国、刘海燕']]);
    const text = `工单 ${o.code}「厨房水管漏水」`;
    expect(await notices('diaodu', id)).toEqual([['2', `${text}响应即将超时（时限 ${formatTime(due, 'MM-DD HH:mm')}），请尽快处理【响应超时预警】`]]);
    await sweep(due - 5 * MIN);
    expect((await notices('diaodu', id)).length).toBe(1);

    await sweep(due + MIN);
    expect((await order(id)).sla_state).toBe('overdue');
    expect((await notices('diaodu', id)).at(-1)).toEqual(['2', `${text}已超过响应时限（${formatTime(due, 'MM-DD HH:mm')}），请尽快处理【响应超时预警】`]);
    const late = (await kefu.post(`${T}/list`, { pageSize: 200, filters: { view: 'all', sla_state: 'overdue' } })).body.data.records.map((r: { id: number }) => r.id);
    expect(late).toContain(id);
    // The other rules do not apply: 紧急事件 only covers emergencies, 完成超时 is hours away.
    expect((await warnings(id)).map((w: string[]) => w[0])).toEqual(['响应超时预警', '响应超时预警']);
    // Once late, the order stays flagged late after it is taken.
    await move(diaodu, id, 'giveOut', { processor_id: ids.weixiu });
    await move(weixiu, id, 'accept');
    expect((await order(id)).sla_state).toBe('overdue');
  });

  it('warns the processor, the dispatchers and the project manager post before the finish limit; a suspension stops the clock', async () => {
    const id = await create();
    await move(diaodu, id, 'giveOut', { processor_id: ids.weixiu });
    await move(weixiu, id, 'accept');
    const o = await order(id);
    expect(o.sla_state).toBe('normal');
    const due = o.finish_due_at;
    await sweep(due - 121 * MIN);
    expect(await warnings(id)).toEqual([]);
    await sweep(due - 119 * MIN);
    expect(await warnings(id)).toEqual([['完成超时预警', 'finish', 'warning', '王师傅、周建国、刘海燕']]);
    for (const account of ['weixiu', 'diaodu', 'xmjl']) expect((await notices(account, id)).length).toBe(1);
    expect(await notices('kefu', id)).toEqual([]);

    await move(weixiu, id, 'hangUp', { hang_reason: '等待配件' });
    await move(xmjl, id, 'hangUpAgree');
    await sweep(due + 60 * MIN);
    expect((await warnings(id)).length).toBe(1);
    expect((await order(id)).sla_state).toBe('warning');
    await move(weixiu, id, 'resume');
    const resumed = await order(id);
    expect(resumed.finish_due_at).toBeGreaterThanOrEqual(due);
    await move(weixiu, id, 'handle', { handle_result: '更换接头，已不渗水' });
    expect((await order(id)).sla_state).toBe('normal');
    await sweep(resumed.finish_due_at + 60 * MIN);
    expect((await warnings(id)).length).toBe(1);
  });

  it('applies a rule only to the kinds it covers and tells the people it names', async () => {
    const id = await create({ kind: 'emergency', title: '电梯困人', content: '2 栋电梯困人，请立即处理', priority: 'urgent' });
    const o = await order(id);
    expect(o.service_type_id_label).toBe('电梯困人');
    expect(o.response_due_at - o.created_at).toBe(5 * MIN);
    await sweep(o.created_at + MIN);
    expect(await warnings(id)).toEqual([
      ['响应超时预警', 'response', 'warning', '周建国、刘海燕'],
      ['紧急事件响应预警', 'response', 'warning', '周建国、刘海燕'],
      // Within an hour to handle, it is already inside the two hours the finish rule warns ahead.
      ['完成超时预警', 'finish', 'warning', '周建国、刘海燕'],
    ]);
    // One notice for everything due on the order, naming every rule.
    const due = (at: number) => formatTime(at, 'MM-DD HH:mm');
    expect(await notices('xmjl', id)).toEqual([['2', `工单 ${o.code}「电梯困人」响应即将超时（时限 ${due(o.response_due_at)}）；完成即将超时（时限 ${due(o.finish_due_at)}），请尽快处理【响应超时预警、紧急事件响应预警、完成超时预警】`]]);
  });

  it('warns nobody through a disabled rule', async () => {
    const rule = (await xmjl.post(`${WR}/list`, { filters: { name: '响应超时预警' } })).body.data.records[0];
    expect((await xmjl.post(`${WR}/enable`, { id: rule.id, enabled: 0 })).body.message).toBe('已停用');
    const id = await create();
    await sweep((await order(id)).response_due_at + MIN);
    expect(await warnings(id)).toEqual([]);
    expect((await order(id)).sla_state).toBe('overdue');
    await xmjl.post(`${WR}/enable`, { id: rule.id, enabled: 1 });
  });

  it('gives orders created by other modules (patrol findings) their limits from their priority', async () => {
    const now = Date.now();
    const inserted = await db()
      .insertInto('work_order')
      .values({ code: `XC${now}`, project_id: project, house_id: null, customer_id: null, kind: 'repair', title: '巡查问题：地库照明', content: '地库 B2 区灯具损坏', status: 'pending', source: 'patrol', priority: 'high', processor_id: null, created_by: null, created_at: now, updated_at: now, finished_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sweep(now + MIN);
    const o = await order(inserted.id);
    expect([o.response_due_at - now, o.finish_due_at - now]).toEqual([30 * MIN, 12 * 60 * MIN]);
  });
});

describe('service types, problem standards and warning rules', () => {
  it('keeps service types two levels deep, of their category’s kind, with SLA limits', async () => {
    const category = (await xmjl.post(`${ST}/add`, { name: '公区维修', kind: 'repair', work_hours: 12, response_minutes: 60 })).body.data.id;
    const type = await xmjl.post(`${ST}/add`, { parent_id: category, name: '公区照明', kind: 'repair', ai_labels: ['路灯', '楼道灯'] });
    expect(type.body.message).toBe('新增成功');
    const under = await xmjl.post(`${ST}/add`, { parent_id: type.body.data.id, name: '三级', kind: 'repair', work_hours: 1, response_minutes: 10 });
    expect([under.http, under.body.message]).toEqual([400, '「公区照明」是服务类型，服务类型下不能再建下级']);
    expect((await xmjl.post(`${ST}/add`, { parent_id: category, name: '投诉', kind: 'complaint' })).body.message).toBe('服务类型的工单类型必须与服务类别「公区维修」一致');
    const bare = (await xmjl.post(`${ST}/add`, { name: '空类别', kind: 'praise' })).body.data.id;
    expect((await xmjl.post(`${ST}/add`, { parent_id: bare, name: '无工时', kind: 'praise' })).body.message).toBe('请填写标准工时（小时）');
    expect((await xmjl.post(`${ST}/add`, { parent_id: category, name: '标签多', kind: 'repair', ai_labels: Array.from({ length: 21 }, (_, i) => `词${i}`) })).body.message).toBe('AI 标签最多 20 个');
    expect((await xmjl.post(`${ST}/add`, { parent_id: category, name: '公区照明', kind: 'repair' })).body.message).toBe('名称「公区照明」已存在');
    const denied = await kefu.post(`${ST}/add`, { name: 'x', kind: 'repair' });
    expect(denied.http).toBe(403);

    // The order's words find the type by its AI labels; its limits are the category's.
    const id = await create({ title: '楼道灯坏了', content: '3 栋 2 单元楼道灯坏了', house_id: null, address: '3栋2单元' });
    const o = await order(id);
    expect(o.service_type_id_label).toBe('公区照明');
    expect([o.response_due_at - o.created_at, o.finish_due_at - o.created_at]).toEqual([60 * MIN, 12 * 60 * MIN]);

    const tree = (await kefu.get(`${ST}/tree`, { kind: 'repair' })).body.data;
    const node = tree.find((c: { label: string }) => c.label === '公区维修');
    expect(node.children).toEqual([{ label: '公区照明', value: type.body.data.id, workHours: 12, responseMinutes: 60 }]);

    const guarded = await admin.post(`${ST}/delete`, { ids: [type.body.data.id] });
    expect([guarded.http, guarded.body.message]).toEqual([409, '该服务类型已有工单，不能删除，请改为停用']);
    expect((await xmjl.post(`${ST}/enable`, { id: category, enabled: 0 })).http).toBe(200);
    expect((await xmjl.get(`${ST}/detail`, { id: type.body.data.id })).body.data.enabled).toBe(0);
    expect((await xmjl.post(`${ST}/enable`, { id: type.body.data.id, enabled: 1 })).body.message).toBe('服务类别「公区维修」已停用，请先启用服务类别');
    expect((await kefu.post(`${T}/add`, { project_id: project, kind: 'repair', title: '路灯', content: '路灯坏了', address: '东门', service_type_id: type.body.data.id })).body.message).toBe('服务类型「公区照明」已停用');
  });

  it('sets processors, AI labels and working hours one aspect at a time (spec 7.5)', async () => {
    const type = (await admin.post(`${ST}/list`, { filters: { name: '门窗维修' } })).body.data.records[0];
    expect((await xmjl.post(`${ST}/processors`, { id: type.id, processor_ids: [ids.weixiu, ids.p1s1] })).body.message).toBe('处理人已保存');
    expect((await xmjl.get(`${ST}/detail`, { id: type.id })).body.data.processor_ids).toEqual([ids.weixiu, ids.p1s1].sort((a, b) => a - b));
    expect((await xmjl.post(`${ST}/processors`, { id: type.id, processor_ids: [999999] })).body.message).toBe('处理人不存在或已被删除');
    expect((await xmjl.post(`${ST}/aiLabels`, { id: type.id, ai_labels: ['门锁', '门锁'] })).body.message).toBe('AI 标签「门锁」重复');
    expect((await xmjl.post(`${ST}/aiLabels`, { id: type.id, ai_labels: ['门锁', '猫眼'] })).body.message).toBe('AI 标签已保存');
    expect((await xmjl.post(`${ST}/workHours`, { id: type.id, work_hours: 6, response_minutes: 20 })).body.message).toBe('标准工时已保存');
    expect((await xmjl.get(`${ST}/detail`, { id: type.id })).body.data).toMatchObject({ ai_labels: ['门锁', '猫眼'], work_hours: 6, response_minutes: 20 });
    const id = await create({ title: '入户门猫眼脱落', content: '猫眼松动脱落' });
    const o = await order(id);
    expect([o.service_type_id_label, o.response_due_at - o.created_at, o.finish_due_at - o.created_at]).toEqual(['门窗维修', 20 * MIN, 6 * 60 * MIN]);
    const category = (await admin.post(`${ST}/list`, { filters: { name: '户内维修' } })).body.data.records[0];
    expect((await xmjl.post(`${ST}/workHours`, { id: category.id, work_hours: 6, response_minutes: 20 })).http).toBe(409);
    expect((await kefu.post(`${ST}/aiLabels`, { id: type.id, ai_labels: [] })).http).toBe(403);
  });

  it('keeps problem standards under a service type, unique by name', async () => {
    const type = (await admin.post(`${ST}/list`, { filters: { name: '水电维修' } })).body.data.records[0];
    const added = await xmjl.post('/api/workorder/problemStandard/add', { service_type_id: type.id, name: '马桶漏水', standard: '更换进水阀或密封圈，试水 10 分钟', work_minutes: 45 });
    expect(added.body.message).toBe('新增成功');
    expect((await xmjl.post('/api/workorder/problemStandard/add', { service_type_id: type.id, name: '马桶漏水', standard: 'x', work_minutes: 5 })).body.message).toBe('问题描述「马桶漏水」已存在');
    expect((await xmjl.post('/api/workorder/problemStandard/add', { service_type_id: type.id, name: '无用时', standard: 'x' })).body.message).toBe('请填写标准用时（分钟）');
    const listed = (await weixiu.get('/api/workorder/problemStandard/options')).body.data.map((o: { label: string }) => o.label);
    expect(listed).toContain('马桶漏水');
  });

  it('checks warning rules: kinds of the dictionary, posts of the rule’s project, somebody to tell', async () => {
    const add = (values: Record<string, unknown>) => xmjl.post(`${WR}/add`, { project_id: project, name: '投诉完成预警', stage: 'finish', before_minutes: 60, ...values });
    const otherPost = (await db().selectFrom('post').select('id').where('org_id', '=', DEMO_PROJECTS.jinxiu.id).executeTakeFirstOrThrow()).id;
    expect((await add({ kinds: ['repair', 'teleport'] })).body.message).toBe('适用工单类型「teleport」不存在');
    expect((await add({ notify_post_ids: [otherPost] })).body.message).toBe('通知岗位「项目经理」不属于规则的项目');
    expect((await add({ notify_processor: false, notify_dispatcher: false })).body.message).toBe('请至少选择一类通知对象（处理人、调度员、岗位或人员）');
    const ok = await add({ kinds: ['complaint', 'repair'], notify_processor: false, notify_dispatcher: false, notify_staff_ids: [ids.kefu] });
    expect(ok.body.message).toBe('新增成功');
    expect((await xmjl.get(`${WR}/detail`, { id: ok.body.data.id })).body.data).toMatchObject({ kinds_text: '报修、投诉', notify_staff_ids_label: '林晓雯', notify_processor: 0 });
    expect((await add({})).body.message).toBe('规则名称「投诉完成预警」已存在');
    const projects = new Set((await xmjl.post(`${WR}/list`, { pageSize: 100 })).body.data.records.map((r: { project_name: string }) => r.project_name));
    expect([...projects]).toEqual([DEMO_PROJECTS.cuihu.name]);
    const denied = await weixiu.post(`${WR}/add`, { project_id: project, name: 'x', stage: 'finish', before_minutes: 1 });
    expect(denied.http).toBe(403);
  });
});
