import { describe, expect, it } from 'vitest';
import { actRefusal, afterApproval, afterRefusal, INSTANCE_TEXT, ownRefusal, staleText, urgeRefusal } from '../../server/engine/approvalRules.ts';
import { parseSteps, stepsProblem } from '../../server/engine/approvals.ts';

// The approval engine's decisions without a server, for the mutation run (npm run test:mutation).
// Expected texts and outcomes are written out here.
const task = { approver_id: 7, status: 'wait', step_seq: 2 };
const instance = { submitter_id: 3, status: 'running', step_seq: 2 };

describe('who decides a task', () => {
  it('its approver, on someone else’s running approval, at the current step', () => {
    expect(actRefusal(task, instance, 7)).toBeNull();
  });
  it('nobody else', () => {
    expect(actRefusal(task, instance, 8)).toEqual({ status: 403, message: '只有当前审批人可以处理该审批' });
    expect(actRefusal(task, instance, 3)).toEqual({ status: 403, message: '只有当前审批人可以处理该审批' });
  });
  it('never their own submission', () => {
    expect(actRefusal({ ...task, approver_id: 3 }, instance, 3)).toEqual({ status: 403, message: '不能审批自己提交的申请' });
  });
  it('not once the approval has ended, saying how', () => {
    expect(actRefusal(task, { ...instance, status: 'approved' }, 7)).toEqual({ status: 409, message: '该审批已结束（审批通过），无需重复操作' });
    expect(actRefusal(task, { ...instance, status: 'rejected' }, 7)).toEqual({ status: 409, message: '该审批已结束（审批不通过），无需重复操作' });
    expect(actRefusal(task, { ...instance, status: 'withdrawn' }, 7)).toEqual({ status: 409, message: '该审批已结束（已撤回），无需重复操作' });
    expect(actRefusal(task, { ...instance, status: 'odd' }, 7)).toEqual({ status: 409, message: '该审批已结束（odd），无需重复操作' });
  });
  it('not a task already decided, transferred, or of another step', () => {
    expect(actRefusal({ ...task, status: 'approve' }, instance, 7)).toBe('stale');
    expect(actRefusal({ ...task, status: 'transfer' }, instance, 7)).toBe('stale');
    expect(actRefusal({ ...task, step_seq: 1 }, instance, 7)).toBe('stale');
    expect(actRefusal(task, { ...instance, step_seq: 3 }, 7)).toBe('stale');
  });
  it('a stale task’s refusal says who decided it', () => {
    expect(staleText('transfer', '王芳', '李强')).toBe('该审批任务已转派他人，无需处理');
    expect(staleText('approve', '王芳', '李强')).toBe('该审批节点已由「王芳」处理，无需重复操作');
    expect(staleText('approve', '李强', '李强')).toBe('该审批任务已处理，无需重复操作');
    expect(staleText('cancel', undefined, '李强')).toBe('该审批任务已处理，无需重复操作');
    expect(staleText('cancel', '', '李强')).toBe('该审批任务已处理，无需重复操作');
  });
});

describe('who withdraws or urges an approval', () => {
  it('its submitter while it runs', () => {
    expect(ownRefusal(instance, 3, '撤回')).toBeNull();
    expect(ownRefusal(instance, 7, '撤回')).toEqual({ status: 403, message: '只有提交人可以撤回' });
    expect(ownRefusal({ ...instance, status: 'approved' }, 3, '催办')).toEqual({ status: 409, message: '该审批已结束（审批通过），不能催办' });
    expect(ownRefusal({ ...instance, status: 'approved' }, 7, '催办')).toEqual({ status: 403, message: '只有提交人可以催办' });
  });
  it('an urge at most once every 30 minutes, telling the minutes left rounded up', () => {
    const interval = 30 * 60_000;
    const t = 1_790_000_000_000;
    expect(urgeRefusal(null, t, interval)).toBeNull();
    expect(urgeRefusal(0, t, interval)).toBeNull();
    expect(urgeRefusal(t - interval, t, interval)).toBeNull();
    expect(urgeRefusal(t - interval + 1, t, interval)).toBe('30 分钟内只能催办一次，请 1 分钟后再试');
    expect(urgeRefusal(t, t, interval)).toBe('30 分钟内只能催办一次，请 30 分钟后再试');
    expect(urgeRefusal(t - 60_001, t, interval)).toBe('30 分钟内只能催办一次，请 29 分钟后再试');
    expect(urgeRefusal(t - 59_999, t, interval)).toBe('30 分钟内只能催办一次，请 30 分钟后再试');
  });
});

describe('what a decision does next', () => {
  it('a countersigned step waits for the others; any other step passes at its first approval', () => {
    expect(afterApproval('and', 1, 1, 3)).toBe('wait');
    expect(afterApproval('and', 0, 1, 3)).toBe('next');
    expect(afterApproval('or', 2, 1, 3)).toBe('next');
    expect(afterApproval('single', 1, 2, 3)).toBe('next');
    expect(afterApproval(undefined, 1, 2, 3)).toBe('next');
  });
  it('the last step’s pass finishes the approval', () => {
    expect(afterApproval('single', 0, 3, 3)).toBe('finish');
    expect(afterApproval('and', 0, 1, 1)).toBe('finish');
    expect(afterApproval('and', 2, 1, 1)).toBe('wait');
  });
  it('a refusal goes back a step only when the step says so and has one before it', () => {
    const steps = [{ reject_to: 'prev' }, { reject_to: 'prev' }, { reject_to: 'end' }, {}, { reject_to: null }];
    expect(afterRefusal(steps, 2)).toBe('prev');
    expect(afterRefusal(steps, 1)).toBe('end');
    expect(afterRefusal(steps, 3)).toBe('end');
    expect(afterRefusal(steps, 4)).toBe('end');
    expect(afterRefusal(steps, 5)).toBe('end');
    expect(afterRefusal(steps, 9)).toBe('end');
    expect(afterRefusal([undefined, { reject_to: 'prev' }], 2)).toBe('prev');
  });
});

describe('a flow’s steps are well formed', () => {
  const step = (over: Record<string, unknown> = {}) => ({ name: '部门审批', sign_type: 'single', strategy: 'role', role_ids: [2], ...over });
  it('accepts complete steps, as objects or as stored JSON', () => {
    expect(stepsProblem([step()])).toBeNull();
    expect(stepsProblem(JSON.stringify([step(), step({ name: '总经理', strategy: 'project_manager', reject_to: 'prev', timeout_hours: 720, timeout_action: 'approve' })]))).toBeNull();
    expect(stepsProblem([step({ strategy: 'dept_head' })])).toBeNull();
    expect(stepsProblem([step({ strategy: 'post', post_ids: [1] }), step({ strategy: 'staff', staff_ids: [5], reject_to: 'end', timeout_hours: 1, timeout_action: 'remind' })])).toBeNull();
    expect(stepsProblem(Array.from({ length: 20 }, () => step()))).toBeNull();
    expect(stepsProblem([step({ reject_to: null, timeout_hours: null })])).toBeNull();
    expect(stepsProblem([step({ name: 'x'.repeat(50) })])).toBeNull();
  });
  it('refuses no steps, too many, or unreadable JSON', () => {
    expect(stepsProblem([])).toBe('请至少添加一个审批节点');
    expect(stepsProblem('not json')).toBe('请至少添加一个审批节点');
    expect(stepsProblem({})).toBe('请至少添加一个审批节点');
    expect(stepsProblem(Array.from({ length: 21 }, () => step()))).toBe('审批节点不能多于 20 个');
  });
  it('refuses each incomplete part, naming the step', () => {
    expect(stepsProblem([step(), step({ name: ' ' })])).toBe('请填写第 2 个审批节点的名称（50 字以内）');
    expect(stepsProblem([step({ name: 'x'.repeat(51) })])).toBe('请填写第 1 个审批节点的名称（50 字以内）');
    expect(stepsProblem([step({ name: 5 })])).toBe('请填写第 1 个审批节点的名称（50 字以内）');
    expect(stepsProblem([null])).toBe('请填写第 1 个审批节点的名称（50 字以内）');
    expect(stepsProblem([step({ sign_type: 'all' })])).toBe('请选择第 1 个审批节点「部门审批」的审批方式');
    expect(stepsProblem([step({ sign_type: undefined })])).toBe('请选择第 1 个审批节点「部门审批」的审批方式');
    expect(stepsProblem([step({ strategy: 'boss' })])).toBe('请选择第 1 个审批节点「部门审批」的审批人类型');
    expect(stepsProblem([step({ strategy: '' })])).toBe('请选择第 1 个审批节点「部门审批」的审批人类型');
    expect(stepsProblem([step({ role_ids: [0] })])).toBe('第 1 个审批节点「部门审批」的审批人设置不正确');
    expect(stepsProblem([step({ role_ids: [1.5] })])).toBe('第 1 个审批节点「部门审批」的审批人设置不正确');
    expect(stepsProblem([step({ role_ids: '2' })])).toBe('第 1 个审批节点「部门审批」的审批人设置不正确');
    expect(stepsProblem([step({ strategy: 'post', post_ids: undefined })])).toBe('第 1 个审批节点「部门审批」的审批人设置不正确');
    expect(stepsProblem([step({ strategy: 'staff', staff_ids: [-1] })])).toBe('第 1 个审批节点「部门审批」的审批人设置不正确');
    expect(stepsProblem([step({ role_ids: [] })])).toBe('请为第 1 个审批节点「部门审批」选择按角色的审批人');
    expect(stepsProblem([step({ strategy: 'post', post_ids: [] })])).toBe('请为第 1 个审批节点「部门审批」选择按岗位的审批人');
    expect(stepsProblem([step({ strategy: 'staff', staff_ids: [] })])).toBe('请为第 1 个审批节点「部门审批」选择指定人员的审批人');
    expect(stepsProblem([step({ reject_to: 'first' })])).toBe('第 1 个审批节点「部门审批」的驳回方式不正确');
    expect(stepsProblem([step({ reject_to: 'prev' })])).toBe('第 1 个审批节点「部门审批」是第一个节点，驳回不能退回上一节点');
    for (const hours of [0, -1, 721, '5', Number.NaN]) {
      expect(stepsProblem([step({ timeout_hours: hours, timeout_action: 'remind' })])).toBe('第 1 个审批节点「部门审批」的超时时长应为 1 到 720 小时');
    }
    expect(stepsProblem([step({ timeout_hours: 24 })])).toBe('请选择第 1 个审批节点「部门审批」超时后的处理方式');
    expect(stepsProblem([step({ timeout_hours: 24, timeout_action: 'ignore' })])).toBe('请选择第 1 个审批节点「部门审批」超时后的处理方式');
  });
});

describe('what an approval shows', () => {
  it('each state by the spec’s words (the approval center’s 审批状态)', () => {
    expect(INSTANCE_TEXT).toEqual({ running: '审批中', approved: '审批通过', rejected: '审批不通过', withdrawn: '已撤回' });
  });
  it('steps as stored or as sent; text that is not JSON is no steps at all', () => {
    expect(parseSteps('[{"name":"部门审批"}]')).toEqual([{ name: '部门审批' }]);
    expect(parseSteps([{ name: '部门审批' }])).toEqual([{ name: '部门审批' }]);
    expect(parseSteps('[{"name":')).toBeNull();
  });
});
