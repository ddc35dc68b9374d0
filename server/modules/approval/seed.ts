import type { Kysely } from 'kysely';
import type { SeedContext } from '../../engine/module.ts';
import { DEMO_ORG, DEMO_PROJECTS } from '../org/public.ts';

// The approval tables are the engine's and a resource's: typed loosely, as the other seeds do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Kysely<any>;
type Row = Record<string, unknown>;

/** Every demo role opens the approval center and acts on its own tasks; the project manager also sees all of his project's and the flows. */
export const APPROVAL_DEMO_GRANTS: Record<string, string[]> = {
  customer_service: ['approval:view', 'approval:approve', 'approval:transfer', 'reply:view', 'reply:add', 'reply:edit', 'reply:delete', 'reply:submit'],
  dispatcher: ['approval:view', 'approval:approve', 'approval:transfer'],
  technician: ['approval:view', 'approval:approve', 'approval:transfer'],
  inspector: ['approval:view', 'approval:approve', 'approval:transfer'],
  project_manager: ['approval:view', 'approval:approve', 'approval:transfer', 'approval:all', 'approvalflow:view', 'reply:view', 'reply:add', 'reply:edit', 'reply:submit', 'reply:approve', 'approvalrecord:view', 'approvalrecord:export'],
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
  const copyTo: Record<string, number[]> = { hangUp: [xuncha], improper: [], reply: [] };
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
  async function approval(order: Row, spec: { kind: string; flowId: number; steps: { name: string }[]; submitter: number; at: number; status: string; tasks: [number, string, string | null][][]; resource?: string; title?: string }) {
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
        biz_resource: spec.resource ?? 'work_order',
        biz_id: order.id,
        flow_id: spec.flowId,
        title: spec.title ?? order.title,
        submitter_id: spec.submitter,
        submitted_at: spec.at,
        status: spec.status,
        step_seq: current,
        step_name: current ? spec.steps[current - 1]!.name : null,
        approver_names: waiting,
        steps: JSON.stringify(spec.steps),
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
            title: spec.title ?? order.title,
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

  await seedReplies(ctx, { admin, approval, flow });
}

/**
 * External replies (对外回复) of the last four months: 翠湖天地's go to the project manager
 * (刘海燕) under the project's flow, 锦绣华庭's to the administrator (named); the other projects
 * have no flow (their 同意发布 is the reply's own move). Most are published, some wait, one was
 * rejected and rewritten, one is a draft.
 */
async function seedReplies(
  ctx: SeedContext,
  helpers: {
    admin: number;
    flow: (name: string, kind: string, org: number, steps: unknown[], remark: string) => Promise<number>;
    approval: (record: Row, spec: { kind: string; flowId: number; steps: { name: string }[]; submitter: number; at: number; status: string; tasks: [number, string, string | null][][]; resource: string; title: string }) => Promise<void>;
  },
): Promise<void> {
  const db = ctx.trx as Loose;
  const { now } = ctx;
  const { admin, approval, flow } = helpers;
  const staffOf = async (account: string) => ((await db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()) as { id: number }).id;
  const [kefu, xmjl, p2s1] = [await staffOf('kefu'), await staffOf('xmjl'), await staffOf('p2s1')];
  const cuihuSteps = [{ name: '项目经理审批', sign_type: 'single', strategy: 'project_manager' }];
  const companySteps = [{ name: '公司审批', sign_type: 'single', strategy: 'staff', staff_ids: [admin] }];
  const cuihuFlow = await flow('翠湖天地对外回复审批', 'reply', DEMO_PROJECTS.cuihu.id, cuihuSteps, '对业主的正式回复须经项目经理审核');
  const companyFlow = await flow('锦绣华庭对外回复审批', 'reply', DEMO_PROJECTS.jinxiu.id, companySteps, '锦绣华庭的对外回复由公司统一把关');
  const codes = ((await db.selectFrom('work_order').select(['code', 'project_id']).orderBy('id').limit(40).execute()) as { code: string; project_id: number }[]);
  const codeIn = (project: number, i: number) => codes.filter((c) => c.project_id === project)[i]?.code ?? `GD${project}${String(i).padStart(4, '0')}`;
  const DAY = 24 * HOUR;
  // [project, source, customer, subject, content, days ago, outcome]
  const replies: [number, string, string, string, string, number, 'published' | 'pending' | 'rejected' | 'draft'][] = [
    [DEMO_PROJECTS.cuihu.id, 'work_order', '张先生', '3栋电梯异响处理结果', '张先生您好，3栋电梯异响已由维保单位更换导向轮，经检测运行正常，感谢您的反馈。', 118, 'published'],
    [DEMO_PROJECTS.cuihu.id, 'feedback', '李女士', '园区绿化修剪安排', '李女士您好，园区绿化修剪已排期至本周六上午，届时请注意避让作业区域。', 96, 'published'],
    [DEMO_PROJECTS.cuihu.id, 'complaint', '王先生', '夜间装修噪音投诉回复', '王先生您好，已约谈 5 栋 1202 装修业主，夜间 20 点后停止施工，如再发生请随时联系管家。', 75, 'published'],
    [DEMO_PROJECTS.cuihu.id, 'work_order', '赵女士', '地下车库漏水维修', '赵女士您好，地下车库 B2 区顶板渗水已完成注浆封堵，后续将持续观察一周。', 52, 'published'],
    [DEMO_PROJECTS.cuihu.id, 'mailbox', '陈先生', '关于增设快递柜的建议', '陈先生您好，您建议的快递柜增设已纳入下季度改造计划，选址确定后将在公告栏公示。', 33, 'rejected'],
    [DEMO_PROJECTS.cuihu.id, 'feedback', '周女士', '儿童游乐区设施维护', '周女士您好，儿童游乐区滑梯护栏已加固，橡胶地垫破损处已更换。', 12, 'published'],
    [DEMO_PROJECTS.cuihu.id, 'work_order', '孙先生', '楼道照明更换说明', '孙先生您好，2 栋楼道声控灯已全部更换为 LED 感应灯，如有不亮请联系客服。', 2, 'pending'],
    [DEMO_PROJECTS.cuihu.id, 'complaint', '吴女士', '宠物粪便清理投诉回复', '吴女士您好，已在园区增设 4 处宠物粪便收集箱，并加强巡查劝导。', 1, 'pending'],
    [DEMO_PROJECTS.cuihu.id, 'mailbox', '郑先生', '停车费调整咨询', '郑先生您好，停车费标准以物价部门备案为准，本年度不作调整。', 0, 'draft'],
    [DEMO_PROJECTS.jinxiu.id, 'work_order', '黄女士', '入户门锁维修结果', '黄女士您好，入户门锁已更换锁芯，备用钥匙已交至前台，请凭证件领取。', 88, 'published'],
    [DEMO_PROJECTS.jinxiu.id, 'feedback', '刘先生', '游泳池开放时间', '刘先生您好，游泳池夏季开放时间为每日 9:00–21:00，周一下午清洁维护。', 41, 'published'],
    [DEMO_PROJECTS.jinxiu.id, 'complaint', '何女士', '垃圾清运不及时投诉回复', '何女士您好，已调整垃圾清运频次为每日两次，并对责任保洁员进行了考核。', 3, 'pending'],
  ];
  for (const [i, [project, source, customer, subject, content, daysAgo, outcome]] of replies.entries()) {
    const cuihu = project === DEMO_PROJECTS.cuihu.id;
    const submitter = cuihu ? kefu : p2s1;
    const approver = cuihu ? xmjl : admin;
    const at = now - daysAgo * DAY - (i % 5) * HOUR - HOUR;
    const decidedAt = at + 2 * HOUR;
    const status = outcome === 'rejected' ? 'published' : outcome;
    const record: Row = {
      source,
      source_code: codeIn(project, i),
      customer_name: customer,
      subject,
      content,
      status,
      replier_id: outcome === 'draft' ? null : submitter,
      submitted_at: outcome === 'draft' ? null : at,
      published_at: status === 'published' ? (outcome === 'rejected' ? decidedAt + DAY : decidedAt) : null,
      project_id: project,
      created_by: submitter,
      created_at: at - HOUR,
      updated_at: at,
      state_at: status === 'published' ? decidedAt : at,
    };
    const { id } = (await db.insertInto('external_reply').values(record).returning('id').executeTakeFirstOrThrow()) as { id: number };
    if (outcome === 'draft') continue;
    const base = { kind: 'reply', flowId: cuihu ? cuihuFlow : companyFlow, steps: cuihu ? cuihuSteps : companySteps, submitter, resource: 'external_reply', title: subject };
    const row = { ...record, id, project_name: null };
    if (outcome === 'rejected') {
      // First written too vaguely and rejected, then rewritten with a date and approved.
      await approval({ ...row, content: '陈先生您好，您的建议我们会研究。' }, { ...base, at, status: 'rejected', tasks: [[[approver, 'reject', '回复过于笼统，请写明计划时间']]] });
      await approval(row, { ...base, at: at + DAY, status: 'approved', tasks: [[[approver, 'approve', '同意发布']]] });
    } else {
      await approval(row, { ...base, at, status: outcome === 'pending' ? 'running' : 'approved', tasks: [[[approver, outcome === 'pending' ? 'wait' : 'approve', outcome === 'pending' ? null : '同意发布']]] });
    }
  }
}
