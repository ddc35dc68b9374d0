import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../support/api.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_ORG, DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * Approvals as data (server/engine/approvals.ts, server/modules/approval/): flows per kind and
 * organisation, single / counter-sign / or-sign steps, reject, withdraw, urge, transfer,
 * concurrent decisions, who may do what, and the data scope of the lists. The work order's
 * suspension (hangUp) and abnormal closure (improper) are the approvable kinds: their
 * declaration is in schemas/workorder/resources/work_order.json.
 */
const server = setUpServer();
const [admin, kefu, diaodu, weixiu, xmjl, xuncha, p1s1, p2s1, p3s1, p1s3] = setUpApis(server, 'admin', 'kefu', 'diaodu', 'weixiu', 'xmjl', 'xuncha', 'p1s1', 'p2s1', 'p3s1', 'p1s3');
const T = '/api/mkf/questionTask';
const A = '/api/approve';
const ids: Record<string, number> = {};
const demo: { flows: string[]; instances: { status: string; project_id: number; biz_type: string }[] } = { flows: [], instances: [] };
const db = () => server.app.db;

const idOf = async (account: string) => (await db().selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const move = (api: Api, id: number, action: string, values?: Record<string, unknown>, note?: string) => api.post(`${T}/transition`, { id, action, values, note });
const statusOf = async (id: number) => (await admin.get(`${T}/detail`, { id })).body.data.status;
const step = (name: string, sign_type: string, strategy: string, extra: Record<string, unknown> = {}) => ({ name, sign_type, strategy, ...extra });

/** An order of a project, given out to a technician of it and accepted by them. */
async function processing(projectId: number, technician: Api, account: string): Promise<number> {
  const added = await admin.post(`${T}/add`, { project_id: projectId, kind: 'repair', title: `${account} 的维修单`, content: '卫生间水龙头漏水', address: '1栋 1单元 101' });
  expect(added.body.message).toBe('新增成功');
  const id = added.body.data.id as number;
  expect((await move(admin, id, 'giveOut', { processor_id: ids[account] })).http).toBe(200);
  expect((await move(technician, id, 'accept')).http).toBe(200);
  return id;
}

/** The running approval of an order. */
const instanceOf = async (orderId: number) =>
  db().selectFrom('approval_instance' as never).selectAll().where('biz_id' as never, '=', orderId as never).orderBy('id' as never, 'desc').executeTakeFirstOrThrow() as Promise<Record<string, any>>;
/** Waiting tasks of an approval: [approver account id, step]. */
const waiting = async (instanceId: number) =>
  (await db().selectFrom('approval_task' as never).selectAll().where('instance_id' as never, '=', instanceId as never).where('status' as never, '=', 'wait' as never).orderBy('id' as never).execute()) as Record<string, any>[];
const taskOf = async (instanceId: number, staffId: number) => (await waiting(instanceId)).find((t) => t.approver_id === staffId)!.id as number;

async function addFlow(flow: Record<string, unknown>): Promise<number> {
  const answer = await admin.post(`${A}/flow/add`, { allow_withdraw: true, ...flow });
  expect(answer.body.message).toBe('新增成功');
  return answer.body.data.id;
}

beforeAll(async () => {
  for (const a of ['admin', 'kefu', 'diaodu', 'weixiu', 'xmjl', 'xuncha', 'p1s1', 'p2s1', 'p3s1']) ids[a] = await idOf(a);
  demo.flows = (await db().selectFrom('approval_flow' as never).select('name' as never).orderBy('id' as never).execute()).map((f: any) => f.name);
  demo.instances = (await db().selectFrom('approval_instance' as never).select(['status', 'project_id', 'biz_type'] as never).execute()) as any[];
  // Demo flows live at 锦绣华庭 and 华南区域: this file configures its own, from the company down to 翠湖天地.
  // The demo's flows go (each test adds its own); their instances keep their steps, and no flow.
  await db().updateTable('approval_instance' as never).set({ flow_id: null } as never).execute();
  await db().deleteFrom('approval_flow' as never).execute();
  await addFlow({ name: '公司挂起审批', biz_type: 'hangUp', steps: [step('巡查复核', 'single', 'staff', { staff_ids: [ids.xuncha] })] });
  await addFlow({ name: '华东挂起审批', biz_type: 'hangUp', scope_org_id: DEMO_ORG.eastRegion, steps: [step('区域审批', 'single', 'staff', { staff_ids: [ids.admin] })] });
  await addFlow({
    name: '翠湖天地挂起审批',
    biz_type: 'hangUp',
    scope_org_id: DEMO_PROJECTS.cuihu.id,
    steps: [step('项目经理审批', 'single', 'project_manager'), step('客服或调度确认', 'or', 'staff', { staff_ids: [ids.kefu, ids.diaodu] }), step('客服与调度会签', 'and', 'staff', { staff_ids: [ids.kefu, ids.diaodu] })],
  });
});

describe('approval flows', () => {
  it('are seeded in the demo with running and finished approvals', () => {
    // The approval module's own demo flows; the modules that declare kinds seed theirs too.
    expect(demo.flows.slice(0, 4)).toEqual(['锦绣华庭挂起审批', '华南区域异常关闭审批', '翠湖天地对外回复审批', '锦绣华庭对外回复审批']);
    expect(demo.flows).toEqual(expect.arrayContaining(['广告投放审批', '运营内容审核', '群发通知审批', '活动审批', '信箱回复审批', '用印审批（公司）', '华南区域问卷审批']));
    const statuses = new Set(demo.instances.map((i) => i.status));
    for (const s of ['running', 'approved', 'rejected']) expect(statuses.has(s)).toBe(true);
    expect(demo.instances.some((i) => i.biz_type === 'improper' && i.project_id !== DEMO_PROJECTS.jinxiu.id)).toBe(true);
  });

  it('are checked on save: steps, kind, and an approver for every step in every project in scope (named)', async () => {
    expect((await admin.post(`${A}/flow/add`, { name: '空流程', biz_type: 'hangUp', steps: [] })).body.message).toBe('请至少添加一个审批节点');
    expect((await admin.post(`${A}/flow/add`, { name: '错类型', biz_type: 'nothing', steps: [step('a', 'single', 'project_manager')] })).body.message).toBe('审批类型「nothing」不存在');
    expect((await admin.post(`${A}/flow/add`, { name: '缺人员', biz_type: 'hangUp', steps: [step('指定审批', 'single', 'staff', { staff_ids: [] })] })).body.message).toBe('请为第 1 个审批节点「指定审批」选择指定人员的审批人');
    // 客服管家 of 翠湖天地 reaches no other project: the company-wide flow names the first project without one.
    const post = (await db().selectFrom('post').select('id').where('org_id', '=', DEMO_PROJECTS.cuihu.id).where('name', '=', '客服管家').executeTakeFirstOrThrow()).id;
    const answer = await admin.post(`${A}/flow/add`, { name: '全公司按岗位', biz_type: 'improper', steps: [step('客服审核', 'single', 'post', { post_ids: [post] })] });
    expect([answer.http, answer.body.message]).toEqual([400, '项目「锦绣华庭」的第 1 个审批节点「客服审核」找不到审批人']);
    // The same step is fine for 翠湖天地 alone; the project manager step lacks one in 锦绣华庭 (no 项目经理 there).
    const cuihu = await admin.post(`${A}/flow/add`, { name: '翠湖按岗位', biz_type: 'improper', scope_org_id: DEMO_PROJECTS.cuihu.id, steps: [step('客服审核', 'single', 'post', { post_ids: [post] })] });
    expect(cuihu.body.message).toBe('新增成功');
    await admin.post(`${A}/flow/delete`, { ids: [cuihu.body.data.id] });
    expect((await admin.post(`${A}/flow/add`, { name: '锦绣经理', biz_type: 'improper', scope_org_id: DEMO_PROJECTS.jinxiu.id, steps: [step('项目经理审批', 'single', 'project_manager')] })).body.message).toBe(
      '项目「锦绣华庭」的第 1 个审批节点「项目经理审批」找不到审批人',
    );
    // Only those with the flow buttons configure flows.
    expect((await xmjl.post(`${A}/flow/add`, { name: 'x', biz_type: 'hangUp', steps: [step('a', 'single', 'project_manager')] })).http).toBe(403);
    // Every kind a resource declares, by its label, and nothing else.
    const declared = [...server.app.catalogue.resources.values()].flatMap((r) => (r.approval ? [r.approval].flat() : [])).map((k) => ({ label: k.label, value: k.kind }));
    expect(declared.length).toBeGreaterThan(5);
    const kinds = (await admin.get(`${A}/kinds`)).body.data as { label: string; value: string }[];
    expect([...kinds].sort((a, b) => a.value.localeCompare(b.value))).toEqual([...declared].sort((a, b) => a.value.localeCompare(b.value)));
  });

  it('resolve per project: the project overrides its region, the region the company', async () => {
    const cuihu = await processing(DEMO_PROJECTS.cuihu.id, weixiu, 'weixiu');
    const jinxiu = await processing(DEMO_PROJECTS.jinxiu.id, p2s1, 'p2s1');
    const binjiang = await processing(DEMO_PROJECTS.binjiang.id, p3s1, 'p3s1');
    expect((await move(weixiu, cuihu, 'hangUp', { hang_reason: '等待配件' })).body.data.state).toBe('hangup_pending');
    expect((await move(p2s1, jinxiu, 'hangUp', { hang_reason: '业主不在家' })).body.data.state).toBe('hangup_pending');
    expect((await move(p3s1, binjiang, 'hangUp', { hang_reason: '厂家排期' })).body.data.state).toBe('hangup_pending');
    const approverOf = async (order: number) => (await waiting((await instanceOf(order)).id)).map((t) => t.approver_id);
    expect(await approverOf(cuihu)).toEqual([ids.xmjl]);
    expect(await approverOf(jinxiu)).toEqual([ids.admin]);
    expect(await approverOf(binjiang)).toEqual([ids.xuncha]);
    const instance = await instanceOf(cuihu);
    expect(instance).toMatchObject({ biz_type: 'hangUp', biz_resource: 'work_order', status: 'running', step_name: '项目经理审批', approver_names: '刘海燕', submitter_id: ids.weixiu, project_id: DEMO_PROJECTS.cuihu.id });
    expect(instance.code).toMatch(/^SP\d{8}\d{4}$/);
    // The approver got a to-do notice naming the approval.
    const notice = await db().selectFrom('staff_message').select(['category', 'type', 'content', 'function_id']).where('staff_id', '=', ids.xmjl).where('type', '=', 'approval').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ category: '1', function_id: String(instance.id) });
    expect(notice.content).toBe(`挂起审批「weixiu 的维修单」（${instance.code}）等待您审批：项目经理审批`);
  });
});

describe('deciding', () => {
  it('single, then or-sign (one decides, the second is told who did), then counter-sign (all must approve); the record moves when it ends', async () => {
    const order = await processing(DEMO_PROJECTS.cuihu.id, weixiu, 'weixiu');
    await move(weixiu, order, 'hangUp', { hang_reason: '等待配件到货' });
    const instance = await instanceOf(order);
    const first = await taskOf(instance.id, ids.xmjl);

    // Only the current approver acts; nobody approves their own submission; the outcome is the engine's.
    expect([(await weixiu.post(`${A}/task/approve`, { id: first })).http, (await weixiu.post(`${A}/task/approve`, { id: first })).body.message]).toEqual([403, '只有当前审批人可以处理该审批']);
    expect((await kefu.post(`${A}/task/approve`, { id: first })).body.message).toBe('只有当前审批人可以处理该审批');
    // Someone with the record's approve move but no task in the approval is sent to the center.
    const direct = await move(admin, order, 'hangUpAgree');
    expect([direct.http, direct.body.message]).toEqual([409, `该工单正在审批中（${instance.code}），请在审批中心处理`]);
    const edit = await admin.post(`${T}/update`, { id: order, title: '改标题' });
    expect([edit.http, edit.body.message]).toEqual([409, `工单正在审批中（${instance.code}），不能修改；如需修改请先撤回审批`]);

    expect((await xmjl.post(`${A}/task/approve`, { id: first, comment: '同意' })).body.data.status).toBe('running');
    const [a, b] = await Promise.all([kefu.post(`${A}/task/approve`, { id: await taskOf(instance.id, ids.kefu) }), diaodu.post(`${A}/task/approve`, { id: await taskOf(instance.id, ids.diaodu) })]);
    const answers = [a, b].sort((x, y) => x.http - y.http);
    expect(answers.map((x) => x.http)).toEqual([200, 409]);
    const winner = a.http === 200 ? '林晓雯' : '周建国';
    expect(answers[1]!.body.message).toBe(`该审批节点已由「${winner}」处理，无需重复操作`);

    expect((await instanceOf(order)).step_name).toBe('客服与调度会签');
    expect((await kefu.post(`${A}/task/approve`, { id: await taskOf(instance.id, ids.kefu) })).body.data.status).toBe('running');
    expect((await instanceOf(order)).approver_names).toBe('周建国');
    expect(await statusOf(order)).toBe('hangup_pending');
    expect((await diaodu.post(`${A}/task/decide`, { id: await taskOf(instance.id, ids.diaodu), decision: 'approve', comment: null })).body.data.status).toBe('approved');
    expect(await statusOf(order)).toBe('suspended');
    expect(await instanceOf(order)).toMatchObject({ status: 'approved', approver_names: null });
    // A decided approval takes no more decisions.
    expect((await xmjl.post(`${A}/task/approve`, { id: first })).body.message).toBe('该审批已结束（审批通过），无需重复操作');

    const timeline = (await admin.get(`${T}/timeline`, { id: order })).body.data.map((t: { action: string; staff_name: string }) => [t.action, t.staff_name]);
    expect(timeline.slice(-2)).toEqual([['hangUp', '王师傅'], ['hangUpAgree', '周建国']]);
    const view = (await weixiu.get(`${A}/instance/view`, { id: instance.id })).body.data;
    expect(view.history.map((h: { action_text: string; staff_name: string }) => `${h.action_text}:${h.staff_name}`)).toEqual([
      '提交:王师傅', '通过:刘海燕', `通过:${winner}`, '通过:林晓雯', '通过:周建国', '审批结束:系统',
    ]);
    expect(view.snapshot).toContainEqual({ label: '挂起原因', value: '等待配件到货' });
    expect(view.snapshot).toContainEqual({ label: '所属项目', value: '翠湖天地' });
    expect(view.snapshot).toContainEqual({ label: '工单状态', value: '挂起待审批' });
    // The submitter is told the outcome.
    expect((await db().selectFrom('staff_message').select('content').where('staff_id', '=', ids.weixiu).where('function_id', '=', String(instance.id)).executeTakeFirstOrThrow()).content).toBe('您提交的「weixiu 的维修单」已审批通过');
  });

  it('reject needs a comment, ends the approval and moves the record back; the snapshot keeps what was submitted', async () => {
    const order = await processing(DEMO_PROJECTS.cuihu.id, weixiu, 'weixiu');
    await move(weixiu, order, 'hangUp', { hang_reason: '业主出差一周' });
    const instance = await instanceOf(order);
    const task = await taskOf(instance.id, ids.xmjl);
    expect([(await xmjl.post(`${A}/task/reject`, { id: task })).http, (await xmjl.post(`${A}/task/reject`, { id: task, comment: '  ' })).body.message]).toEqual([400, '请填写驳回意见']);
    expect((await xmjl.post(`${A}/task/decide`, { id: task, decision: 'reject', comment: '' })).body.message).toBe('请填写驳回意见');
    expect((await xmjl.post(`${A}/task/reject`, { id: task, comment: '可以预约周末上门' })).body.data.status).toBe('rejected');
    expect(await statusOf(order)).toBe('processing');
    const timeline = (await admin.get(`${T}/timeline`, { id: order })).body.data;
    expect(timeline.at(-1)).toMatchObject({ action: 'hangUpReject', staff_name: '刘海燕', note: '可以预约周末上门' });
    // Resubmitting starts a new approval, and the first one still shows what was first submitted.
    await move(weixiu, order, 'hangUp', { hang_reason: '配件缺货' });
    const again = await instanceOf(order);
    expect(again.id).not.toBe(instance.id);
    const first = (await xmjl.get(`${A}/instance/view`, { id: instance.id })).body.data;
    expect(first.snapshot).toContainEqual({ label: '挂起原因', value: '业主出差一周' });
    expect(first.status_text).toBe('审批不通过');
  });

  it('transfer hands the task to another staff member, never to the submitter', async () => {
    const order = await processing(DEMO_PROJECTS.cuihu.id, weixiu, 'weixiu');
    await move(weixiu, order, 'hangUp', { hang_reason: '等待物业公司批复' });
    const instance = await instanceOf(order);
    const task = await taskOf(instance.id, ids.xmjl);
    expect((await xmjl.post(`${A}/task/transfer`, { id: task, to: ids.weixiu })).body.message).toBe('不能转派给提交人');
    expect((await xmjl.post(`${A}/task/transfer`, { id: task, to: ids.xmjl })).body.message).toBe('不能转派给自己');
    expect((await kefu.post(`${A}/task/transfer`, { id: task, to: ids.xuncha })).http).toBe(403);
    expect((await xmjl.post(`${A}/task/transfer`, { id: task, to: ids.xuncha, comment: '休假中' })).body.message).toBe('转派成功');
    expect((await xmjl.post(`${A}/task/approve`, { id: task })).body.message).toBe('该审批任务已转派他人，无需处理');
    expect((await instanceOf(order)).approver_names).toBe('陈志强');
    expect((await xuncha.post(`${A}/task/approve`, { id: await taskOf(instance.id, ids.xuncha) })).body.data.status).toBe('running');
    expect((await instanceOf(order)).step_name).toBe('客服或调度确认');
  });

  it('withdraw and urge are the submitter\'s; urging is at most once every 30 minutes', async () => {
    const order = await processing(DEMO_PROJECTS.cuihu.id, weixiu, 'weixiu');
    await move(weixiu, order, 'hangUp', { hang_reason: '等待厂家' });
    const instance = await instanceOf(order);
    expect([(await xmjl.post(`${A}/instance/withdraw`, { id: instance.id })).http, (await xmjl.post(`${A}/instance/urge`, { id: instance.id })).body.message]).toEqual([403, '只有提交人可以催办']);
    const before = await db().selectFrom('staff_message').select('id').where('staff_id', '=', ids.xmjl).where('function_id', '=', String(instance.id)).execute();
    expect((await weixiu.post(`${A}/instance/urge`, { id: instance.id })).body.data.notified).toBe(1);
    const after = await db().selectFrom('staff_message').select('content').where('staff_id', '=', ids.xmjl).where('function_id', '=', String(instance.id)).orderBy('id').execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)!.content).toBe(`王师傅催办：「weixiu 的维修单」（${instance.code}）等待您审批`);
    const soon = await weixiu.post(`${A}/instance/urge`, { id: instance.id });
    expect([soon.http, soon.body.message]).toEqual([429, '30 分钟内只能催办一次，请 30 分钟后再试']);
    await db().updateTable('approval_instance' as never).set({ urged_at: Date.now() - 31 * 60_000 } as never).where('id' as never, '=', instance.id as never).execute();
    expect((await weixiu.post(`${A}/instance/urge`, { id: instance.id })).http).toBe(200);
    expect((await instanceOf(order)).urge_count).toBe(2);

    expect((await weixiu.post(`${A}/instance/withdraw`, { id: instance.id, comment: '配件已到' })).body.message).toBe('已撤回');
    expect(await statusOf(order)).toBe('processing');
    expect((await instanceOf(order)).status).toBe('withdrawn');
    const withdrawn = (await db().selectFrom('approval_task' as never).selectAll().where('instance_id' as never, '=', instance.id as never).executeTakeFirstOrThrow()) as Record<string, any>;
    expect(withdrawn.status).toBe('withdrawn');
    expect((await xmjl.post(`${A}/task/approve`, { id: withdrawn.id })).body.message).toBe('该审批已结束（已撤回），无需重复操作');
    expect((await weixiu.post(`${A}/instance/withdraw`, { id: instance.id })).body.message).toBe('该审批已结束（已撤回），不能撤回');
    // After withdrawing, the record moves again: a new submission is a new approval.
    expect((await move(weixiu, order, 'hangUp', { hang_reason: '配件又缺货' })).body.data.state).toBe('hangup_pending');
    expect((await instanceOf(order)).id).not.toBe(instance.id);
  });

  it('refuses a submission whose step would have only the submitter to approve it, and moves nothing', async () => {
    const flow = await addFlow({ name: '翠湖异常关闭', biz_type: 'improper', scope_org_id: DEMO_PROJECTS.cuihu.id, steps: [step('本人确认', 'single', 'staff', { staff_ids: [ids.weixiu] })] });
    const order = await processing(DEMO_PROJECTS.cuihu.id, weixiu, 'weixiu');
    const answer = await move(weixiu, order, 'improper', { improper_reason: '重复报事' });
    expect([answer.http, answer.body.message]).toEqual([400, '审批节点「本人确认」在项目「翠湖天地」找不到审批人（提交人不能审批自己的申请），请联系管理员调整审批流程']);
    expect(await statusOf(order)).toBe('processing');
    await admin.post(`${A}/flow/delete`, { ids: [flow] });
    // Without a flow for the kind, the move is the record's own as before (approved by the transition).
    expect((await move(weixiu, order, 'improper', { improper_reason: '重复报事' })).body.data.state).toBe('improper_pending');
    expect((await move(xmjl, order, 'improperAgree')).body.data.state).toBe('improper_closed');
  });
});

describe('the approval center lists', () => {
  it('show my tasks, my submissions, and everything only with approval:all, within the data scope', async () => {
    // A task transferred to xmjl from 锦绣华庭 (outside his data scope) is still his to see and decide.
    const jinxiuTask = (await db().selectFrom('approval_task' as never).selectAll().where('approver_id' as never, '=', ids.admin as never).where('status' as never, '=', 'wait' as never).where('project_id' as never, '=', DEMO_PROJECTS.jinxiu.id as never).executeTakeFirstOrThrow()) as Record<string, any>;
    expect((await admin.post(`${A}/task/transfer`, { id: jinxiuTask.id, to: ids.xmjl })).body.message).toBe('转派成功');
    const todo = async (api: Api, view = 'todo') => (await api.post(`${A}/task/list`, { pageSize: 200, filters: { view } })).body.data.records as Record<string, any>[];
    const mineXmjl = await todo(xmjl);
    expect(mineXmjl.some((t) => t.project_id === DEMO_PROJECTS.jinxiu.id)).toBe(true);
    expect(mineXmjl.every((t) => t.approver_id === ids.xmjl && t.status === 'wait')).toBe(true);
    expect((await todo(xmjl, 'done')).every((t) => t.approver_id === ids.xmjl && ['approve', 'reject', 'transfer'].includes(t.status))).toBe(true);
    // kefu has no approval:all: asking for everything answers her own tasks only.
    expect((await todo(kefu, 'all')).every((t) => t.approver_id === ids.kefu)).toBe(true);
    const all = await todo(admin, 'all');
    for (const p of [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id, DEMO_PROJECTS.binjiang.id]) expect(all.some((t) => t.project_id === p)).toBe(true);
    // xmjl may see all within his project (翠湖天地), and besides only his own tasks.
    const xmjlAll = await todo(xmjl, 'all');
    expect(xmjlAll.length).toBeGreaterThan(mineXmjl.length);
    expect(xmjlAll.every((t) => t.project_id === DEMO_PROJECTS.cuihu.id || t.approver_id === ids.xmjl)).toBe(true);
    expect(xmjlAll.some((t) => t.project_id === DEMO_PROJECTS.cuihu.id && t.approver_id !== ids.xmjl)).toBe(true);
    expect(all.some((t) => t.project_id !== DEMO_PROJECTS.cuihu.id && t.approver_id !== ids.xmjl)).toBe(true);
    expect(xmjlAll.some((t) => t.project_id !== DEMO_PROJECTS.cuihu.id && t.approver_id !== ids.xmjl)).toBe(false);
    expect((await xmjl.post(`${A}/task/list`, { filters: { view: 'elsewhere' } })).body.message).toBe('审批列表视图不正确');

    const submitted = (await weixiu.post(`${A}/instance/list`, { pageSize: 200, filters: { view: 'mine' } })).body.data.records as Record<string, any>[];
    expect(submitted.length).toBeGreaterThan(3);
    expect(submitted.every((i) => i.submitter_id === ids.weixiu && i.submitter_id_label === '王师傅')).toBe(true);
    const jinxiu = (await p2s1.post(`${A}/instance/list`, { pageSize: 200, filters: { view: 'mine' } })).body.data.records as { project_id: number; submitter_id: number }[];
    expect(jinxiu.length).toBeGreaterThan(0);
    expect(jinxiu.every((i) => i.project_id === DEMO_PROJECTS.jinxiu.id && i.submitter_id === ids.p2s1)).toBe(true);
    // Someone outside an approval does not see it; the approver and the submitter do.
    const instance = submitted[0]!;
    expect((await p1s1.get(`${A}/instance/view`, { id: instance.id })).http).toBe(404);
    expect((await p2s1.get(`${A}/instance/view`, { id: instance.id })).http).toBe(404);
    expect((await weixiu.get(`${A}/instance/view`, { id: instance.id })).http).toBe(200);
    // Without the center's button (p1s3 holds no role), nothing of it answers.
    expect((await p1s3.post(`${A}/task/list`, { filters: { view: 'todo' } })).http).toBe(403);
    expect((await p1s3.get(`${A}/instance/view`, { id: instance.id })).http).toBe(403);
    expect((await p1s3.get(`${A}/todo`)).body.data).toEqual({ items: [] });
  });

  it('counts my waiting approvals per kind, and the landing page shows them as 待审批', async () => {
    const waitingOf = async (staffId: number) => Number(((await db().selectFrom('approval_task' as never).select((eb) => eb.fn.countAll().as('n')).where('approver_id' as never, '=', staffId as never).where('status' as never, '=', 'wait' as never).executeTakeFirstOrThrow()) as { n: number }).n);
    const n = await waitingOf(ids.xmjl);
    expect(n).toBeGreaterThan(0);
    expect((await xmjl.get(`${A}/todo`)).body.data).toEqual({ items: [{ key: 'approval', title: '待审批', count: n, route: '/approve-manager/center' }] });
    const counts = (await xmjl.get(`${A}/counts`)).body.data;
    expect(counts.todo).toBe(n);
    expect(counts.kinds.reduce((sum: number, k: { count: number }) => sum + k.count, 0)).toBe(n);
    expect(counts.kinds.find((k: { kind: string }) => k.kind === 'reply').count).toBeGreaterThan(0);
  });

  it('counts each tab of the center as its list does; 全部 only with approval:all, within the data scope', async () => {
    const total = async (api: Api, resource: 'task' | 'instance', filters: Record<string, string>) => (await api.post(`${A}/${resource}/list`, { pageSize: 10, filters })).body.data.total as number;
    for (const [api, hasAll] of [[xmjl, true], [kefu, false], [admin, true], [weixiu, false]] as const) {
      const counts = (await api.get(`${A}/counts`)).body.data;
      expect(counts.todo).toBe(await total(api, 'task', { view: 'todo' }));
      expect(counts.done).toBe(await total(api, 'task', { view: 'done' }));
      expect(counts.mine).toBe(await total(api, 'instance', { view: 'mine' }));
      expect(counts.copied).toBe(await total(api, 'instance', { view: 'copied' }));
      expect(counts.all).toBe(hasAll ? await total(api, 'instance', { view: 'all' }) : null);
      const hang = (await api.get(`${A}/counts`, { kind: 'hangUp' })).body.data;
      expect(hang.todo).toBe(await total(api, 'task', { view: 'todo', biz_type: 'hangUp' }));
    }
    // xmjl's 全部 is his project's approvals and those he took part in, fewer than the administrator's.
    expect((await xmjl.get(`${A}/counts`)).body.data.all).toBeLessThan((await admin.get(`${A}/counts`)).body.data.all);
    expect((await weixiu.get(`${A}/counts`)).body.data.mine).toBeGreaterThan(3);
    const unknown = await xmjl.get(`${A}/counts`, { kind: 'nothing' });
    expect([unknown.http, unknown.body.message]).toEqual([400, '审批类型「nothing」不存在']);
  });
});
