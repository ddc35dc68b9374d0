import type { FastifyInstance } from 'fastify';
import type { ApprovalDeclaration, DetailPage, ResourceDef } from '../../src/shared/schemaTypes.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../platform/http/envelope.ts';
import type { StaffContext } from '../platform/types.ts';
import { lockedRows } from '../platform/db/dialect.ts';
import type { AnyDB, Row } from './hooks.ts';
import { actRefusal, afterApproval, afterRefusal, INSTANCE_TEXT, ownRefusal, staleText, urgeRefusal } from './approvalRules.ts';
import { nextSequenceCode } from './codes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The approval engine (registerApprovals): flows per kind and organisation, instances, tasks and their acts. */
    approvals: ApprovalEngine;
  }
}

/** How a step's approvers are found, per record (within the record's project but for named staff). */
export type ApproverStrategy = 'post' | 'role' | 'staff' | 'project_manager' | 'dept_head';
/** single 普通: one approver; and 会签: all approve; or 或签: the first one decides. */
export type SignType = 'single' | 'and' | 'or';

export interface ApprovalStep {
  name: string;
  sign_type: SignType;
  strategy: ApproverStrategy;
  post_ids?: number[];
  role_ids?: number[];
  staff_ids?: number[];
  /** What a reject does: end the approval (default) or return it to the previous step. */
  reject_to?: RejectTo;
  /** Hours a task may wait before timeout_action is taken (on the workflow timers' clock). */
  timeout_hours?: number | null;
  timeout_action?: TimeoutAction;
}

/** end 终止: the approval ends rejected; prev 退回上一节点: the previous step decides again. */
export type RejectTo = 'end' | 'prev';
/** remind 自动提醒 (once), approve 自动同意, reject 自动拒绝, when a step's task waited timeout_hours. */
export type TimeoutAction = 'remind' | 'approve' | 'reject';
export const REJECT_TO: Record<RejectTo, string> = { end: '结束审批', prev: '退回上一节点' };
export const TIMEOUT_ACTIONS: Record<TimeoutAction, string> = { remind: '自动提醒', approve: '自动同意', reject: '自动拒绝' };
export const SIGN_TYPES: Record<SignType, string> = { single: '普通审批', and: '会签（全部同意）', or: '或签（一人决定）' };
export const STRATEGIES: Record<ApproverStrategy, string> = { post: '按岗位', role: '按角色', staff: '指定人员', project_manager: '项目经理', dept_head: '提交人部门负责人' };
/** Strategies whose approvers are found without a list of ids on the step. */
const FOUND_WITHOUT_IDS: ApproverStrategy[] = ['project_manager', 'dept_head'];
/** The role whose holders are a project's managers (strategy project_manager). */
export const PROJECT_MANAGER_ROLE = 'project_manager';
/** The submitter may urge an approval at most once in this time. */
export const URGE_INTERVAL_MS = 30 * 60_000;
/** Type code of approval notices (category '1', a to-do). */
export const APPROVAL_NOTICE = 'approval';

/** The approval declarations of a resource, one or several kinds. */
export const approvalsOf = (resource: Pick<ResourceDef, 'approval'>): ApprovalDeclaration[] => (resource.approval ? [resource.approval].flat() : []);

/**
 * What the engine needs of an approvable resource's workflow, registered by its routes
 * (registerWorkflow): a trusted move (no data-scope or actor check: the approval decided it)
 * and the record as the approver should see it (reference labels, project name).
 */
export interface ApprovableRecords {
  resource: ResourceDef;
  move(trx: AnyDB, id: number, transition: string, staff: StaffContext | null, note: string | null): Promise<string>;
  read(trx: AnyDB, id: number): Promise<Row>;
}

type Instance = Row & { id: number; code: string; biz_type: string; biz_resource: string; biz_id: number; title: string; submitter_id: number; status: string; step_seq: number | null; project_id: number; auto_skip?: number };
type Task = Row & { id: number; instance_id: number; step_seq: number; step_name: string; approver_id: number; status: string };


/** Ids of an organisation and the organisations above it (a project, its region, the company). */
async function orgChain(q: AnyDB, orgId: number): Promise<number[]> {
  const chain: number[] = [];
  let id: number | null = orgId;
  while (id !== null && !chain.includes(id)) {
    chain.push(id);
    const row = (await q.selectFrom('org').select('parent_id').where('id', '=', id).executeTakeFirst()) as { parent_id: number | null } | undefined;
    id = row?.parent_id ?? null;
  }
  return chain;
}

/** Steps as stored (a JSON column) or as sent. */
export function parseSteps(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** A flow's copy-to staff ids (a JSON column or as sent); anything else is no one. */
export function copyToIds(value: unknown): number[] {
  const ids = parseSteps(value);
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
}

/** The structural problems of a flow's steps, in Chinese; null when they are well formed. */
export function stepsProblem(value: unknown): string | null {
  const steps = parseSteps(value);
  if (!Array.isArray(steps) || steps.length === 0) return '请至少添加一个审批节点';
  if (steps.length > 20) return '审批节点不能多于 20 个';
  for (const [i, raw] of steps.entries()) {
    const step = (raw ?? {}) as Partial<ApprovalStep>;
    const at = `第 ${i + 1} 个审批节点`;
    if (typeof step.name !== 'string' || !step.name.trim() || step.name.length > 50) return `请填写${at}的名称（50 字以内）`;
    if (!step.sign_type || !(step.sign_type in SIGN_TYPES)) return `请选择${at}「${step.name}」的审批方式`;
    if (!step.strategy || !(step.strategy in STRATEGIES)) return `请选择${at}「${step.name}」的审批人类型`;
    const ids = step.strategy === 'post' ? step.post_ids : step.strategy === 'role' ? step.role_ids : step.strategy === 'staff' ? step.staff_ids : [];
    if (!Array.isArray(ids) || ids.some((id) => !Number.isInteger(id) || id < 1)) return `${at}「${step.name}」的审批人设置不正确`;
    if (!FOUND_WITHOUT_IDS.includes(step.strategy) && ids.length === 0) return `请为${at}「${step.name}」选择${STRATEGIES[step.strategy]}的审批人`;
    if (step.reject_to !== undefined && step.reject_to !== null && !(step.reject_to in REJECT_TO)) return `${at}「${step.name}」的驳回方式不正确`;
    if (step.reject_to === 'prev' && i === 0) return `${at}「${step.name}」是第一个节点，驳回不能退回上一节点`;
    const hours = step.timeout_hours;
    if (hours !== undefined && hours !== null) {
      if (typeof hours !== 'number' || !(hours > 0) || hours > 720) return `${at}「${step.name}」的超时时长应为 1 到 720 小时`;
      if (!step.timeout_action || !(step.timeout_action in TIMEOUT_ACTIONS)) return `请选择${at}「${step.name}」超时后的处理方式`;
    }
  }
  return null;
}

/**
 * The approval engine. A resource declares its approval kinds (`approval` in its JSON) naming
 * workflow transitions; making the `submit` move starts an approval under the flow configured
 * for the kind and the record's project (a project's flow overrides its region's, which
 * overrides the company's); each step's approvers get a task and a to-do notice; the engine
 * makes `onApprove` or `onReject` when the approval ends. Every act is checked here (only a
 * current approver decides, only the submitter withdraws or urges, nobody approves their own
 * submission), runs in the caller's transaction and is written to the approval's history.
 */
export class ApprovalEngine {
  private readonly records = new Map<string, ApprovableRecords>();

  constructor(private readonly app: FastifyInstance) {}

  /** Called by the workflow routes of each resource that declares approvals. */
  register(records: ApprovableRecords): void {
    if (approvalsOf(records.resource).length) this.records.set(records.resource.name, records);
  }

  /** Every declared kind, for the flow screen and the center's filters. */
  kinds(): { kind: string; label: string; resource: string }[] {
    return [...this.app.catalogue.resources.values()].flatMap((r) => approvalsOf(r).map((a) => ({ kind: a.kind, label: a.label, resource: r.name })));
  }

  private declaration(kind: string): { decl: ApprovalDeclaration; records: ApprovableRecords } {
    for (const records of this.records.values()) {
      const decl = approvalsOf(records.resource).find((a) => a.kind === kind);
      if (decl) return { decl, records };
    }
    throw badRequest(`审批类型「${kind}」不存在`);
  }

  /** The running approval of a record, if any. */
  async runningOf(q: AnyDB, resource: string, id: number): Promise<Instance | undefined> {
    return (await q.selectFrom('approval_instance').selectAll().where('biz_resource', '=', resource).where('biz_id', '=', id).where('status', '=', 'running').executeTakeFirst()) as Instance | undefined;
  }

  /** Edits and deletes of a record under approval are refused: the submitter withdraws first. */
  async assertEditable(q: AnyDB, resource: ResourceDef, id: number): Promise<void> {
    if (!approvalsOf(resource).length) return;
    const running = await this.runningOf(q, resource.name, id);
    if (running) throw conflict(`${resource.title}正在审批中（${running.code}），不能修改；如需修改请先撤回审批`);
  }

  /**
   * Before a move through the generic /transition: a record under approval moves only by the
   * engine (its outcome) or by withdrawing it in the approval center.
   */
  async beforeTransition(q: AnyDB, resource: ResourceDef, id: number): Promise<void> {
    if (!approvalsOf(resource).length) return;
    const running = await this.runningOf(q, resource.name, id);
    if (running) throw conflict(`该${resource.title}正在审批中（${running.code}），请在审批中心处理`);
  }

  /**
   * A record's own approve or reject move (the list pages /approve-manager/hangUp and improper2)
   * while its approval runs decides the caller's task instead: the move is the engine's, made
   * when the approval ends. Answers null when the move is not an approval's outcome, no
   * approval runs (the move is then the record's own, as without a flow) or the caller has no
   * waiting task in it (beforeTransition then refuses), else the message and the outcome.
   */
  async decideThrough(q: AnyDB, resource: ResourceDef, id: number, transition: string, staff: StaffContext, note: string | null): Promise<{ message: string; status: string } | null> {
    if (!approvalsOf(resource).length) return null;
    const running = await this.runningOf(q, resource.name, id);
    if (!running) return null;
    const decl = approvalsOf(resource).find((a) => a.kind === running.biz_type);
    if (!decl || (transition !== decl.onApprove && transition !== decl.onReject)) return null;
    const task = (await q.selectFrom('approval_task').select('id').where('instance_id', '=', running.id).where('step_seq', '=', running.step_seq).where('approver_id', '=', staff.id).where('status', '=', 'wait').executeTakeFirst()) as { id: number } | undefined;
    if (!task) return null;
    const done = transition === decl.onApprove ? await this.approve(q, task.id, staff, note) : await this.reject(q, task.id, staff, note);
    const message = done.status === 'running' ? `已${transition === decl.onApprove ? '通过' : '退回'}，等待「${String((await this.runningOf(q, resource.name, id))?.step_name ?? '')}」审批` : done.status === 'approved' ? '审批通过' : '已驳回';
    return { message, status: done.status };
  }

  /** After a move through the generic /transition: a declared `submit` starts the approval (when a flow applies). */
  async afterTransition(trx: AnyDB, resource: ResourceDef, transition: string, id: number, staff: StaffContext): Promise<void> {
    const decl = approvalsOf(resource).find((a) => a.submit === transition);
    if (!decl) return;
    const records = this.records.get(resource.name);
    if (!records) return;
    await this.start(trx, decl, records, id, staff);
  }

  /** The flow that applies to a kind in a project: the deepest organisation's enabled flow. */
  async flowFor(q: AnyDB, kind: string, projectId: number | null): Promise<Row | undefined> {
    const chain = projectId ? await orgChain(q, projectId) : [];
    const flows = (await q.selectFrom('approval_flow').selectAll().where('biz_type', '=', kind).where('enabled', '=', 1).orderBy('id').execute()) as Row[];
    for (const org of chain) {
      const flow = flows.find((f) => f.scope_org_id === org);
      if (flow) return flow;
    }
    return flows.find((f) => f.scope_org_id === null || f.scope_org_id === undefined);
  }

  /** Staff who reach a project: they belong to it or an organisation above it, hold a post there, or work in it. */
  private async reaching(q: AnyDB, staffIds: number[], projectId: number | null): Promise<number[]> {
    if (!staffIds.length) return [];
    const enabled = ((await q.selectFrom('staff').select('id').where('id', 'in', staffIds).where('enabled', '=', 1).execute()) as { id: number }[]).map((r) => r.id);
    if (projectId === null || !enabled.length) return enabled.sort((a, b) => a - b);
    const chain = await orgChain(q, projectId);
    const byOrg = (await q.selectFrom('staff').select('id').where('id', 'in', enabled).where('org_id', 'in', chain).execute()) as { id: number }[];
    const byPost = (await q
      .selectFrom('staff_post')
      .innerJoin('post', 'post.id', 'staff_post.post_id')
      .select('staff_post.staff_id as id')
      .where('staff_post.staff_id', 'in', enabled)
      .where('post.enabled', '=', 1)
      .where('post.org_id', 'in', chain)
      .execute()) as { id: number }[];
    const byProject = (await q.selectFrom('staff_project').select('staff_id as id').where('staff_id', 'in', enabled).where('project_id', '=', projectId).execute()) as { id: number }[];
    return [...new Set([...byOrg, ...byPost, ...byProject].map((r) => r.id))].sort((a, b) => a - b);
  }

  private async holdersOfRoles(q: AnyDB, roleIds: number[]): Promise<number[]> {
    if (!roleIds.length) return [];
    const enabledRoles = ((await q.selectFrom('role').select('id').where('id', 'in', roleIds).where('enabled', '=', 1).execute()) as { id: number }[]).map((r) => r.id);
    if (!enabledRoles.length) return [];
    const direct = (await q.selectFrom('staff_role').select('staff_id').where('role_id', 'in', enabledRoles).execute()) as { staff_id: number }[];
    const viaPosts = (await q
      .selectFrom('staff_post')
      .innerJoin('post_role', 'post_role.post_id', 'staff_post.post_id')
      .innerJoin('post', 'post.id', 'staff_post.post_id')
      .select('staff_post.staff_id')
      .where('post_role.role_id', 'in', enabledRoles)
      .where('post.enabled', '=', 1)
      .execute()) as { staff_id: number }[];
    return [...new Set([...direct, ...viaPosts].map((r) => r.staff_id))];
  }

  /**
   * The submitter's department head: the leader of their department, else of the department
   * above it, and so on (a leader's own submission goes to the head above them).
   */
  private async deptHead(q: AnyDB, submitterId: number): Promise<number[]> {
    let deptId = ((await q.selectFrom('staff').select('dept_id').where('id', '=', submitterId).executeTakeFirst()) as { dept_id: number | null } | undefined)?.dept_id ?? null;
    for (let depth = 0; deptId !== null && depth < 20; depth++) {
      const dept = (await q.selectFrom('dept').select(['leader_id', 'parent_id']).where('id', '=', deptId).executeTakeFirst()) as { leader_id: number | null; parent_id: number | null } | undefined;
      if (!dept) break;
      if (dept.leader_id !== null && dept.leader_id !== submitterId) {
        const leader = await q.selectFrom('staff').select('id').where('id', '=', dept.leader_id).where('enabled', '=', 1).executeTakeFirst();
        if (leader) return [dept.leader_id];
      }
      deptId = dept.parent_id;
    }
    return [];
  }

  /**
   * A step's approvers for a record of a project, in staff id order (single: the first alone).
   * dept_head needs the submitter; without one (a flow checked on save) it answers null: who
   * approves depends on who submits.
   */
  async approversOf(q: AnyDB, step: ApprovalStep, projectId: number | null, submitterId?: number): Promise<number[] | null> {
    let candidates: number[] = [];
    if (step.strategy === 'dept_head') {
      return submitterId === undefined ? null : this.deptHead(q, submitterId);
    } else if (step.strategy === 'staff') {
      const ids = step.staff_ids ?? [];
      candidates = ids.length ? ((await q.selectFrom('staff').select('id').where('id', 'in', ids).where('enabled', '=', 1).execute()) as { id: number }[]).map((r) => r.id).sort((a, b) => a - b) : [];
    } else if (step.strategy === 'post') {
      const ids = step.post_ids ?? [];
      const holders = ids.length
        ? ((await q.selectFrom('staff_post').innerJoin('post', 'post.id', 'staff_post.post_id').select('staff_post.staff_id').where('post.id', 'in', ids).where('post.enabled', '=', 1).execute()) as { staff_id: number }[]).map((r) => r.staff_id)
        : [];
      candidates = await this.reaching(q, [...new Set(holders)], projectId);
    } else if (step.strategy === 'role') {
      candidates = await this.reaching(q, await this.holdersOfRoles(q, step.role_ids ?? []), projectId);
    } else {
      const role = (await q.selectFrom('role').select('id').where('code', '=', PROJECT_MANAGER_ROLE).executeTakeFirst()) as { id: number } | undefined;
      candidates = role ? await this.reaching(q, await this.holdersOfRoles(q, [role.id]), projectId) : [];
    }
    return candidates;
  }

  /** Approvers of a step for one submission: never the submitter; single takes the first. */
  private async stepApprovers(q: AnyDB, step: ApprovalStep, projectId: number, submitterId: number, projectName: string): Promise<number[]> {
    const found = ((await this.approversOf(q, step, projectId, submitterId)) ?? []).filter((id) => id !== submitterId);
    if (!found.length) throw badRequest(`审批节点「${step.name}」在项目「${projectName}」找不到审批人（提交人不能审批自己的申请），请联系管理员调整审批流程`);
    return step.sign_type === 'single' ? found.slice(0, 1) : found;
  }

  private async projectName(q: AnyDB, projectId: number): Promise<string> {
    return ((await q.selectFrom('org').select('name').where('id', '=', projectId).executeTakeFirst()) as { name: string } | undefined)?.name ?? String(projectId);
  }

  private async names(q: AnyDB, ids: number[]): Promise<string> {
    if (!ids.length) return '';
    const rows = (await q.selectFrom('staff').select(['id', 'name']).where('id', 'in', ids).execute()) as { id: number; name: string }[];
    return ids.map((id) => rows.find((r) => r.id === id)?.name ?? String(id)).join('、');
  }

  private async history(q: AnyDB, instanceId: number, entry: { step: string | null; action: string; staff: StaffContext | null; comment?: string | null }): Promise<void> {
    await q
      .insertInto('approval_history')
      .values({ instance_id: instanceId, step_name: entry.step, action: entry.action, staff_id: entry.staff?.id ?? null, staff_name: entry.staff?.name ?? '系统', comment: entry.comment ?? null, at: Date.now() })
      .execute();
  }

  private async notify(q: AnyDB, instance: Instance, staffIds: number[], content: string): Promise<void> {
    if (!staffIds.length) return;
    await this.app.notices.send(q, { staffIds, category: '1', type: APPROVAL_NOTICE, title: `审批 ${instance.code}`, content, functionId: instance.id });
  }

  /** Creates the tasks of a step and notifies its approvers. */
  private async openStep(q: AnyDB, instance: Instance, steps: ApprovalStep[], seq: number, label: string): Promise<void> {
    const step = steps[seq - 1]!;
    const approvers = await this.stepApprovers(q, step, instance.project_id, instance.submitter_id, await this.projectName(q, instance.project_id));
    const now = Date.now();
    await q
      .insertInto('approval_task')
      .values(
        approvers.map((approverId) => ({
          instance_id: instance.id,
          code: instance.code,
          biz_type: instance.biz_type,
          title: instance.title,
          submitter_id: instance.submitter_id,
          submitted_at: instance.submitted_at,
          step_seq: seq,
          step_name: step.name,
          approver_id: approverId,
          status: 'wait',
          project_id: instance.project_id,
          created_by: instance.submitter_id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await q
      .updateTable('approval_instance')
      .set({ step_seq: seq, step_name: step.name, approver_names: await this.names(q, approvers), updated_at: now })
      .where('id', '=', instance.id)
      .execute();
    await this.notify(q, instance, approvers, `${label}「${instance.title}」（${instance.code}）等待您审批：${step.name}`);
  }

  private async nextCode(q: AnyDB, now: number): Promise<string> {
    const d = new Date(now + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
    return nextSequenceCode(q, 'approval_instance', `SP${d}`, 4);
  }

  /** Starts the approval of a record just submitted, when a flow applies to its kind and project. */
  async start(trx: AnyDB, decl: ApprovalDeclaration, records: ApprovableRecords, id: number, staff: StaffContext): Promise<number | null> {
    const record = await records.read(trx, id);
    const projectId = (record.project_id as number | null | undefined) ?? staff.orgId;
    const flow = await this.flowFor(trx, decl.kind, projectId);
    if (!flow) return null;
    const steps = parseSteps(flow.steps) as ApprovalStep[];
    if (stepsProblem(steps)) throw badRequest(`审批流程「${String(flow.name)}」配置不完整，请联系管理员`);
    const now = Date.now();
    const code = await this.nextCode(trx, now);
    const inserted = (await trx
      .insertInto('approval_instance')
      .values({
        code,
        biz_type: decl.kind,
        biz_resource: records.resource.name,
        biz_id: id,
        flow_id: flow.id,
        title: String(record[decl.title] ?? code).slice(0, 200),
        submitter_id: staff.id,
        submitted_at: now,
        status: 'running',
        steps: JSON.stringify(steps),
        allow_withdraw: flow.allow_withdraw === 0 ? 0 : 1,
        auto_skip: flow.auto_skip === 1 ? 1 : 0,
        copy_to: JSON.stringify(copyToIds(flow.copy_to)),
        snapshot: JSON.stringify(record),
        project_id: projectId,
        created_by: staff.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    const instance = (await trx.selectFrom('approval_instance').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow()) as Instance;
    await this.history(trx, instance.id, { step: null, action: 'submit', staff });
    await this.openStep(trx, instance, steps, 1, decl.label);
    return instance.id;
  }

  private async loadTask(q: AnyDB, taskId: number): Promise<{ task: Task; instance: Instance }> {
    const found = (await q.selectFrom('approval_task').select('instance_id').where('id', '=', taskId).executeTakeFirst()) as { instance_id: number } | undefined;
    if (!found) throw notFound('审批任务不存在');
    // Decisions on one approval take turns on PostgreSQL (its row locked until the decision commits), then read the task
    // as the other left it: two or-sign approvers at once each cancelled the other's task there, a deadlock (500).
    const instance = (await lockedRows(q.selectFrom('approval_instance').selectAll().where('id', '=', found.instance_id)).executeTakeFirstOrThrow()) as Instance;
    const task = (await q.selectFrom('approval_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow()) as Task;
    return { task, instance };
  }

  /** The checks every approver's act shares: the approval runs, the task is the caller's, still waiting, of the current step. */
  private async actable(q: AnyDB, taskId: number, staff: StaffContext): Promise<{ task: Task; instance: Instance }> {
    const { task, instance } = await this.loadTask(q, taskId);
    const refusal = actRefusal(task, instance, staff.id);
    if (refusal === 'stale') {
      const decider = (await q
        .selectFrom('approval_task')
        .innerJoin('staff', 'staff.id', 'approval_task.approver_id')
        .select('staff.name')
        .where('approval_task.instance_id', '=', instance.id)
        .where('approval_task.step_seq', '=', task.step_seq)
        .where('approval_task.status', 'in', ['approve', 'reject'])
        .orderBy('approval_task.acted_at', 'desc')
        .executeTakeFirst()) as { name: string } | undefined;
      throw conflict(staleText(task.status, decider?.name, staff.name));
    }
    if (refusal) throw new ApiError(refusal.status, refusal.message);
    return { task, instance };
  }

  /** Marks a waiting task acted on; false when another act got there first (the row is no longer waiting). */
  private async close(q: AnyDB, taskId: number, status: string, comment: string | null, extra: Row = {}): Promise<boolean> {
    const now = Date.now();
    const done = await q.updateTable('approval_task').set({ status, comment, acted_at: now, updated_at: now, ...extra }).where('id', '=', taskId).where('status', '=', 'wait').executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  private async cancelWaiting(q: AnyDB, instanceId: number, status: 'cancel' | 'withdrawn'): Promise<void> {
    const now = Date.now();
    await q.updateTable('approval_task').set({ status, acted_at: now, updated_at: now }).where('instance_id', '=', instanceId).where('status', '=', 'wait').execute();
  }

  private async finish(q: AnyDB, instance: Instance, status: 'approved' | 'rejected' | 'withdrawn', transition: string, staff: StaffContext | null, note: string): Promise<void> {
    const now = Date.now();
    await q.updateTable('approval_instance').set({ status, finished_at: now, approver_names: null, updated_at: now }).where('id', '=', instance.id).execute();
    const records = this.records.get(instance.biz_resource);
    if (!records) throw new Error(`approval ${instance.code}: resource ${instance.biz_resource} is not approvable`);
    await records.move(q, instance.biz_id, transition, staff, note);
    if (status !== 'withdrawn') await this.copyOut(q, instance, status);
  }

  /** 抄送: a decided approval is copied to the flow's copy-to staff (as at submission), each notified once. */
  private async copyOut(q: AnyDB, instance: Instance, status: 'approved' | 'rejected'): Promise<void> {
    const listed = parseSteps(instance.copy_to);
    const wanted = Array.isArray(listed) ? listed.filter((id): id is number => Number.isInteger(id) && id !== instance.submitter_id) : [];
    if (!wanted.length) return;
    const staffIds = ((await q.selectFrom('staff').select('id').where('id', 'in', wanted).where('enabled', '=', 1).orderBy('id').execute()) as { id: number }[]).map((r) => r.id);
    if (!staffIds.length) return;
    const now = Date.now();
    await q.insertInto('approval_copy').values(staffIds.map((staff_id) => ({ instance_id: instance.id, staff_id, at: now }))).execute();
    await this.history(q, instance.id, { step: null, action: 'copy', staff: null, comment: `抄送给：${await this.names(q, staffIds)}` });
    const outcome = INSTANCE_TEXT[status];
    await this.app.notices.send(q, { staffIds, category: '2', type: APPROVAL_NOTICE, title: `抄送 ${instance.code}`, content: `抄送：${this.declOf(instance).label}「${instance.title}」（${instance.code}）已${outcome}`, functionId: instance.id });
  }

  private declOf(instance: Instance): ApprovalDeclaration {
    return this.declaration(instance.biz_type).decl;
  }

  /** Approve: the step passes when its sign type says so; the last step's pass approves the record. */
  async approve(q: AnyDB, taskId: number, staff: StaffContext, comment: string | null): Promise<{ status: string }> {
    const { task, instance } = await this.actable(q, taskId, staff);
    return this.pass(q, task, instance, staff, comment);
  }

  /** A waiting task approved by its approver or, on timeout, by the system (staff null). */
  private async pass(q: AnyDB, task: Task, instance: Instance, staff: StaffContext | null, comment: string | null): Promise<{ status: string }> {
    if (!(await this.close(q, task.id, 'approve', comment))) throw conflict('该审批任务已处理，无需重复操作');
    await this.history(q, instance.id, { step: task.step_name, action: 'approve', staff, comment });
    const steps = parseSteps(instance.steps) as ApprovalStep[];
    const step = steps[task.step_seq - 1]!;
    const waiting = step.sign_type === 'and' ? ((await q.selectFrom('approval_task').select('approver_id').where('instance_id', '=', instance.id).where('step_seq', '=', task.step_seq).where('status', '=', 'wait').execute()) as { approver_id: number }[]) : [];
    if (step.sign_type !== 'and') await this.cancelWaiting(q, instance.id, 'cancel');
    const next = afterApproval(step.sign_type, waiting.length, task.step_seq, steps.length);
    if (next === 'wait') {
      await q.updateTable('approval_instance').set({ approver_names: await this.names(q, waiting.map((w) => w.approver_id)), updated_at: Date.now() }).where('id', '=', instance.id).execute();
      return { status: 'running' };
    }
    const decl = this.declOf(instance);
    if (next === 'next') {
      await this.openStep(q, instance, steps, task.step_seq + 1, decl.label);
      // 自动去重: the approver who just approved is also an approver of the next step; their task there passes at once.
      const same = staff && instance.auto_skip === 1 ? ((await q.selectFrom('approval_task').selectAll().where('instance_id', '=', instance.id).where('step_seq', '=', task.step_seq + 1).where('approver_id', '=', staff.id).where('status', '=', 'wait').executeTakeFirst()) as Task | undefined) : undefined;
      if (same) return this.pass(q, same, instance, staff, '与上一节点审批人相同，自动通过');
      return { status: 'running' };
    }
    await this.history(q, instance.id, { step: null, action: 'finish', staff: null, comment: '审批通过' });
    await this.finish(q, instance, 'approved', decl.onApprove, staff, comment ? `审批通过：${comment}` : '审批通过');
    await this.app.notices.send(q, { staffIds: [instance.submitter_id], category: '2', type: APPROVAL_NOTICE, title: `审批 ${instance.code}`, content: `您提交的「${instance.title}」已审批通过`, functionId: instance.id });
    return { status: 'approved' };
  }

  /**
   * Reject (a comment is required): the approval ends and the record moves through onReject,
   * or, when the step says reject_to = prev, the previous step decides again.
   */
  async reject(q: AnyDB, taskId: number, staff: StaffContext, comment: string | null): Promise<{ status: string }> {
    if (!comment?.trim()) throw badRequest('请填写驳回意见');
    const { task, instance } = await this.actable(q, taskId, staff);
    return this.refuse(q, task, instance, staff, comment);
  }

  private async refuse(q: AnyDB, task: Task, instance: Instance, staff: StaffContext | null, comment: string): Promise<{ status: string }> {
    if (!(await this.close(q, task.id, 'reject', comment))) throw conflict('该审批任务已处理，无需重复操作');
    await this.cancelWaiting(q, instance.id, 'cancel');
    const steps = parseSteps(instance.steps) as ApprovalStep[];
    if (afterRefusal(steps, task.step_seq) === 'prev') {
      await this.history(q, instance.id, { step: task.step_name, action: 'return', staff, comment: `退回「${steps[task.step_seq - 2]!.name}」：${comment}` });
      await this.openStep(q, instance, steps, task.step_seq - 1, `${this.declOf(instance).label}（被退回）`);
      return { status: 'running' };
    }
    await this.history(q, instance.id, { step: task.step_name, action: 'reject', staff, comment });
    await this.finish(q, instance, 'rejected', this.declOf(instance).onReject, staff, comment);
    await this.app.notices.send(q, { staffIds: [instance.submitter_id], category: '2', type: APPROVAL_NOTICE, title: `审批 ${instance.code}`, content: `您提交的「${instance.title}」未通过审批：${comment}`, functionId: instance.id });
    return { status: 'rejected' };
  }

  /** Transfer a waiting task to another staff member (not the submitter, not a current approver of the step). */
  async transfer(q: AnyDB, taskId: number, staff: StaffContext, to: number, comment: string | null): Promise<void> {
    const { task, instance } = await this.actable(q, taskId, staff);
    if (to === staff.id) throw badRequest('不能转派给自己');
    if (to === instance.submitter_id) throw badRequest('不能转派给提交人');
    const target = (await q.selectFrom('staff').select(['id', 'name', 'enabled']).where('id', '=', to).executeTakeFirst()) as { id: number; name: string; enabled: number } | undefined;
    if (!target || target.enabled !== 1) throw badRequest('转派对象不存在或已停用');
    const already = await q.selectFrom('approval_task').select('id').where('instance_id', '=', instance.id).where('step_seq', '=', task.step_seq).where('approver_id', '=', to).where('status', '=', 'wait').executeTakeFirst();
    if (already) throw badRequest(`「${target.name}」已是该节点的审批人`);
    if (!(await this.close(q, task.id, 'transfer', comment, { transfer_to: to }))) throw conflict('该审批任务已处理，无需重复操作');
    const now = Date.now();
    await q
      .insertInto('approval_task')
      .values({ ...Object.fromEntries(Object.entries(task).filter(([k]) => !['id', 'status', 'comment', 'acted_at', 'transfer_to'].includes(k))), approver_id: to, status: 'wait', created_at: now, updated_at: now })
      .execute();
    const waiting = (await q.selectFrom('approval_task').select('approver_id').where('instance_id', '=', instance.id).where('step_seq', '=', task.step_seq).where('status', '=', 'wait').execute()) as { approver_id: number }[];
    await q.updateTable('approval_instance').set({ approver_names: await this.names(q, waiting.map((w) => w.approver_id)), updated_at: now }).where('id', '=', instance.id).execute();
    await this.history(q, instance.id, { step: task.step_name, action: 'transfer', staff, comment: `转派给「${target.name}」${comment ? `：${comment}` : ''}` });
    await this.notify(q, instance, [to], `${staff.name}将「${instance.title}」（${instance.code}）转派给您审批：${task.step_name}`);
  }

  private async ownInstance(q: AnyDB, instanceId: number, staff: StaffContext, act: string): Promise<Instance> {
    const instance = (await q.selectFrom('approval_instance').selectAll().where('id', '=', instanceId).executeTakeFirst()) as Instance | undefined;
    if (!instance) throw notFound('审批单不存在');
    const refusal = ownRefusal(instance, staff.id, act);
    if (refusal) throw new ApiError(refusal.status, refusal.message);
    return instance;
  }

  /** Withdraw (the submitter, while running, when the flow allows): the record moves through `withdraw` (default onReject). */
  async withdraw(q: AnyDB, instanceId: number, staff: StaffContext, comment: string | null): Promise<void> {
    const instance = await this.ownInstance(q, instanceId, staff, '撤回');
    if (instance.allow_withdraw === 0) throw forbidden('该审批流程不允许撤回');
    await this.cancelWaiting(q, instance.id, 'withdrawn');
    await this.history(q, instance.id, { step: instance.step_name as string | null, action: 'withdraw', staff, comment });
    const decl = this.declOf(instance);
    await this.finish(q, instance, 'withdrawn', decl.withdraw ?? decl.onReject, staff, comment ? `提交人撤回：${comment}` : '提交人撤回');
  }

  /** Urge (the submitter, at most once every 30 minutes): the current approvers are notified again. */
  async urge(q: AnyDB, instanceId: number, staff: StaffContext, now = Date.now()): Promise<number> {
    const instance = await this.ownInstance(q, instanceId, staff, '催办');
    const last = instance.urged_at as number | null;
    const tooSoon = urgeRefusal(last, now, URGE_INTERVAL_MS);
    if (tooSoon) throw new ApiError(429, tooSoon);
    const waiting = ((await q.selectFrom('approval_task').select('approver_id').where('instance_id', '=', instance.id).where('status', '=', 'wait').execute()) as { approver_id: number }[]).map((w) => w.approver_id);
    await q.updateTable('approval_instance').set({ urge_count: Number(instance.urge_count ?? 0) + 1, urged_at: now, updated_at: now }).where('id', '=', instance.id).execute();
    await this.history(q, instance.id, { step: instance.step_name as string | null, action: 'urge', staff });
    await this.notify(q, instance, waiting, `${staff.name}催办：「${instance.title}」（${instance.code}）等待您审批`);
    return waiting.length;
  }

  /**
   * Step timeouts, on the workflow timers' clock: a running approval whose current step has
   * timeout_hours and a task waiting longer than that is reminded (once per task), approved or
   * rejected by the system, as the step says. One approval a transaction: an approval decided
   * meanwhile is skipped, not the whole pass. Answers how many approvals were acted on.
   */
  async sweepTimeouts(db: AnyDB, now: number): Promise<number> {
    const running = (await db.selectFrom('approval_instance').select(['id', 'steps', 'step_seq']).where('status', '=', 'running').execute()) as Pick<Instance, 'id' | 'steps' | 'step_seq'>[];
    let acted = 0;
    for (const candidate of running) {
      const step = (parseSteps(candidate.steps) as ApprovalStep[])[(candidate.step_seq ?? 0) - 1];
      if (!step?.timeout_hours || !step.timeout_action) continue;
      const due = now - step.timeout_hours * 3600_000;
      const done = await db
        .transaction()
        .execute((trx) => this.timeOut(trx, candidate.id, step, due, now))
        .catch((error: unknown) => {
          this.app.log.warn({ err: error, instance: candidate.id }, 'approval timeout skipped');
          return false;
        });
      if (done) acted += 1;
    }
    return acted;
  }

  /**
   * Approvers who can no longer decide (disabled, or no longer holding what the step names: the
   * post, the role, the project, the department's lead), on the timers' clock: their waiting task
   * goes to whom the step's rule finds now; when it finds nobody, the approval is marked 审批人失效
   * and the administrators are told (they adjust the flow or the posts; the next pass fills the
   * step). A task transferred by hand loses its approver only when that person is disabled.
   */
  async sweepOrphans(db: AnyDB): Promise<number> {
    const running = (await db.selectFrom('approval_instance').select('id').where('status', '=', 'running').orderBy('id').execute()) as { id: number }[];
    let acted = 0;
    for (const { id } of running) {
      const done = await db
        .transaction()
        .execute((trx) => this.replaceOrphans(trx, id))
        .catch((error: unknown) => {
          this.app.log.warn({ err: error, instance: id }, 'approval approver replacement skipped');
          return false;
        });
      if (done) acted += 1;
    }
    return acted;
  }

  private async replaceOrphans(q: AnyDB, instanceId: number): Promise<boolean> {
    const instance = (await q.selectFrom('approval_instance').selectAll().where('id', '=', instanceId).where('status', '=', 'running').executeTakeFirst()) as Instance | undefined;
    const step = instance?.step_seq ? (parseSteps(instance.steps) as ApprovalStep[])[instance.step_seq - 1] : undefined;
    if (!instance || !step) return false;
    const tasks = (await q.selectFrom('approval_task').selectAll().where('instance_id', '=', instance.id).where('step_seq', '=', instance.step_seq).orderBy('id').execute()) as Task[];
    const waiting = tasks.filter((t) => t.status === 'wait');
    if (waiting.length && !instance.orphaned_at) {
      // Nothing to do unless a waiting approver left: the common case costs one query.
      const enabled = new Set(((await q.selectFrom('staff').select('id').where('id', 'in', waiting.map((t) => t.approver_id)).where('enabled', '=', 1).execute()) as { id: number }[]).map((r) => r.id));
      const byHand = new Set(tasks.map((t) => t.transfer_to as number | null).filter((id) => id !== null));
      const rule = step.strategy === 'staff' ? null : new Set((await this.approversOf(q, step, instance.project_id, instance.submitter_id)) ?? []);
      const orphans = waiting.filter((t) => !enabled.has(t.approver_id) || (rule && !byHand.has(t.approver_id) && !rule.has(t.approver_id)));
      if (!orphans.length) return false;
      return this.refill(q, instance, step, tasks, orphans);
    }
    if (!waiting.length) return this.refill(q, instance, step, tasks, []);
    return false;
  }

  /** Cancels the orphaned tasks of the current step and gives it to whom the rule finds, or marks the approval orphaned. */
  private async refill(q: AnyDB, instance: Instance, step: ApprovalStep, tasks: Task[], orphans: Task[]): Promise<boolean> {
    const now = Date.now();
    const left = `${await this.names(q, orphans.map((t) => t.approver_id))}已停用或不再担任该节点的审批人`;
    if (orphans.length) await q.updateTable('approval_task').set({ status: 'cancel', comment: left, acted_at: now, updated_at: now }).where('id', 'in', orphans.map((t) => t.id)).execute();
    const gone = new Set(orphans.map((t) => t.id));
    const stillWaiting = tasks.filter((t) => t.status === 'wait' && !gone.has(t.id));
    const tasked = new Set(tasks.filter((t) => t.status !== 'cancel' && !gone.has(t.id)).map((t) => t.approver_id));
    const found = ((await this.approversOf(q, step, instance.project_id, instance.submitter_id)) ?? []).filter((id) => id !== instance.submitter_id && !tasked.has(id));
    const fresh = step.sign_type === 'single' ? (stillWaiting.length ? [] : found.slice(0, 1)) : found;
    if (!fresh.length && !stillWaiting.length) {
      if (instance.orphaned_at) return false;
      await q.updateTable('approval_instance').set({ orphaned_at: now, approver_names: '（审批人失效，待管理员处理）', updated_at: now }).where('id', '=', instance.id).execute();
      await this.history(q, instance.id, { step: step.name, action: 'orphan', staff: null, comment: `${left}，节点「${step.name}」找不到新的审批人，已通知管理员` });
      const admins = (await this.holdersOfRoles(q, ((await q.selectFrom('role').select('id').where('code', '=', 'admin').execute()) as { id: number }[]).map((r) => r.id))).sort((a, b) => a - b);
      await this.app.notices.send(q, { staffIds: admins, category: '1', type: APPROVAL_NOTICE, title: `审批 ${instance.code}`, content: `「${instance.title}」（${instance.code}）的节点「${step.name}」审批人失效，请调整审批流程或人员岗位`, functionId: instance.id });
      return true;
    }
    const sample = (orphans[0] ?? tasks[0])!;
    if (fresh.length) {
      await q
        .insertInto('approval_task')
        .values(fresh.map((approverId) => ({ ...Object.fromEntries(Object.entries(sample).filter(([k]) => !['id', 'status', 'comment', 'acted_at', 'transfer_to', 'reminded_at'].includes(k))), approver_id: approverId, status: 'wait', created_at: now, updated_at: now })))
        .execute();
    }
    const names = await this.names(q, [...stillWaiting.map((t) => t.approver_id), ...fresh]);
    await q.updateTable('approval_instance').set({ orphaned_at: null, approver_names: names, updated_at: now }).where('id', '=', instance.id).execute();
    await this.history(q, instance.id, { step: step.name, action: 'replace', staff: null, comment: orphans.length ? `${left}，改由「${names}」审批` : `节点「${step.name}」改由「${names}」审批` });
    await this.notify(q, instance, fresh, `「${instance.title}」（${instance.code}）等待您审批：${step.name}`);
    return true;
  }

  private async timeOut(q: AnyDB, instanceId: number, step: ApprovalStep, due: number, now: number): Promise<boolean> {
    const overdue = async () => {
      const instance = (await q.selectFrom('approval_instance').selectAll().where('id', '=', instanceId).executeTakeFirstOrThrow()) as Instance;
      let tasks = q.selectFrom('approval_task').selectAll().where('instance_id', '=', instanceId).where('step_seq', '=', instance.step_seq).where('status', '=', 'wait').where('created_at', '<=', due);
      if (step.timeout_action === 'remind') tasks = tasks.where('reminded_at', 'is', null);
      return { instance, tasks: instance.status === 'running' ? ((await tasks.orderBy('id').execute()) as Task[]) : [] };
    };
    const { instance, tasks } = await overdue();
    if (!tasks.length) return false;
    const waited = `超过 ${step.timeout_hours} 小时未审批`;
    if (step.timeout_action === 'remind') {
      await q.updateTable('approval_task').set({ reminded_at: now, updated_at: now }).where('id', 'in', tasks.map((t) => t.id)).execute();
      await this.history(q, instance.id, { step: step.name, action: 'remind', staff: null, comment: `${waited}，已提醒审批人` });
      await this.notify(q, instance, tasks.map((t) => t.approver_id), `超时提醒：「${instance.title}」（${instance.code}）等待您审批已超过 ${step.timeout_hours} 小时，请尽快处理`);
    } else if (step.timeout_action === 'reject') {
      await this.refuse(q, tasks[0]!, instance, null, `${waited}，系统自动驳回`);
    } else {
      // Counter-sign: each overdue approver's task passes; the step passes when none waits.
      for (;;) {
        const { instance: current, tasks: left } = await overdue();
        if (!left.length || current.step_seq !== instance.step_seq) break;
        await this.pass(q, left[0]!, current, null, `${waited}，系统自动同意`);
      }
    }
    return true;
  }

  /**
   * One approval as its participants see it: the instance, the record as submitted (named by
   * the resource's field titles), the steps with their tasks, and the history. Visible to the
   * submitter, anyone who had a task in it, and whoever may see all approvals of its project.
   */
  async view(q: AnyDB, instanceId: number, staff: StaffContext, canSeeProject: (projectId: number) => Promise<boolean>): Promise<Row> {
    const instance = (await q.selectFrom('approval_instance').selectAll().where('id', '=', instanceId).executeTakeFirst()) as Instance | undefined;
    if (!instance) throw notFound('审批单不存在');
    const tasks = (await q
      .selectFrom('approval_task')
      .leftJoin('staff', 'staff.id', 'approval_task.approver_id')
      .select(['approval_task.id', 'approval_task.instance_id', 'approval_task.step_seq', 'approval_task.step_name', 'approval_task.approver_id', 'staff.name as approver_name', 'approval_task.status', 'approval_task.comment', 'approval_task.acted_at', 'approval_task.created_at'])
      .where('approval_task.instance_id', '=', instance.id)
      .orderBy('approval_task.step_seq')
      .orderBy('approval_task.id')
      .execute()) as Task[];
    const copies = (await q.selectFrom('approval_copy').select('staff_id').where('instance_id', '=', instance.id).orderBy('id').execute()) as { staff_id: number }[];
    const involved = instance.submitter_id === staff.id || tasks.some((t) => t.approver_id === staff.id) || copies.some((c) => c.staff_id === staff.id);
    if (!involved && !(staff.buttons.has('approval:all') && (await canSeeProject(instance.project_id)))) throw notFound('审批单不存在');
    const history = await q.selectFrom('approval_history').select(['step_name', 'action', 'staff_name', 'comment', 'at']).where('instance_id', '=', instance.id).orderBy('id').execute();
    const decl = this.declaration(instance.biz_type);
    const snapshot = (parseSteps(instance.snapshot) ?? {}) as Row;
    const items = this.snapshotItems(decl.records.resource, snapshot);
    const STATUS: Record<string, string> = { wait: '待审批', approve: '通过', reject: '不通过', transfer: '已转派', cancel: '已取消', withdrawn: '已撤回' };
    const ACTION: Record<string, string> = { submit: '提交', approve: '通过', reject: '驳回', return: '退回上一节点', transfer: '转派', urge: '催办', remind: '超时提醒', withdraw: '撤回', finish: '审批结束', copy: '抄送', replace: '更换审批人', orphan: '审批人失效' };
    const mine = tasks.find((t) => t.approver_id === staff.id && t.status === 'wait' && t.step_seq === instance.step_seq && instance.status === 'running');
    return {
      ...Object.fromEntries(Object.entries(instance).filter(([k]) => k !== 'snapshot' && k !== 'steps' && k !== 'copy_to')),
      copy_names: copies.length ? await this.names(q, copies.map((c) => c.staff_id)) : '',
      kind_label: decl.decl.label,
      status_text: INSTANCE_TEXT[instance.status] ?? instance.status,
      snapshot: items,
      steps: parseSteps(instance.steps),
      tasks: tasks.map((t) => ({ ...t, status_text: STATUS[t.status] ?? t.status })),
      history: history.map((h) => ({ ...(h as Row), action_text: ACTION[(h as Row).action as string] ?? (h as Row).action })),
      my_task_id: mine?.id ?? null,
      can_withdraw: instance.status === 'running' && instance.submitter_id === staff.id && instance.allow_withdraw !== 0,
      can_urge: instance.status === 'running' && instance.submitter_id === staff.id,
    };
  }

  /**
   * The record as submitted, as label–value pairs: the items of the kind's detail screen, in its
   * order and words, when it has one (what the approver would see opening the record), else every
   * plain field by its title. Hidden from both: JSON, rich text and masked fields.
   */
  private snapshotItems(resource: ResourceDef, snapshot: Row): { label: string; value: string }[] {
    const detail = this.app.catalogue.pages.find((p): p is DetailPage => p.kind === 'detail' && p.resource === resource.name && !p.public);
    const declared = detail?.sections.flatMap((section) => ('items' in section ? section.items : [])).map((item) => ({ name: item.field, title: item.title, enum: item.enum }));
    const wanted = declared ?? [{ name: 'project_name', title: '所属项目', enum: undefined }, ...Object.entries(resource.fields).map(([name, field]) => ({ name, title: field.title, enum: undefined }))];
    const items: { label: string; value: string }[] = [];
    for (const { name, title, enum: options } of wanted) {
      const field = resource.fields[name.replace(/_label$/, '')];
      if (field && (field.type === 'json' || field.type === 'html' || field.mask)) continue;
      const raw = snapshot[`${name}_label`] ?? snapshot[name];
      if (raw === null || raw === undefined || raw === '') continue;
      const workflow = resource.workflow;
      const value = options?.[String(raw)]
        ? options[String(raw)]!.text
        : workflow?.field === name
          ? (workflow.states[String(raw)]?.text ?? String(raw))
          : field?.enum
            ? (field.enum[String(raw)] ?? String(raw))
            : field?.type === 'boolean'
              ? raw ? '是' : '否'
              : field?.type === 'datetime' && typeof raw === 'number'
                ? new Date(raw + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')
                : String(raw);
      items.push({ label: title, value });
    }
    return items;
  }

  /**
   * Checks a flow before it is saved: well-formed steps, a declared kind, and, for every project
   * the flow applies to, an approver for every step (the message names the project and the step).
   */
  async checkFlow(q: AnyDB, flow: { biz_type: unknown; scope_org_id: unknown; steps: unknown; copy_to?: unknown }): Promise<void> {
    if (!this.kinds().some((k) => k.kind === flow.biz_type)) throw badRequest(`审批类型「${String(flow.biz_type)}」不存在`);
    const problem = stepsProblem(flow.steps);
    if (problem) throw badRequest(problem);
    const copyTo = parseSteps(flow.copy_to ?? null);
    if (copyTo !== null) {
      const ids = copyToIds(copyTo);
      if (!Array.isArray(copyTo) || ids.length !== copyTo.length || copyTo.length > 50) throw badRequest('抄送人设置不正确（最多 50 人）');
      const found = ids.length ? ((await q.selectFrom('staff').select('id').where('id', 'in', ids).where('enabled', '=', 1).execute()) as unknown[]).length : 0;
      if (found !== new Set(ids).size) throw badRequest('抄送人不存在或已停用');
    }
    const steps = parseSteps(flow.steps) as ApprovalStep[];
    const scope = typeof flow.scope_org_id === 'number' ? flow.scope_org_id : null;
    let projects = (await q.selectFrom('org').select(['id', 'name', 'parent_id', 'type']).where('type', '=', 'project').where('enabled', '=', 1).orderBy('id').execute()) as { id: number; name: string }[];
    if (scope !== null) {
      const inScope: { id: number; name: string }[] = [];
      for (const p of projects) if ((await orgChain(q, p.id)).includes(scope)) inScope.push(p);
      projects = inScope;
    }
    for (const project of projects) {
      for (const [i, step] of steps.entries()) {
        const approvers = await this.approversOf(q, step, project.id);
        if (approvers !== null && !approvers.length) throw badRequest(`项目「${project.name}」的第 ${i + 1} 个审批节点「${step.name}」找不到审批人`);
      }
    }
  }
}

export function registerApprovals(app: FastifyInstance): void {
  app.decorate('approvals', new ApprovalEngine(app));
}
