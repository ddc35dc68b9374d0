import { beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * Who approves (server/engine/approvals.ts): the submitter's department head, a flow's 审批人去重
 * (the approver of two steps in a row decides once), approvers who leave mid-way (replaced by
 * the step's rule on the timers' clock, or the approval marked 审批人失效 and the administrators
 * told), and the submitted record shown by its kind's detail screen.
 */
const server = setUpServer();
const [admin, weixiu, xmjl] = setUpApis(server, 'admin', 'weixiu', 'xmjl');
const T = '/api/mkf/questionTask';
const A = '/api/approve';
const ids: Record<string, number> = {};
const db = () => server.app.db as any;

const move = (api: Api, id: number, action: string, values?: Record<string, unknown>) => api.post(`${T}/transition`, { id, action, values });
const instanceOf = async (orderId: number) => (await db().selectFrom('approval_instance').selectAll().where('biz_id', '=', orderId).orderBy('id', 'desc').executeTakeFirstOrThrow()) as Record<string, any>;
const waiting = async (instanceId: number) => (await db().selectFrom('approval_task').selectAll().where('instance_id', '=', instanceId).where('status', '=', 'wait').orderBy('id').execute()) as Record<string, any>[];
const approvers = async (instanceId: number) => (await waiting(instanceId)).map((t) => t.approver_id as number);
const history = async (instanceId: number) =>
  ((await admin.get(`${A}/instance/view`, { id: instanceId })).body.data.history as { action_text: string; staff_name: string; comment: string | null }[]).map((h) => `${h.action_text}:${h.staff_name}${h.comment ? `:${h.comment}` : ''}`);

async function addFlow(flow: Record<string, unknown>): Promise<number> {
  const answer = await admin.post(`${A}/flow/add`, { allow_withdraw: true, scope_org_id: DEMO_PROJECTS.cuihu.id, biz_type: 'hangUp', ...flow });
  expect(answer.body.message).toBe('新增成功');
  return answer.body.data.id;
}

/** An order of 翠湖天地 given out to 王师傅, accepted and submitted by him for suspension. */
async function submitted(title: string): Promise<{ order: number; instance: Record<string, any> }> {
  const order = (await admin.post(`${T}/add`, { project_id: DEMO_PROJECTS.cuihu.id, kind: 'repair', title, content: '水泵异响', address: '地下室泵房' })).body.data.id as number;
  expect((await move(admin, order, 'giveOut', { processor_id: ids.weixiu })).http).toBe(200);
  expect((await move(weixiu, order, 'accept')).http).toBe(200);
  const answer = await move(weixiu, order, 'hangUp', { hang_reason: '等待厂家配件' });
  expect(answer.body.message).not.toContain('找不到');
  return { order, instance: await instanceOf(order) };
}

beforeAll(async () => {
  for (const a of ['admin', 'kefu', 'diaodu', 'weixiu', 'xmjl']) ids[a] = (await db().selectFrom('staff').select('id').where('account', '=', a).executeTakeFirstOrThrow()).id;
  // The demo's flows go (each test adds its own); their instances keep their steps, and no flow.
  await db().updateTable('approval_instance' as never).set({ flow_id: null } as never).execute();
  await db().deleteFrom('approval_flow').execute();
});

describe('the submitter\'s department head', () => {
  it('is the leader of the submitter\'s department, or of the one above when there is none or it is the submitter', async () => {
    const now = Date.now();
    const dept = async (code: string, name: string, parent: number | null, leader: number | null) =>
      (await db().insertInto('dept').values({ org_id: DEMO_PROJECTS.cuihu.id, code, name, parent_id: parent, leader_id: leader, sort: 0, enabled: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id as number;
    const centre = await dept('T-CENTRE', '测试服务中心', null, ids.xmjl);
    const works = await dept('T-WORKS', '测试工程部', centre, null);
    await db().updateTable('staff').set({ dept_id: works }).where('id', '=', ids.weixiu).execute();
    const flow = await addFlow({ name: '部门负责人审批', steps: [{ name: '部门负责人审批', sign_type: 'single', strategy: 'dept_head' }] });
    // 工程部 has no leader: the centre's (刘海燕) approves.
    const first = await submitted('部门负责人：上级部门');
    expect(await approvers(first.instance.id)).toEqual([ids.xmjl]);
    // Now 王师傅 leads 工程部 himself: his own submission still goes up to the centre.
    await db().updateTable('dept').set({ leader_id: ids.weixiu }).where('id', '=', works).execute();
    const second = await submitted('部门负责人：本人是负责人');
    expect(await approvers(second.instance.id)).toEqual([ids.xmjl]);
    // With 林晓雯 leading 工程部 she approves.
    await db().updateTable('dept').set({ leader_id: ids.kefu }).where('id', '=', works).execute();
    const third = await submitted('部门负责人：本部门');
    expect(await approvers(third.instance.id)).toEqual([ids.kefu]);
    // Nobody above: the submission is refused with the step named, and nothing moves.
    await db().updateTable('staff').set({ dept_id: null }).where('id', '=', ids.weixiu).execute();
    const order = (await admin.post(`${T}/add`, { project_id: DEMO_PROJECTS.cuihu.id, kind: 'repair', title: '无部门', content: '水泵异响', address: '泵房' })).body.data.id as number;
    await move(admin, order, 'giveOut', { processor_id: ids.weixiu });
    await move(weixiu, order, 'accept');
    const refused = await move(weixiu, order, 'hangUp', { hang_reason: '等待配件' });
    expect([refused.http, refused.body.message]).toEqual([400, '审批节点「部门负责人审批」在项目「翠湖天地」找不到审批人（提交人不能审批自己的申请），请联系管理员调整审批流程']);
    expect((await admin.get(`${T}/detail`, { id: order })).body.data.status).toBe('processing');
    await admin.post(`${A}/flow/delete`, { ids: [flow] });
  });
});

describe('审批人去重', () => {
  const steps = () => [
    { name: '项目经理审批', sign_type: 'single', strategy: 'staff', staff_ids: [ids.xmjl] },
    { name: '项目复核', sign_type: 'single', strategy: 'staff', staff_ids: [ids.xmjl] },
    { name: '客服确认', sign_type: 'single', strategy: 'staff', staff_ids: [ids.kefu] },
  ];

  it('passes the steps an approver would decide again in a row, and only with the flow\'s switch on', async () => {
    const flow = await addFlow({ name: '去重', auto_skip: true, steps: steps() });
    const { instance } = await submitted('去重：连续两个节点');
    const [task] = await waiting(instance.id);
    expect((await xmjl.post(`${A}/task/approve`, { id: task!.id, comment: '同意' })).body.data.status).toBe('running');
    expect(await instanceOf(instance.biz_id)).toMatchObject({ step_seq: 3, step_name: '客服确认' });
    expect(await history(instance.id)).toEqual(['提交:王师傅', '通过:刘海燕:同意', '通过:刘海燕:与上一节点审批人相同，自动通过']);
    await admin.post(`${A}/flow/delete`, { ids: [flow] });

    const plain = await addFlow({ name: '不去重', steps: steps() });
    const second = await submitted('去重：关闭时');
    await xmjl.post(`${A}/task/approve`, { id: (await waiting(second.instance.id))[0]!.id });
    expect(await instanceOf(second.order)).toMatchObject({ step_seq: 2, step_name: '项目复核' });
    await admin.post(`${A}/flow/delete`, { ids: [plain] });
  });
});

describe('an approver who leaves mid-way', () => {
  it('is replaced by whom the step\'s role finds now; with nobody left the approval is marked and the administrators told', async () => {
    const role = (await db().selectFrom('role').select('id').where('code', '=', 'customer_service').executeTakeFirstOrThrow()).id as number;
    const flow = await addFlow({ name: '按角色', steps: [{ name: '客服审批', sign_type: 'single', strategy: 'role', role_ids: [role] }] });
    const { instance } = await submitted('审批人离岗');
    const [first] = await approvers(instance.id);
    // Nothing changes while the approver still holds the role.
    await server.app.workflowTimers.run(Date.now());
    expect(await approvers(instance.id)).toEqual([first]);
    // The first approver is disabled: the next holder of the role in the project gets the task.
    const holders = (await server.app.approvals.approversOf(server.app.db, { name: 'x', sign_type: 'or', strategy: 'role', role_ids: [role] }, DEMO_PROJECTS.cuihu.id, ids.weixiu))!.filter((id) => id !== ids.weixiu);
    expect(holders[0]).toBe(first);
    await db().updateTable('staff').set({ enabled: 0 }).where('id', '=', first).execute();
    try {
      await server.app.workflowTimers.run(Date.now());
      if (holders.length > 1) {
        expect(await approvers(instance.id)).toEqual([holders[1]]);
        expect((await history(instance.id)).at(-1)).toMatch(/^更换审批人:系统:.+已停用或不再担任该节点的审批人，改由「.+」审批$/);
      }
      // Everyone holding the role gone: marked, the administrators told once, the record unchanged.
      await db().updateTable('staff').set({ enabled: 0 }).where('id', 'in', holders).execute();
      await server.app.workflowTimers.run(Date.now());
      await server.app.workflowTimers.run(Date.now());
      expect(await approvers(instance.id)).toEqual([]);
      expect(await instanceOf(instance.biz_id)).toMatchObject({ status: 'running', approver_names: '（审批人失效，待管理员处理）' });
      expect((await history(instance.id)).filter((h) => h.startsWith('审批人失效'))).toHaveLength(1);
      const told = await db().selectFrom('staff_message').select('content').where('staff_id', '=', ids.admin).where('function_id', '=', String(instance.id)).execute();
      expect(told.map((m: { content: string }) => m.content)).toEqual([`「审批人离岗」（${instance.code}）的节点「客服审批」审批人失效，请调整审批流程或人员岗位`]);
      expect((await admin.get(`${T}/detail`, { id: instance.biz_id })).body.data.status).toBe('hangup_pending');
      // Someone holds the role again: the next pass gives them the step.
      await db().updateTable('staff').set({ enabled: 1 }).where('id', '=', first).execute();
      await server.app.workflowTimers.run(Date.now());
      expect(await approvers(instance.id)).toEqual([first]);
      expect((await instanceOf(instance.biz_id)).orphaned_at).toBeNull();
    } finally {
      await db().updateTable('staff').set({ enabled: 1 }).where('id', 'in', [first, ...holders]).execute();
      await admin.post(`${A}/flow/delete`, { ids: [flow] });
    }
  });

  it('keeps a task transferred by hand while its approver is enabled', async () => {
    const flow = await addFlow({ name: '转派保留', steps: [{ name: '项目经理审批', sign_type: 'single', strategy: 'project_manager' }] });
    const { instance } = await submitted('转派后不被替换');
    const [task] = await waiting(instance.id);
    const manager = new Api(admin.baseUrl, await server.app.sessions.create(task!.approver_id, { userAgent: 'test' }));
    expect((await manager.post(`${A}/task/transfer`, { id: task!.id, to: ids.kefu, comment: '请林晓雯代审' })).http).toBe(200);
    await server.app.workflowTimers.run(Date.now());
    expect(await approvers(instance.id)).toEqual([ids.kefu]);
    await admin.post(`${A}/flow/delete`, { ids: [flow] });
  });
});

describe('the record as submitted', () => {
  it('is shown by the items of its kind\'s detail screen, in their words', async () => {
    const flow = await addFlow({ name: '快照', steps: [{ name: '项目经理审批', sign_type: 'single', strategy: 'project_manager' }] });
    const { instance } = await submitted('快照按详情页');
    const view = (await xmjl.get(`${A}/instance/view`, { id: instance.id })).body.data;
    const page = server.app.catalogue.pages.find((p: any) => p.kind === 'detail' && p.resource === 'work_order' && !p.public) as any;
    const titles = page.sections.flatMap((s: any) => s.items ?? []).map((i: any) => i.title);
    const labels = (view.snapshot as { label: string }[]).map((i) => i.label);
    expect(labels.length).toBeGreaterThan(3);
    expect(labels.every((l) => titles.includes(l))).toBe(true);
    expect(labels).toEqual(titles.filter((t: string) => labels.includes(t)));
    await admin.post(`${A}/flow/delete`, { ids: [flow] });
  });
});
