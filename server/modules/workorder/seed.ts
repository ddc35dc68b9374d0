import type { Kysely } from 'kysely';
import type { SeedContext } from '../../engine/module.ts';
import { orgDemo } from '../org/public.ts';
import { classify } from './intake.ts';
import { slaOf } from './sla.ts';
import { mulberry32 } from '../../platform/db/random.ts';

// Resource tables (service_type, warn_rule...) are created from JSON at start: typed loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Kysely<any>;
type Row = Record<string, unknown>;

/** What each demo role may do with work orders (spec 7.5); merged with the other modules' by the seed. */
export const WORKORDER_DEMO_GRANTS: Record<string, string[]> = {
  customer_service: [
    'workorder:view', 'workorder:intake', 'workorder:add', 'workorder:drafts', 'workorder:edit', 'workorder:delete', 'workorder:export', 'workorder:confirm', 'workorder:close',
    'workorder:urge', 'workorder:evaluate', 'workorder:restart', 'workorder:reveal', 'servertype:view', 'problem:view', 'warn:view',
  ],
  dispatcher: ['workorder:view', 'workorder:intake', 'workorder:add', 'workorder:drafts', 'workorder:edit', 'workorder:giveOut', 'workorder:urge', 'workorder:export', 'workorder:reveal', 'servertype:view', 'problem:view', 'warn:view'],
  technician: ['workorder:mine', 'workorder:pool', 'workorder:handle', 'workorder:reveal', 'workorder:transfer', 'workorder:seize', 'problem:view'],
  project_manager: [
    'workorder:view', 'workorder:export', 'workorder:giveOut', 'workorder:urge', 'workorder:close', 'workorder:restart', 'workorder:reveal', 'hangup:view', 'hangup:approve', 'improper:view',
    'improper:approve', 'servertype:view', 'servertype:add', 'servertype:edit', 'servertype:enable', 'servertype:export', 'problem:view', 'problem:add', 'problem:edit',
    'problem:enable', 'problem:export', 'problem:import', 'warn:view', 'warn:add', 'warn:edit', 'warn:delete', 'warn:enable', 'warn:export',
    'report-workorder:view', 'report-workorder:export', 'report-homeService:view', 'report-homeService:export',
  ],
  // The quality manager watches service quality over the region's projects, without acting on orders.
  quality: ['workorder:view', 'workorder:export', 'report-workorder:view', 'report-workorder:export', 'servertype:view', 'problem:view'],
};

/** Categories → types: [name, kind, work hours, response minutes, types [name, AI labels, hours?, minutes?][]]. */
const SERVICE_TYPES: [string, string, number, number, [string, string[], number?, number?][]][] = [
  ['户内维修', 'repair', 24, 30, [
    ['水电维修', ['漏水', '水管', '跳闸', '插座', '下水道', '堵塞', '水龙头'], 4, 30],
    ['门窗维修', ['门锁', '推拉门', '窗户', '卡滞', '入户门'], 8],
    ['家电维修', ['空调', '热水器', '灯具', '不亮', '外机'], 24],
    ['墙面地面', ['渗水', '发霉', '墙面', '瓷砖', '空鼓'], 48],
  ]],
  ['投诉处理', 'complaint', 24, 30, [
    ['噪音扰民', ['噪音', '装修', '吠叫', '扰民']],
    ['环境卫生', ['垃圾', '清运', '保洁', '异味']],
    ['停车管理', ['车位', '停车', '地库', '占用']],
    ['设施设备', ['电梯', '停运', '门禁', '路灯'], 12],
  ]],
  ['业务咨询', 'consult', 8, 60, [
    ['费用咨询', ['物业费', '缴纳', '月卡', '收费']],
    ['办事流程', ['装修申报', '门禁卡', '补办', '流程']],
  ]],
  ['表扬建议', 'praise', 24, 120, [['员工表扬', ['表扬', '热心', '周到', '负责']]]],
  ['家政服务', 'home_service', 48, 60, [
    ['保洁服务', ['保洁', '开荒'], 24],
    ['清洗服务', ['清洗', '窗帘', '家电清洗']],
  ]],
  ['紧急事件', 'emergency', 2, 10, [
    ['电梯困人', ['困人'], 1, 5],
    ['消防报警', ['消防', '报警器', '火警']],
    ['管道爆裂', ['爆裂', '水管爆']],
    ['停电停水', ['停电', '停水']],
  ]],
];

/** Problem standard library: type → [problem, standard, minutes, materials][]. */
const PROBLEMS: Record<string, [string, string, number, string][]> = {
  水电维修: [
    ['水龙头滴漏', '关闭进水阀，更换阀芯或整只水龙头，开阀试水 5 分钟无渗漏', 30, '阀芯、生料带'],
    ['下水道堵塞', '使用疏通机疏通，清理存水弯，放水检查排水通畅', 60, '疏通剂'],
    ['空气开关跳闸', '逐路排查短路或过载回路，更换损坏插座或开关后复位', 45, '空气开关、插座面板'],
  ],
  门窗维修: [
    ['入户门锁损坏', '核实业主身份后更换锁芯，交付全部新钥匙', 40, '锁芯'],
    ['推拉门卡滞', '清理轨道异物，润滑或更换滑轮，调整门扇水平', 60, '滑轮、润滑油'],
  ],
  家电维修: [['灯具不亮', '断电后检查灯泡、镇流器与线路，更换损坏件', 20, '灯泡、镇流器']],
  墙面地面: [['墙面渗水发霉', '查找渗漏源（上层卫生间、外墙），做防水处理后铲除霉斑重新涂刷', 240, '防水涂料、乳胶漆']],
  电梯困人: [['电梯困人救援', '5 分钟内到场安抚被困人员，通知维保单位，按规程盘车放人并停梯检修', 30, '']],
  噪音扰民: [['装修噪音扰民', '核查装修许可与施工时段，上门劝导，必要时暂停施工', 60, '']],
};

const RESULTS: Record<string, string> = {
  repair: '已上门检查并更换损坏部件，现场测试正常，已请业主确认',
  complaint: '已联系相关方沟通协调，问题已解决，业主表示认可',
  consult: '已电话答复业主，并发送办理指引，业主表示清楚',
  praise: '已将业主的表扬转达本人并纳入月度服务考核',
  home_service: '已按预约时间完成服务，业主现场验收满意',
  emergency: '已第一时间到场处置，现场恢复正常，已做好记录',
};
const MATERIALS: { name: string; quantity: number; price: number }[][] = [
  [{ name: '水龙头阀芯', quantity: 1, price: 35 }, { name: '生料带', quantity: 1, price: 2 }],
  [{ name: '锁芯', quantity: 1, price: 120 }],
  [{ name: 'LED 灯泡 12W', quantity: 2, price: 18 }],
  [{ name: '推拉门滑轮', quantity: 4, price: 15 }, { name: '润滑油', quantity: 1, price: 12 }],
];
const HANG_REASONS = ['等待配件到货（厂家寄送约 3 天）', '业主出差，约定下周上门', '需协调楼上业主配合排查渗漏'];
const IMPROPER_REASONS = ['重复报事，已合并至其他工单处理', '非物业服务范围，已告知业主联系供水公司', '业主来电撤销报事'];
const EVALUATIONS: [number, string][] = [
  [5, '师傅很专业，处理得又快又好'],
  [5, '响应及时，态度很好'],
  [5, ''],
  [4, '问题解决了，上门时间稍晚'],
  [4, '服务不错'],
  [3, '处理了，但沟通不够主动'],
  [2, '等了很久才有人来'],
];

/** The 240 demo orders spread over the lifecycle's states (draft to closed, suspended, abnormally closed). */
export const DEMO_ORDER_STATES = [
  'pending', 'pool', 'dispatched', 'processing', 'processing', 'processing', 'hangup_pending', 'suspended', 'improper_pending', 'to_confirm', 'to_confirm',
  'finished', 'finished', 'closed', 'closed', 'closed', 'closed', 'closed', 'improper_closed', 'draft',
];

const MINUTE = 60_000;

/**
 * Service types with SLA, the problem standard library and warning rules, then the demo orders
 * completed as if they had really gone through their steps: who gave them out, took, handled,
 * confirmed and evaluated them and when, with each step in the timeline, limits, and the
 * warnings already given (so the first SLA sweep does not push stale warnings at start).
 */
async function completeSteps(db: Loose, now: number): Promise<void> {
  const rnd = mulberry32(9090);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const audit = { created_by: null, created_at: now, updated_at: now };
  const staffId = async (account: string) => ((await db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirst()) as { id: number } | undefined)?.id ?? null;
  const weixiu = await staffId('weixiu');

  const typeIds = new Map<string, number>();
  for (const [sort, [name, kind, hours, minutes, types]] of SERVICE_TYPES.entries()) {
    const category = await db.insertInto('service_type').values({ parent_id: null, name, kind, ai_labels: '[]', work_hours: hours, response_minutes: minutes, sort, remark: null, enabled: 1, ...audit }).returning('id').executeTakeFirstOrThrow();
    for (const [i, [typeName, labels, typeHours, typeMinutes]] of types.entries()) {
      const type = await db
        .insertInto('service_type')
        .values({ parent_id: category.id, name: typeName, kind, ai_labels: JSON.stringify(labels), work_hours: typeHours ?? null, response_minutes: typeMinutes ?? null, sort: i, remark: null, enabled: 1, ...audit })
        .returning('id')
        .executeTakeFirstOrThrow();
      typeIds.set(typeName, type.id);
      if (kind === 'repair' && weixiu) await db.insertInto('service_type_processor').values({ service_type_id: type.id, staff_id: weixiu }).execute();
    }
  }
  const problemsByType = new Map<number, number[]>();
  for (const [typeName, problems] of Object.entries(PROBLEMS)) {
    const typeId = typeIds.get(typeName)!;
    for (const [sort, [name, standard, minutes, materials]] of problems.entries()) {
      const p = await db.insertInto('service_problem').values({ service_type_id: typeId, name, standard, work_minutes: minutes, materials: materials || null, sort, enabled: 1, ...audit }).returning('id').executeTakeFirstOrThrow();
      problemsByType.set(typeId, [...(problemsByType.get(typeId) ?? []), p.id]);
    }
  }

  const projects = (await db.selectFrom('org').select(['id', 'name']).where('type', '=', 'project').orderBy('sort').execute()) as { id: number; name: string }[];
  const xmjl = await staffId('xmjl');
  for (const [i, project] of projects.entries()) {
    const managerPost = (await db.selectFrom('post').select('id').where('org_id', '=', project.id).where('name', '=', '项目经理').executeTakeFirst()) as { id: number } | undefined;
    const rules: [string, string, string[], number, number, number, number[], number[]][] = [
      ['响应超时预警', 'response', [], 10, 1, 1, [], []],
      ['完成超时预警', 'finish', [], 120, 1, 1, managerPost ? [managerPost.id] : [], []],
      ['紧急事件响应预警', 'response', ['emergency'], 5, 1, 1, [], i === 0 && xmjl ? [xmjl] : []],
    ];
    for (const [name, stage, kinds, before, processor, dispatcher, posts, staff] of rules) {
      const rule = await db
        .insertInto('warn_rule')
        .values({ project_id: project.id, name, stage, kinds: JSON.stringify(kinds), kinds_text: kinds.length ? '紧急事件' : '全部类型', before_minutes: before, notify_processor: processor, notify_dispatcher: dispatcher, remark: null, enabled: 1, ...audit })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const postId of posts) await db.insertInto('warn_rule_post').values({ warn_rule_id: rule.id, post_id: postId }).execute();
      for (const id of staff) await db.insertInto('warn_rule_staff').values({ warn_rule_id: rule.id, staff_id: id }).execute();
    }
  }

  // The people of each project who play the demo's parts.
  const people = new Map<number, { creator: Row; dispatcher: Row; technicians: Row[]; manager: Row | null; pool: number | null }>();
  const admin = (await db.selectFrom('staff').select(['id', 'name']).where('account', '=', 'admin').executeTakeFirstOrThrow()) as Row;
  for (const project of projects) {
    const atProject = (role: string) =>
      db
        .selectFrom('staff as s')
        .innerJoin('staff_role as sr', 'sr.staff_id', 's.id')
        .innerJoin('role as r', 'r.id', 'sr.role_id')
        .select(['s.id', 's.name'])
        .where('s.org_id', '=', project.id)
        .where('r.code', '=', role)
        .orderBy('s.id')
        .execute() as Promise<Row[]>;
    const pool = (await db.selectFrom('post').select('id').where('org_id', '=', project.id).where('name', '=', '维修工程师').executeTakeFirst()) as { id: number } | undefined;
    people.set(project.id, {
      creator: (await atProject('customer_service'))[0] ?? admin,
      dispatcher: (await atProject('dispatcher'))[0] ?? admin,
      technicians: await atProject('technician'),
      manager: (await atProject('project_manager'))[0] ?? null,
      pool: pool?.id ?? null,
    });
  }
  const rules = (await db.selectFrom('warn_rule').selectAll().execute()) as Row[];

  const orders = (await db.selectFrom('work_order').selectAll().orderBy('id').execute()) as Row[];
  for (const order of orders) {
    const status = String(order.status);
    const who = people.get(Number(order.project_id))!;
    const open = !['to_confirm', 'finished', 'closed', 'improper_closed', 'draft'].includes(status);
    // Open orders are from today and yesterday, closed ones spread over the past two months. The
    // workflow timers' limits hold at start: orders given out are still within their 30 (60)
    // minutes to be taken, finished ones within the 7 days before they close by themselves.
    const created =
      status === 'dispatched' ? now - Math.floor(12 + rnd() * 15) * MINUTE
      : status === 'pool' ? now - Math.floor(12 + rnd() * 40) * MINUTE
      : status === 'finished' ? now - Math.floor((1 + rnd() * 4) * 1440) * MINUTE
      : open ? now - Math.floor(rnd() * 16 * 60) * MINUTE
      : Number(order.created_at);
    const house = (await db
      .selectFrom('house')
      .innerJoin('building', 'building.id', 'house.building_id')
      .select(['house.building_id', 'building.name as building_name', 'house.unit_no', 'house.room_no'])
      .where('house.id', '=', order.house_id)
      .executeTakeFirst()) as Row | undefined;
    const customer = (await db.selectFrom('customer').select(['name', 'mobile']).where('id', '=', order.customer_id).executeTakeFirst()) as Row | undefined;
    const serviceType = await classify(db, String(order.kind), String(order.title));
    const sla = await slaOf(db, { service_type_id: serviceType, priority: order.priority });
    const processor = who.technicians.length && !['draft', 'pending', 'pool'].includes(status) ? pick(who.technicians) : null;
    const values: Row = {
      created_at: created,
      service_type_id: serviceType,
      building_id: house?.building_id ?? null,
      address: house ? `${String(house.building_name)} ${String(house.unit_no)}单元 ${String(house.room_no)}` : null,
      contact_name: customer?.name ?? null,
      contact_phone: customer?.mobile ?? null,
      created_by: who.creator.id,
      processor_id: processor?.id ?? null,
      response_due_at: status === 'draft' ? null : created + sla.responseMinutes * MINUTE,
      finish_due_at: status === 'draft' ? null : created + Math.round(sla.workHours * 60) * MINUTE,
      finished_at: null,
      save_as_draft: status === 'draft' ? 1 : 0,
    };
    const steps: { action: string; from: string | null; to: string; staff: Row; at: number; note?: string }[] = [];
    let at = created;
    const step = (action: string, to: string, staff: Row, minutes: number, note?: string) => {
      at = Math.min(at + Math.max(1, Math.round(minutes)) * MINUTE, now - MINUTE);
      steps.push({ action, from: steps.length ? steps[steps.length - 1]!.to : null, to, staff, at, note });
      return at;
    };
    steps.push({ action: 'create', from: null, to: status === 'draft' ? 'draft' : 'pending', staff: who.creator, at: created, note: status === 'draft' ? '保存为草稿' : undefined });

    if (status === 'pool') {
      values.post_id = who.pool;
      values.dispatcher_id = who.dispatcher.id;
      values.given_at = step('giveOutPost', 'pool', who.dispatcher, 5 + rnd() * 5);
    }
    if (processor) {
      values.dispatcher_id = who.dispatcher.id;
      values.given_at = step('giveOut', 'dispatched', who.dispatcher, 5 + rnd() * 5);
      if (rnd() < 0.4) values.reserve_at = new Date(Number(values.given_at) + 86_400_000).toISOString().slice(0, 10) + ' 10:00';
      if (status !== 'dispatched') values.accepted_at = step('accept', 'processing', processor, 5 + rnd() * (open ? 20 : sla.responseMinutes * 1.3));
    }
    if (status === 'hangup_pending' || status === 'suspended') {
      values.hang_reason = pick(HANG_REASONS);
      step('hangUp', 'hangup_pending', processor!, 30 + rnd() * 60);
      if (status === 'suspended') values.suspended_at = step('hangUpAgree', 'suspended', who.manager ?? admin, 10 + rnd() * 30);
    }
    if (status === 'improper_pending' || status === 'improper_closed') {
      values.improper_reason = pick(IMPROPER_REASONS);
      step('improper', 'improper_pending', processor ?? who.dispatcher, 20 + rnd() * 60);
      if (status === 'improper_closed') values.closed_at = step('improperAgree', 'improper_closed', who.manager ?? admin, 30 + rnd() * 120);
    }
    if (['to_confirm', 'finished', 'closed'].includes(status) && processor) {
      values.handle_result = RESULTS[String(order.kind)] ?? RESULTS.repair;
      if (order.kind === 'repair') values.materials = JSON.stringify(pick(MATERIALS));
      const problems = problemsByType.get(Number(serviceType)) ?? [];
      if (problems.length) values.problem_id = pick(problems);
      values.handled_at = step('handle', 'to_confirm', processor, 30 + rnd() * sla.workHours * 60 * 1.2);
      if (status !== 'to_confirm') values.finished_at = step('confirm', 'finished', who.creator, 60 + rnd() * 600, '已电话回访业主，确认问题解决');
      if (status === 'closed') {
        if (rnd() < 0.8) {
          const [score, content] = pick(EVALUATIONS);
          values.evaluation_score = score;
          values.evaluation_content = content || null;
          values.evaluated_at = values.closed_at = step('evaluate', 'closed', who.creator, 60 + rnd() * 1440);
          if (rnd() < 0.15) {
            values.add_evaluation = score >= 4 ? '后续使用一直正常，再次感谢' : '问题又出现了一次，希望彻底解决';
            values.add_evaluated_at = step('addEvaluate', 'closed', who.creator, 1440 + rnd() * 4320);
          }
        } else {
          values.closed_at = step('close', 'closed', { id: null, name: '系统' }, 7 * 1440, '超过 10080 分钟未处理，系统自动关闭');
        }
      }
    }
    if (rnd() < 0.15 && ['pending', 'processing'].includes(status)) {
      values.urge_count = 1;
      values.urged_at = step(`urge_${status}`, status, who.creator, 20 + rnd() * 40, '业主来电催促');
    }
    values.state_at = steps[steps.length - 1]!.at;
    values.updated_at = values.state_at;

    // Limits met or missed, as the steps happened; open orders as of now.
    const due = { response: Number(values.response_due_at), finish: Number(values.finish_due_at) };
    let sla_state = 'normal';
    if (values.accepted_at ? Number(values.accepted_at) > due.response : open && now > due.response) sla_state = 'overdue';
    if (values.handled_at ? Number(values.handled_at) > due.finish : open && status !== 'suspended' && now > due.finish) sla_state = 'overdue';
    values.sla_state = status === 'draft' ? 'normal' : sla_state;
    await db.updateTable('work_order').set(values).where('id', '=', order.id).execute();
    for (const s of steps) {
      await db
        .insertInto('resource_timeline')
        .values({ resource: 'work_order', record_id: order.id, action: s.action, from_state: s.from, to_state: s.to, note: s.note ?? null, staff_id: s.staff.id ?? null, staff_name: s.staff.name, at: s.at })
        .execute();
    }
    if (open) await recordGivenWarnings(db, { ...order, ...values }, rules, now);
  }
}

/** Warnings an open demo order would already have had, recorded so that they are not pushed again. */
async function recordGivenWarnings(db: Loose, order: Row, rules: Row[], now: number): Promise<void> {
  const stages: ['response' | 'finish', number][] = [];
  let last: { rule: string; at: number } | null = null;
  if (!order.accepted_at && ['pending', 'pool', 'dispatched'].includes(String(order.status))) stages.push(['response', Number(order.response_due_at)]);
  if (!order.handled_at && order.status !== 'suspended') stages.push(['finish', Number(order.finish_due_at)]);
  for (const [stage, due] of stages) {
    for (const rule of rules.filter((r) => r.project_id === order.project_id && r.stage === stage)) {
      const kinds = JSON.parse(String(rule.kinds ?? '[]')) as string[];
      if (kinds.length && !kinds.includes(String(order.kind))) continue;
      const levels: [string, number][] = [
        ['warning', due - Number(rule.before_minutes) * MINUTE],
        ['overdue', due],
      ];
      for (const [level, from] of levels) {
        if (now < from) continue;
        await db.insertInto('work_order_warning').values({ work_order_id: order.id, rule_id: rule.id, rule_name: rule.name, stage, level, due_at: due, notified: '（演示数据）', at: from }).execute();
        if (!last || from >= last.at) last = { rule: String(rule.name), at: from };
      }
    }
  }
  if (last) await db.updateTable('work_order').set({ warned_rule: last.rule, warned_at: last.at }).where('id', '=', order.id).execute();
}

const ORDER_TEMPLATES: Record<string, { titles: string[]; priority: string }> = {
  repair: { titles: ['厨房水管漏水', '卫生间下水道堵塞', '客厅灯具不亮', '入户门锁损坏', '空调外机噪音大', '阳台推拉门卡滞', '墙面渗水发霉'], priority: 'normal' },
  complaint: { titles: ['楼上装修噪音扰民', '地库车位被占用', '垃圾清运不及时', '电梯经常停运', '夜间宠物吠叫扰民'], priority: 'high' },
  consult: { titles: ['咨询物业费缴纳方式', '咨询装修申报流程', '咨询停车月卡办理', '咨询门禁卡补办'], priority: 'low' },
  praise: { titles: ['表扬保安热心帮忙搬运', '表扬保洁阿姨认真负责', '表扬维修师傅服务周到'], priority: 'low' },
  home_service: { titles: ['家政保洁预约', '家电清洗预约', '上门开荒保洁', '窗帘清洗预约'], priority: 'normal' },
  emergency: { titles: ['电梯困人', '消防报警器误报', '地下车库水管爆裂', '单元楼道停电'], priority: 'urgent' },
};

// The lifecycle's states (schemas/workorder/resources/work_order.json); seedWorkOrders completes each order's steps.

/** 240 work orders over the last 60 days across the projects, in every state of the lifecycle with its steps. */
export async function seedWorkOrders(ctx: SeedContext): Promise<void> {
  const { trx, now, rnd, pick } = ctx;
  const { projectIds, customersByProject, technicians } = orgDemo(ctx);
  const STATUSES = DEMO_ORDER_STATES;
  const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
  for (let n = 1; n <= 240; n++) {
    const projectId = pick(projectIds);
    const customer = pick(customersByProject.get(projectId)!);
    const kind = pick(Object.keys(ORDER_TEMPLATES));
    const template = ORDER_TEMPLATES[kind]!;
    const created = now - Math.floor(rnd() * 60 * 86_400_000);
    const status = n <= 12 ? 'pending' : pick(STATUSES);
    const processor = ['draft', 'pending', 'pool'].includes(status) ? null : projectId === projectIds[0] ? pick(technicians) : null;
    await trx
      .insertInto('work_order')
      .values({
        code: `WO${day}${String(n).padStart(5, '0')}`,
        project_id: projectId,
        house_id: customer.house,
        customer_id: customer.id,
        kind,
        title: pick(template.titles),
        content: '业主来电反映，请尽快安排人员上门查看处理。',
        status,
        source: pick(['400', 'staff', 'owner_app']),
        priority: template.priority,
        processor_id: processor,
        created_by: null,
        created_at: created,
        updated_at: created,
        finished_at: ['finished', 'confirmed', 'closed'].includes(status) ? created + Math.floor(rnd() * 48) * 3_600_000 : null,
      })
      .execute();
  }
  await seedReworkOrders(ctx, day);
  await completeSteps(trx, now);
}

/** Repairs that came back: a few finished repairs each reopened as a new order naming the original (返修), a few days after it finished. */
async function seedReworkOrders(ctx: SeedContext, day: string): Promise<void> {
  const { trx, now } = ctx;
  // A stream of its own: the shared one's later draws (other modules' demo data) stay as they were.
  const rnd = mulberry32(2411);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const done = (await trx
    .selectFrom('work_order')
    .selectAll()
    .where('kind', '=', 'repair')
    .where('status', 'in', ['finished', 'closed'])
    .where('finished_at', '<', now - 2 * 86_400_000)
    .orderBy('id')
    .limit(8)
    .execute()) as Row[];
  const copied = ['project_id', 'kind', 'title', 'source', 'priority', 'house_id', 'customer_id', 'processor_id'];
  for (const [i, order] of done.entries()) {
    const created = Math.min(now - 3_600_000, Number(order.finished_at) + Math.floor((1 + rnd() * 4) * 86_400_000));
    const status = pick(['pending', 'processing', 'to_confirm', 'finished', 'closed']);
    await trx
      .insertInto('work_order')
      .values({
        ...Object.fromEntries(copied.map((k) => [k, order[k] ?? null])),
        code: `WO${day}${String(241 + i).padStart(5, '0')}`,
        content: `原工单 ${String(order.code)} 处理后问题复发，业主要求返修。`,
        status,
        processor_id: status === 'pending' ? null : (order.processor_id ?? null),
        source_order_id: order.id,
        created_by: null,
        created_at: created,
        updated_at: created,
        finished_at: ['finished', 'closed'].includes(status) ? created + Math.floor(rnd() * 24) * 3_600_000 : null,
      })
      .execute();
  }
}
