// The decisions of the approval engine (approvals.ts), as pure functions (issue 43: the rules the
// mutation run holds, testable without a server): who may act on a task or an approval, and
// what an approval or a refusal does next.

/** The Chinese names of an approval's states, as its history and refusals say them. */
export const INSTANCE_TEXT: Record<string, string> = { running: '审批中', approved: '审批通过', rejected: '审批不通过', withdrawn: '已撤回' };

/** A refusal: its HTTP status (403 not yours, 409 no longer possible) and message. */
export interface Refusal {
  status: 403 | 409;
  message: string;
}

const ended = (status: string, act: string): Refusal => ({ status: 409, message: `该审批已结束（${INSTANCE_TEXT[status] ?? status}），${act}` });

/**
 * Whether a staff member may decide a task: only its approver, never on their own submission,
 * while the approval runs. 'stale' when the task is no longer waiting at the current step (the
 * caller then says who decided it, see staleText); null when they may.
 */
export function actRefusal(task: { approver_id: number; status: string; step_seq: number }, instance: { submitter_id: number; status: string; step_seq: number | null }, staffId: number): Refusal | 'stale' | null {
  if (task.approver_id !== staffId) return { status: 403, message: '只有当前审批人可以处理该审批' };
  if (instance.submitter_id === staffId) return { status: 403, message: '不能审批自己提交的申请' };
  if (instance.status !== 'running') return ended(instance.status, '无需重复操作');
  if (task.status !== 'wait' || task.step_seq !== instance.step_seq) return 'stale';
  return null;
}

/** The refusal of a task no longer waiting: transferred, or decided by someone else or the caller. */
export function staleText(taskStatus: string, deciderName: string | undefined, staffName: string): string {
  if (taskStatus === 'transfer') return '该审批任务已转派他人，无需处理';
  return deciderName && deciderName !== staffName ? `该审批节点已由「${deciderName}」处理，无需重复操作` : '该审批任务已处理，无需重复操作';
}

/** Whether a staff member may withdraw or urge an approval (`act`): only its submitter, while it runs. */
export function ownRefusal(instance: { submitter_id: number; status: string }, staffId: number, act: string): Refusal | null {
  if (instance.submitter_id !== staffId) return { status: 403, message: `只有提交人可以${act}` };
  if (instance.status !== 'running') return ended(instance.status, `不能${act}`);
  return null;
}

/**
 * What an approval of a step does next: a countersigned step ('and') waits while others still
 * wait; otherwise the next step opens, or the last step's approval finishes the approval.
 */
export function afterApproval(signType: string | undefined, othersWaiting: number, stepSeq: number, stepCount: number): 'wait' | 'next' | 'finish' {
  if (signType === 'and' && othersWaiting > 0) return 'wait';
  return stepSeq < stepCount ? 'next' : 'finish';
}

/** What a refusal does: back to the previous step when the step says so and has one, else it ends the approval. */
export function afterRefusal(steps: readonly ({ reject_to?: string | null } | undefined)[], stepSeq: number): 'prev' | 'end' {
  return steps[stepSeq - 1]?.reject_to === 'prev' && stepSeq > 1 ? 'prev' : 'end';
}

/** An urge within the interval after the last one is refused, telling the minutes left (rounded up). */
export function urgeRefusal(lastUrgedAt: number | null, now: number, intervalMs: number): string | null {
  if (!lastUrgedAt || now - lastUrgedAt >= intervalMs) return null;
  const minutes = Math.ceil((intervalMs - (now - lastUrgedAt)) / 60_000);
  return `${Math.round(intervalMs / 60_000)} 分钟内只能催办一次，请 ${minutes} 分钟后再试`;
}
