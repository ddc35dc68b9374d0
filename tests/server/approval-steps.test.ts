import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../support/api.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * A step's options in an approval flow (server/engine/approvals.ts): reject back to the previous
 * step, timeouts on the workflow timers' clock (remind once, auto-approve, auto-reject; the clock
 * is advanced by passing a later time to the timers), and copy-to (抄送: notified when the
 * approval ends, listed under 抄送我的, allowed to read it). Work-order suspension (hangUp) and
 * abnormal closure (improper) are the approvable kinds.
 */
const server = setUpServer();
const [admin, kefu, weixiu, xmjl, xuncha] = setUpApis(server, 'admin', 'kefu', 'weixiu', 'xmjl', 'xuncha');
const T = '/api/mkf/questionTask';
const A = '/api/approve';
const HOUR = 3600_000;
const ids: Record<string, number> = {};
const db = () => server.app.db;

const move = (api: Api, id: number, action: string, values?: Record<string, unknown>) => api.post(`${T}/transition`, { id, action, values });
const statusOf = async (id: number) => (await admin.get(`${T}/detail`, { id })).body.data.status;
const step = (name: string, strategy: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name, sign_type: 'single', ...strategy, ...extra });
const staffStep = (name: string, staff: number[], extra: Record<string, unknown> = {}) => step(name, { strategy: 'staff', staff_ids: staff }, extra);
const instanceOf = async (orderId: number) =>
  (await db().selectFrom('approval_instance' as never).selectAll().where('biz_id' as never, '=', orderId as never).orderBy('id' as never, 'desc').executeTakeFirstOrThrow()) as Record<string, any>;
const waiting = async (instanceId: number) =>
  (await db().selectFrom('approval_task' as never).selectAll().where('instance_id' as never, '=', instanceId as never).where('status' as never, '=', 'wait' as never).orderBy('id' as never).execute()) as Record<string, any>[];
const taskOf = async (instanceId: number, staffId: number) => (await waiting(instanceId)).find((t) => t.approver_id === staffId)!.id as number;
const firstTask = async (instanceId: number) => ((await db().selectFrom('approval_task' as never).select('id' as never).where('instance_id' as never, '=', instanceId as never).orderBy('id' as never).executeTakeFirstOrThrow()) as { id: number }).id;
const notices = async (staffId: number, instanceId: number) =>
  (await db().selectFrom('staff_message').select(['category', 'content']).where('staff_id', '=', staffId).where('function_id', '=', String(instanceId)).orderBy('id').execute()).map((n) => `${n.category}:${n.content}`);
const history = async (api: Api, instanceId: number) =>
  ((await api.get(`${A}/instance/view`, { id: instanceId })).body.data.history as { action_text: string; staff_name: string; comment: string | null }[]).map((h) => `${h.action_text}:${h.staff_name}${h.comment ? `:${h.comment}` : ''}`);

async function addFlow(flow: Record<string, unknown>): Promise<number> {
  const answer = await admin.post(`${A}/flow/add`, { allow_withdraw: true, scope_org_id: DEMO_PROJECTS.cuihu.id, ...flow });
  expect(answer.body.message).toBe('新增成功');
  return answer.body.data.id;
}

/** An order of 翠湖天地 given out to 王师傅 and accepted, then submitted for the kind's approval. */
async function submitted(kind: 'hangUp' | 'improper', title: string): Promise<{ order: number; instance: Record<string, any> }> {
  const added = await admin.post(`${T}/add`, { project_id: DEMO_PROJECTS.cuihu.id, kind: 'repair', title, content: '楼道灯不亮', address: '2栋 1单元 走廊' });
  const order = added.body.data.id as number;
  expect((await move(admin, order, 'giveOut', { processor_id: ids.weixiu })).http).toBe(200);
  expect((await move(weixiu, order, 'accept')).http).toBe(200);
  const values = kind === 'hangUp' ? { hang_reason: '等待配件' } : { improper_reason: '业主已自行修好' };
  expect((await move(weixiu, order, kind, values)).http).toBe(200);
  return { order, instance: await instanceOf(order) };
}

beforeAll(async () => {
  for (const a of ['admin', 'kefu', 'diaodu', 'weixiu', 'xmjl', 'xuncha']) {
    ids[a] = (await db().selectFrom('staff').select('id').where('account', '=', a).executeTakeFirstOrThrow()).id;
  }
  // The demo's flows go (each test adds its own); their instances keep their steps, and no flow.
  await db().updateTable('approval_instance' as never).set({ flow_id: null } as never).execute();
  await db().deleteFrom('approval_flow' as never).execute();
});

describe('flow options are checked on save', () => {
  it('refuses a first step that returns to a previous one, a timeout without an action, and unknown copy-to staff', async () => {
    const add = (flow: Record<string, unknown>) => admin.post(`${A}/flow/add`, { name: '检查', biz_type: 'hangUp', ...flow });
    expect((await add({ steps: [staffStep('经理审批', [1], { reject_to: 'prev' })] })).body.message).toBe('第 1 个审批节点「经理审批」是第一个节点，驳回不能退回上一节点');
    expect((await add({ steps: [staffStep('经理审批', [1], { reject_to: 'somewhere' })] })).body.message).toBe('第 1 个审批节点「经理审批」的驳回方式不正确');
    expect((await add({ steps: [staffStep('经理审批', [1], { timeout_hours: 24 })] })).body.message).toBe('请选择第 1 个审批节点「经理审批」超时后的处理方式');
    expect((await add({ steps: [staffStep('经理审批', [1], { timeout_hours: 0, timeout_action: 'remind' })] })).body.message).toBe('第 1 个审批节点「经理审批」的超时时长应为 1 到 720 小时');
    expect((await add({ steps: [staffStep('经理审批', [1])], copy_to: [999999] })).body.message).toBe('抄送人不存在或已停用');
    // A list of anything but staff ids fails the field's declared shape (issue 40, finding 9).
    expect((await add({ steps: [staffStep('经理审批', [1])], copy_to: ['张三'] })).body.message).toBe('抄送人格式不正确');
    expect((await add({ steps: [staffStep('经理审批', [1])], copy_to: Array.from({ length: 51 }, (_, i) => i + 1) })).body.message).toBe('抄送人最多 50 项');
    expect(await db().selectFrom('approval_flow' as never).selectAll().execute()).toEqual([]);
  });
});

describe('reject to the previous step, and copy-to', () => {
  it('returns the approval to the previous step, then copies the decided approval to the flow\'s copy-to staff', async () => {
    const flow = await addFlow({
      name: '翠湖异常关闭（退回）',
      biz_type: 'improper',
      copy_to: [ids.xuncha, ids.admin, ids.weixiu],
      steps: [staffStep('项目经理审批', [ids.xmjl]), staffStep('客服复核', [ids.kefu], { reject_to: 'prev' })],
    });
    const { order, instance } = await submitted('improper', '楼道灯异常关闭');
    expect((await xmjl.post(`${A}/task/approve`, { id: await taskOf(instance.id, ids.xmjl) })).body.data.status).toBe('running');
    const back = await kefu.post(`${A}/task/reject`, { id: await taskOf(instance.id, ids.kefu), comment: '请补充业主确认记录' });
    expect([back.body.message, back.body.data.status]).toEqual(['已驳回', 'running']);
    // Back at the first step: the manager decides again, the record has not moved.
    expect(await instanceOf(order)).toMatchObject({ status: 'running', step_seq: 1, step_name: '项目经理审批', approver_names: '刘海燕' });
    expect(await statusOf(order)).toBe('improper_pending');
    expect((await notices(ids.xmjl, instance.id)).at(-1)).toBe(`1:异常关闭审批（被退回）「楼道灯异常关闭」（${instance.code}）等待您审批：项目经理审批`);
    // Nobody was copied yet: the approval has not ended.
    expect(await notices(ids.xuncha, instance.id)).toEqual([]);
    expect((await xuncha.get(`${A}/instance/view`, { id: instance.id })).http).toBe(404);

    await xmjl.post(`${A}/task/approve`, { id: await taskOf(instance.id, ids.xmjl), comment: '已补充' });
    expect((await kefu.post(`${A}/task/approve`, { id: await taskOf(instance.id, ids.kefu) })).body.data.status).toBe('approved');
    expect(await statusOf(order)).toBe('improper_closed');
    expect(await history(weixiu, instance.id)).toEqual([
      '提交:王师傅',
      '通过:刘海燕',
      '退回上一节点:林晓雯:退回「项目经理审批」：请补充业主确认记录',
      '通过:刘海燕:已补充',
      '通过:林晓雯',
      '审批结束:系统:审批通过',
      '抄送:系统:抄送给：系统管理员、陈志强',
    ]);
    // Copies: each copy-to staff member but the submitter is told once and may read the approval.
    expect(await notices(ids.xuncha, instance.id)).toEqual([`2:抄送：异常关闭审批「楼道灯异常关闭」（${instance.code}）已审批通过`]);
    expect((await notices(ids.weixiu, instance.id)).filter((n) => n.includes('抄送'))).toEqual([]);
    const view = (await xuncha.get(`${A}/instance/view`, { id: instance.id })).body.data;
    expect([view.status_text, view.copy_names, view.my_task_id, view.can_withdraw]).toEqual(['审批通过', '系统管理员、陈志强', null, false]);
    const copied = async (api: Api) => ((await api.post(`${A}/instance/list`, { pageSize: 100, filters: { view: 'copied' } })).body.data.records as { id: number }[]).map((r) => r.id);
    expect(await copied(xuncha)).toContain(instance.id);
    expect(await copied(kefu)).not.toContain(instance.id);
    // A copy does not make its reader an approver.
    expect((await xuncha.post(`${A}/task/approve`, { id: await firstTask(instance.id) })).http).toBe(403);
    await admin.post(`${A}/flow/delete`, { ids: [flow] });
  });

  it('are in the demo: 锦绣华庭\'s decided suspensions are copied to 陈志强', async () => {
    const copies = (await xuncha.post(`${A}/instance/list`, { pageSize: 100, filters: { view: 'copied' } })).body.data.records as { status: string; project_id: number }[];
    const jinxiu = copies.filter((c) => c.project_id === DEMO_PROJECTS.jinxiu.id);
    expect(jinxiu.length).toBeGreaterThan(1);
    expect(copies.every((c) => ['approved', 'rejected'].includes(c.status))).toBe(true);
  });

  it('copies nobody when the submitter withdraws', async () => {
    const flow = await addFlow({ name: '翠湖挂起（抄送）', biz_type: 'hangUp', copy_to: [ids.xuncha], steps: [staffStep('项目经理审批', [ids.xmjl])] });
    const { instance } = await submitted('hangUp', '撤回不抄送');
    expect((await weixiu.post(`${A}/instance/withdraw`, { id: instance.id })).body.message).toBe('已撤回');
    expect(await notices(ids.xuncha, instance.id)).toEqual([]);
    await admin.post(`${A}/flow/delete`, { ids: [flow] });
  });
});

describe('the suspension and abnormal-closure pages under a flow', () => {
  it('decide the caller\'s approval task with the record\'s own 同意 / 驳回 moves', async () => {
    const flow = await addFlow({ name: '翠湖挂起（两级）', biz_type: 'hangUp', steps: [staffStep('项目经理审批', [ids.xmjl]), staffStep('公司审批', [ids.admin])] });
    const { order, instance } = await submitted('hangUp', '页面上审批');
    const first = await move(xmjl, order, 'hangUpAgree');
    expect([first.http, first.body.message, first.body.data.state]).toEqual([200, '已通过，等待「公司审批」审批', 'hangup_pending']);
    expect(await instanceOf(order)).toMatchObject({ status: 'running', step_seq: 2, approver_names: '系统管理员' });
    // Not (or no longer) an approver of the current step: sent to the center, nothing moves.
    const again = await move(xmjl, order, 'hangUpAgree');
    expect([again.http, again.body.message]).toEqual([409, `该工单正在审批中（${instance.code}），请在审批中心处理`]);
    // The reject move still needs its note, which becomes the approval's comment.
    expect((await admin.post(`${T}/transition`, { id: order, action: 'hangUpReject' })).body.message).toBe('请填写驳回挂起说明');
    const rejected = await admin.post(`${T}/transition`, { id: order, action: 'hangUpReject', note: '配件仓库有货' });
    expect([rejected.body.message, rejected.body.data.state]).toEqual(['已驳回', 'processing']);
    expect(await history(weixiu, instance.id)).toEqual(['提交:王师傅', '通过:刘海燕', '驳回:系统管理员:配件仓库有货']);
    await admin.post(`${A}/flow/delete`, { ids: [flow] });
    // Without a flow the same moves are the record's own again.
    await move(weixiu, order, 'hangUp', { hang_reason: '再次等待配件' });
    expect((await move(xmjl, order, 'hangUpAgree')).body).toMatchObject({ message: '同意挂起成功', data: { state: 'suspended' } });
  });
});

describe('timeouts on the workflow timers\' clock', () => {
  it('remind once after the step\'s hours, then approve a counter-sign step for every overdue approver', async () => {
    const flow = await addFlow({
      name: '翠湖挂起（超时）',
      biz_type: 'hangUp',
      steps: [
        staffStep('项目经理审批', [ids.xmjl], { timeout_hours: 24, timeout_action: 'remind' }),
        { ...staffStep('客服与调度会签', [ids.kefu, ids.diaodu], { timeout_hours: 48, timeout_action: 'approve' }), sign_type: 'and' },
      ],
    });
    const { order, instance } = await submitted('hangUp', '超时提醒与自动同意');
    const start = Date.now();
    await server.app.workflowTimers.run(start + 23 * HOUR);
    expect(await notices(ids.xmjl, instance.id)).toHaveLength(1);
    await server.app.workflowTimers.run(start + 25 * HOUR);
    await server.app.workflowTimers.run(start + 26 * HOUR);
    const reminded = await notices(ids.xmjl, instance.id);
    expect(reminded).toHaveLength(2);
    expect(reminded[1]).toBe(`1:超时提醒：「超时提醒与自动同意」（${instance.code}）等待您审批已超过 24 小时，请尽快处理`);
    expect(await instanceOf(order)).toMatchObject({ status: 'running', step_seq: 1 });

    await xmjl.post(`${A}/task/approve`, { id: await taskOf(instance.id, ids.xmjl) });
    // 林晓雯 approves herself; 周建国 lets the 48 hours pass.
    await kefu.post(`${A}/task/approve`, { id: await taskOf(instance.id, ids.kefu) });
    await server.app.workflowTimers.run(Date.now() + 47 * HOUR);
    expect((await instanceOf(order)).status).toBe('running');
    await server.app.workflowTimers.run(Date.now() + 49 * HOUR);
    expect(await instanceOf(order)).toMatchObject({ status: 'approved' });
    expect(await statusOf(order)).toBe('suspended');
    expect((await history(weixiu, instance.id)).slice(1)).toEqual([
      '超时提醒:系统:超过 24 小时未审批，已提醒审批人',
      '通过:刘海燕',
      '通过:林晓雯',
      '通过:系统:超过 48 小时未审批，系统自动同意',
      '审批结束:系统:审批通过',
    ]);
    const timeline = (await admin.get(`${T}/timeline`, { id: order })).body.data;
    expect(timeline.at(-1)).toMatchObject({ action: 'hangUpAgree', staff_name: '系统' });
    await admin.post(`${A}/flow/delete`, { ids: [flow] });
  });

  it('auto-reject ends the approval and moves the record back; the submitter is told why', async () => {
    const flow = await addFlow({ name: '翠湖异常关闭（超时驳回）', biz_type: 'improper', steps: [staffStep('项目经理审批', [ids.xmjl], { timeout_hours: 1, timeout_action: 'reject' })] });
    const { order, instance } = await submitted('improper', '超时自动驳回');
    await server.app.workflowTimers.run(Date.now() + 30 * 60_000);
    expect(await statusOf(order)).toBe('improper_pending');
    await server.app.workflowTimers.run(Date.now() + 2 * HOUR);
    expect((await instanceOf(order)).status).toBe('rejected');
    expect(await statusOf(order)).toBe('processing');
    expect((await notices(ids.weixiu, instance.id)).at(-1)).toBe('2:您提交的「超时自动驳回」未通过审批：超过 1 小时未审批，系统自动驳回');
    expect((await xmjl.post(`${A}/task/approve`, { id: await firstTask(instance.id) })).body.message).toBe('该审批已结束（审批不通过），无需重复操作');
    await admin.post(`${A}/flow/delete`, { ids: [flow] });
  });
});
