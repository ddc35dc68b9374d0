import type { Kysely } from 'kysely';
import type { SeedContext } from '../../engine/module.ts';
import { DEMO_ORG, DEMO_PROJECTS } from '../org/public.ts';

// The approval tables are the engine's and a resource's: typed loosely, as the other seeds do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Kysely<any>;
type Row = Record<string, unknown>;

/** Every demo role opens the approval center and acts on its own tasks; the project manager also sees all of his project's and the flows. */
export const APPROVAL_DEMO_GRANTS: Record<string, string[]> = {
  customer_service: ['approval:view', 'approval:approve', 'approval:transfer'],
  dispatcher: ['approval:view', 'approval:approve', 'approval:transfer'],
  technician: ['approval:view', 'approval:approve', 'approval:transfer'],
  inspector: ['approval:view', 'approval:approve', 'approval:transfer'],
  project_manager: ['approval:view', 'approval:approve', 'approval:transfer', 'approval:all', 'approvalflow:view'],
};

const HOUR = 3_600_000;

/**
 * Demo flows and approvals: 锦绣华庭's suspensions go to its 客服管家 and then to the
 * administrator (named), copied to the inspector when decided, 华南区域's abnormal closures to any customer-service
 * colleague of the project (or-sign) and then to the administrator. 翠湖天地 has no flow, so
 * its suspensions are approved on the work-order screens as before. The seeded orders waiting
 * for approval in those projects get running approvals (one at each step), the suspended and
 * abnormally closed ones finished approvals, and one suspension was rejected.
 */
export async function seedApprovals(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as Loose;
  const { now } = ctx;
  const staffOf = async (account: string) => ((await db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()) as { id: number }).id;
  const admin = await staffOf('admin');
  const p2s1 = await staffOf('p2s1');
  const p2s2 = await staffOf('p2s2');
  // 巡查员 陈志强 is copied on 锦绣华庭's decided suspensions (抄送我的 in the center).
  const xuncha = await staffOf('xuncha');
  const copyTo: Record<string, number[]> = { hangUp: [xuncha], improper: [] };
  const kefuPost = ((await db.selectFrom('post').select('id').where('org_id', '=', DEMO_PROJECTS.jinxiu.id).where('name', '=', '客服管家').executeTakeFirstOrThrow()) as { id: number }).id;
  const serviceRole = ((await db.selectFrom('role').select('id').where('code', '=', 'customer_service').executeTakeFirstOrThrow()) as { id: number }).id;

  const hangSteps = [
    { name: '客服主管审核', sign_type: 'single', strategy: 'post', post_ids: [kefuPost] },
    { name: '公司审批', sign_type: 'single', strategy: 'staff', staff_ids: [admin] },
  ];
  const improperSteps = [
    { name: '客服复核', sign_type: 'or', strategy: 'role', role_ids: [serviceRole] },
    { name: '区域总监审批', sign_type: 'single', strategy: 'staff', staff_ids: [admin] },
  ];
  const flow = async (name: string, kind: string, org: number, steps: unknown[], remark: string) =>
    ((await db
      .insertInto('approval_flow')
      .values({ name, biz_type: kind, scope_org_id: org, allow_withdraw: 1, steps: JSON.stringify(steps), copy_to: JSON.stringify(copyTo[kind]), remark, enabled: 1, created_by: admin, created_at: now - 30 * 24 * HOUR, updated_at: now - 30 * 24 * HOUR })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number }).id;
  const hangFlow = await flow('锦绣华庭挂起审批', 'hangUp', DEMO_PROJECTS.jinxiu.id, hangSteps, '挂起超过 24 小时的工单须经项目经理同意');
  const improperFlow = await flow('华南区域异常关闭审批', 'improper', DEMO_ORG.southRegion, improperSteps, '异常关闭须客服复核并报区域审批');

  const names = new Map(((await db.selectFrom('staff').select(['id', 'name']).execute()) as { id: number; name: string }[]).map((s) => [s.id, s.name]));
  let seq = 0;
  const codeAt = (at: number) => `SP${new Date(at + 8 * HOUR).toISOString().slice(0, 10).replaceAll('-', '')}${String(++seq).padStart(4, '0')}`;

  /** One approval of an order: its tasks per step ([approver, status, comment] each) and its history. */
  async function approval(order: Row, spec: { kind: string; flowId: number; steps: { name: string }[]; submitter: number; at: number; status: string; tasks: [number, string, string | null][][] }) {
    const snapshot = { ...order, processor_id_label: names.get(order.processor_id as number) ?? null };
    const current = spec.status === 'running' ? spec.tasks.length : null;
    const waiting = spec.status === 'running' ? spec.tasks.at(-1)!.filter(([, s]) => s === 'wait').map(([id]) => names.get(id)).join('、') : null;
    const finishedAt = spec.status === 'running' ? null : spec.at + spec.tasks.length * 2 * HOUR;
    const code = codeAt(spec.at);
    const instance = (await db
      .insertInto('approval_instance')
      .values({
        code,
        biz_type: spec.kind,
        biz_resource: 'work_order',
        biz_id: order.id,
        flow_id: spec.flowId,
        title: order.title,
        submitter_id: spec.submitter,
        submitted_at: spec.at,
        status: spec.status,
        step_seq: current,
        step_name: current ? spec.steps[current - 1]!.name : null,
        approver_names: waiting,
        steps: JSON.stringify(spec.kind === 'hangUp' ? hangSteps : improperSteps),
        allow_withdraw: 1,
        copy_to: JSON.stringify(copyTo[spec.kind]),
        snapshot: JSON.stringify(snapshot),
        urge_count: 0,
        finished_at: finishedAt,
        project_id: order.project_id,
        created_by: spec.submitter,
        created_at: spec.at,
        updated_at: finishedAt ?? spec.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    const history: Row[] = [{ instance_id: instance.id, step_name: null, action: 'submit', staff_id: spec.submitter, staff_name: names.get(spec.submitter)!, comment: null, at: spec.at }];
    for (const [i, tasks] of spec.tasks.entries()) {
      const at = spec.at + (i + 1) * 2 * HOUR;
      for (const [approver, status, comment] of tasks) {
        const acted = status === 'wait' ? null : at;
        await db
          .insertInto('approval_task')
          .values({
            instance_id: instance.id,
            code,
            biz_type: spec.kind,
            title: order.title,
            submitter_id: spec.submitter,
            submitted_at: spec.at,
            step_seq: i + 1,
            step_name: spec.steps[i]!.name,
            approver_id: approver,
            status,
            comment,
            acted_at: acted,
            project_id: order.project_id,
            created_by: spec.submitter,
            created_at: spec.at + i * 2 * HOUR,
            updated_at: acted ?? spec.at,
          })
          .execute();
        if (status === 'approve' || status === 'reject') history.push({ instance_id: instance.id, step_name: spec.steps[i]!.name, action: status, staff_id: approver, staff_name: names.get(approver)!, comment, at: acted! });
      }
    }
    if (spec.status !== 'running') history.push({ instance_id: instance.id, step_name: null, action: 'finish', staff_id: null, staff_name: '系统', comment: spec.status === 'approved' ? '审批通过' : null, at: finishedAt! });
    const copied = spec.status === 'running' ? [] : copyTo[spec.kind]!.filter((id) => id !== spec.submitter);
    if (copied.length) {
      await db.insertInto('approval_copy').values(copied.map((staff_id) => ({ instance_id: instance.id, staff_id, at: finishedAt }))).execute();
      history.push({ instance_id: instance.id, step_name: null, action: 'copy', staff_id: null, staff_name: '系统', comment: `抄送给：${copied.map((id) => names.get(id)).join('、')}`, at: finishedAt! });
    }
    await db.insertInto('approval_history').values(history).execute();
  }

  const orders = async (projects: number[], status: string, limit: number) =>
    (await db
      .selectFrom('work_order')
      .leftJoin('org', 'org.id', 'work_order.project_id')
      .selectAll('work_order')
      .select('org.name as project_name')
      .where('work_order.project_id', 'in', projects)
      .where('work_order.status', '=', status)
      .orderBy('work_order.id')
      .limit(limit)
      .execute()) as Row[];
  const submitterOf = (order: Row) => (order.processor_id as number | null) ?? p2s1;

  // 锦绣华庭: suspensions waiting at each step, approved ones, and a rejected one.
  for (const [i, order] of (await orders([DEMO_PROJECTS.jinxiu.id], 'hangup_pending', 3)).entries()) {
    const tasks: [number, string, string | null][][] = i === 0 ? [[[p2s2, 'wait', null]]] : [[[p2s2, 'approve', '情况属实，同意挂起']], [[admin, 'wait', null]]];
    await approval(order, { kind: 'hangUp', flowId: hangFlow, steps: hangSteps, submitter: submitterOf(order), at: now - (3 + i * 5) * HOUR, status: 'running', tasks });
  }
  for (const [i, order] of (await orders([DEMO_PROJECTS.jinxiu.id], 'suspended', 2)).entries()) {
    await approval(order, { kind: 'hangUp', flowId: hangFlow, steps: hangSteps, submitter: submitterOf(order), at: now - (30 + i * 24) * HOUR, status: 'approved', tasks: [[[p2s2, 'approve', '同意']], [[admin, 'approve', '同意挂起，恢复后及时处理']]] });
  }
  const [processing] = await orders([DEMO_PROJECTS.jinxiu.id], 'processing', 1);
  if (processing) {
    await approval({ ...processing, hang_reason: '业主要求过几天再修' }, { kind: 'hangUp', flowId: hangFlow, steps: hangSteps, submitter: submitterOf(processing), at: now - 50 * HOUR, status: 'rejected', tasks: [[[p2s2, 'reject', '可预约周末上门，不必挂起']]] });
  }

  // 华南区域: abnormal closures waiting for the project's customer service (or-sign), and finished ones.
  const service = async (projectId: number) => ((await db.selectFrom('staff_role').innerJoin('staff', 'staff.id', 'staff_role.staff_id').select('staff.id').where('staff_role.role_id', '=', serviceRole).where('staff.org_id', '=', projectId).where('staff.enabled', '=', 1).orderBy('staff.id').execute()) as { id: number }[]).map((s) => s.id);
  const south = [DEMO_PROJECTS.binjiang.id, DEMO_PROJECTS.yunqi.id];
  for (const [i, order] of (await orders(south, 'improper_pending', 2)).entries()) {
    const approvers = await service(order.project_id as number);
    if (!approvers.length) continue;
    await approval(order, { kind: 'improper', flowId: improperFlow, steps: improperSteps, submitter: submitterOf(order), at: now - (5 + i * 7) * HOUR, status: 'running', tasks: [approvers.map((a) => [a, 'wait', null])] });
  }
  for (const [i, order] of (await orders(south, 'improper_closed', 1)).entries()) {
    const approvers = await service(order.project_id as number);
    if (!approvers.length) continue;
    await approval(order, { kind: 'improper', flowId: improperFlow, steps: improperSteps, submitter: submitterOf(order), at: now - (72 + i * 24) * HOUR, status: 'approved', tasks: [[[approvers[0]!, 'approve', '已电话核实，业主撤销报事']], [[admin, 'approve', '同意']]] });
  }
}
