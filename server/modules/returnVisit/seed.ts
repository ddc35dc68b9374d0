import type { Kysely } from 'kysely';
import type { SeedContext } from '../../engine/module.ts';
import { recordVisit, type VisitInput } from './carryOut.ts';
import { generateForRule } from './generate.ts';
import { normaliseQuestions, type Question } from './questions.ts';

// Resource tables (questionnaire, return_visit...) are created from JSON at start: typed loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Kysely<any>;
type Row = Record<string, unknown>;

/** What each demo role may do with the hotline, return visits, evaluations and feedback; merged into DEMO_GRANTS. */
export const SERVICE_DEMO_GRANTS: Record<string, string[]> = {
  customer_service: [
    'hotline:history', 'hotline:call', 'hotline:export', 'hotline:reveal', 'returnvisit:view', 'returnvisit:mine', 'returnvisit:do', 'returnvisit:generate', 'returnvisit:export',
    'returnvisit:result', 'returnvisit:error', 'returnvisit:resolve', 'questionnaire:view', 'evaluation:view', 'feedback:view', 'feedback:add', 'feedback:edit',
    'feedback:reply', 'ordermessage:view', 'report-returnvisit:view', 'report-satisfaction:view',
  ],
  dispatcher: ['hotline:history', 'hotline:call', 'hotline:reveal', 'ordermessage:view', 'feedback:view'],
  project_manager: [
    'hotline:history', 'returnvisit:view', 'returnvisit:result', 'returnvisit:error', 'returnvisit:resolve', 'returnvisit:export', 'returnrule:view', 'returnrule:add',
    'returnrule:edit', 'returnrule:enable', 'questionnaire:view', 'questionnaire:add', 'questionnaire:edit', 'questionnaire:enable', 'questionnaire:export',
    'evaluation:view', 'evaluation:export', 'report-returnvisit:view', 'report-returnvisit:export', 'report-satisfaction:view', 'report-satisfaction:export',
    'feedback:view', 'feedback:reply', 'feedback:export', 'ordermessage:view', 'ordermessage:export',
  ],
};

/** Screens without buttons of their own (they share the work orders' permissions): granted by menu. */
const MENU_GRANTS: Record<string, string[]> = { '/business-manager/service-order': ['customer_service', 'dispatcher', 'project_manager'] };

type QuestionSeed = Partial<Question> & Pick<Question, 'type' | 'title'>;
const QUESTIONNAIRES: { name: string; scene: string; description: string; questions: QuestionSeed[] }[] = [
  {
    name: '维修工单回访问卷',
    scene: 'return_visit',
    description: '您好，我是悦家物业客服，您前几天报修的问题已经处理完毕，耽误您一分钟做个回访。',
    questions: [
      { type: 'single', title: '维修人员是否按约定时间上门？', options: ['准时上门', '稍有延迟', '严重超时'], alarmOptions: ['严重超时'] },
      { type: 'score', title: '您对本次维修结果打几分？', maxScore: 5, passScore: 3 },
      { type: 'single', title: '您对服务人员的态度是否满意？', options: ['非常满意', '满意', '一般', '不满意'], alarmOptions: ['不满意'] },
      { type: 'text', title: '您对我们的服务还有什么意见或建议？', required: false },
    ],
  },
  {
    name: '投诉处理回访问卷',
    scene: 'return_visit',
    description: '您好，我是悦家物业客服，想了解一下您之前反映的问题处理得怎么样。',
    questions: [
      { type: 'single', title: '您反映的问题是否已经解决？', options: ['已解决', '部分解决', '未解决'], alarmOptions: ['未解决'] },
      { type: 'score', title: '您对投诉处理过程打几分？', maxScore: 10, passScore: 6 },
      { type: 'multiple', title: '您认为还需要改进的方面有哪些？', options: ['响应速度', '沟通态度', '处理结果', '信息反馈'], required: false },
      { type: 'text', title: '其他意见', required: false },
    ],
  },
  {
    name: '2026 年度物业服务满意度调查',
    scene: 'survey',
    description: '感谢您参与年度满意度调查，您的意见将帮助我们改进服务。',
    questions: [
      { type: 'score', title: '您对小区整体物业服务打几分？', maxScore: 10, passScore: 6 },
      { type: 'multiple', title: '您最关注的服务项目有哪些？', options: ['安全秩序', '环境卫生', '绿化养护', '设施维修', '客户服务'] },
      { type: 'text', title: '您希望我们优先改进什么？', required: false },
    ],
  },
];

const FEEDBACK: [string, string, string, string][] = [
  ['suggestion', 'owner_app', '建议在 3 栋楼下增加电动车充电桩，现在晚上经常排不上队。', ''],
  ['complaint', 'phone', '地下车库 B2 层照明有一半不亮，晚上取车很不安全，已经反映过一次了。', '已安排工程部本周内更换灯具，更换后会通知您，感谢反馈。'],
  ['praise', 'wechat', '感谢 2 栋的保洁阿姨，每天把楼道打扫得很干净，还帮老人提东西。', '已转达并在月度表彰中予以表扬，谢谢您的肯定！'],
  ['suggestion', 'visit', '希望周末能开放会所的乒乓球室，孩子们放假没地方活动。', ''],
  ['complaint', 'owner_app', '小区东门快递柜附近垃圾桶满溢，气味很大。', ''],
  ['other', 'phone', '咨询能否在自家车位安装充电桩，需要办理什么手续？', '可在物业服务中心领取申请表，提供车位产权证明与电力报装回执即可，工作人员会协助办理。'],
  ['complaint', 'wechat', '夜间巡逻车喇叭声音太大，影响休息。', ''],
  ['praise', 'owner_app', '维修王师傅上门很准时，修好了还把现场收拾干净了，点赞！', '感谢您的表扬，我们会继续保持！'],
];

const SUMMARIES = ['业主来电报修，已建单并告知预计上门时间', '业主反映问题，已记录并承诺 2 小时内回电', '业主咨询进度，已告知处理人员正在处理中'];
const REMARKS = ['业主表示满意，感谢物业的及时处理', '业主说师傅很专业', '', '业主建议下次提前电话联系'];

/**
 * The demo's hotline, return visits and feedback: seats for the customer-service and dispatch
 * accounts, three questionnaires, a visit rule per project and kind, the visits the rules give
 * for the orders seedWorkOrders finished (most carried out, some unreachable or dissatisfied, the
 * newest still waiting), earlier calls of the hotline linked to the orders they created, and
 * owner feedback. Runs after seedWorkOrders, inside the seed's transaction.
 */
export async function seedServiceFollowUp(db: Loose, now: number): Promise<void> {
  const audit = { created_by: null, created_at: now, updated_at: now };
  const staff = async (account: string) => (await db.selectFrom('staff').select(['id', 'name']).where('account', '=', account).executeTakeFirst()) as { id: number; name: string } | undefined;
  const kefu = await staff('kefu');
  const diaodu = await staff('diaodu');

  for (const [route, roles] of Object.entries(MENU_GRANTS)) {
    const menu = (await db.selectFrom('menu').select('id').where('router', '=', route).executeTakeFirst()) as { id: number } | undefined;
    if (!menu) continue;
    for (const role of (await db.selectFrom('role').select('id').where('code', 'in', roles).execute()) as { id: number }[]) {
      await db.insertInto('role_menu').values({ role_id: role.id, menu_id: menu.id }).onConflict((oc) => oc.doNothing()).execute();
    }
  }

  const admin = await staff('admin');
  for (const [agent, person, remark] of [['8000', admin, '值班管理坐席'], ['8001', kefu, '客服中心坐席'], ['8002', diaodu, '调度中心坐席']] as const) {
    if (person) await db.insertInto('hotline_seat').values({ agent_num: agent, staff_id: person.id, remark, enabled: 1, ...audit }).execute();
  }

  const questionnaireIds: number[] = [];
  for (const q of QUESTIONNAIRES) {
    const questions = normaliseQuestions(q.questions);
    const row = await db
      .insertInto('questionnaire')
      .values({ name: q.name, scene: q.scene, description: q.description, questions: JSON.stringify(questions), question_count: questions.length, answer_count: 0, enabled: 1, ...audit })
      .returning('id')
      .executeTakeFirstOrThrow();
    questionnaireIds.push(row.id);
  }

  const projects = (await db.selectFrom('org').select(['id', 'name']).where('type', '=', 'project').orderBy('sort').execute()) as { id: number; name: string }[];
  // Who visits at each project: its customer-service staff (林晓雯 at the first).
  const visitorOf = new Map<number, { id: number; name: string }>();
  for (const project of projects) {
    const cs = (await db
      .selectFrom('staff as s')
      .innerJoin('staff_role as sr', 'sr.staff_id', 's.id')
      .innerJoin('role as r', 'r.id', 'sr.role_id')
      .select(['s.id', 's.name'])
      .where('s.org_id', '=', project.id)
      .where('r.code', '=', 'customer_service')
      .orderBy('s.id')
      .executeTakeFirst()) as { id: number; name: string } | undefined;
    if (cs) visitorOf.set(project.id, cs);
  }

  const rules: Row[] = [];
  for (const [i, project] of projects.entries()) {
    const visitor = i === 0 ? (kefu ?? null) : null;
    for (const [name, kinds, delay, questionnaire] of [
      ['报修与家政次日回访', ['repair', 'home_service', 'emergency'], 24, questionnaireIds[0]],
      ['投诉处理回访', ['complaint'], 4, questionnaireIds[1]],
    ] as const) {
      const rule = await db
        .insertInto('return_visit_rule')
        .values({ project_id: project.id, name, kinds: JSON.stringify(kinds), delay_hours: delay, rate: 100, questionnaire_id: questionnaire, visitor_id: visitor?.id ?? null, remark: null, enabled: 1, ...audit })
        .returning('id')
        .executeTakeFirstOrThrow();
      rules.push((await db.selectFrom('return_visit_rule').selectAll().where('id', '=', rule.id).executeTakeFirstOrThrow()) as Row);
    }
  }
  for (const rule of rules) await generateForRule(db, rule, now);

  // Most visits were carried out soon after they were due; the newest ones still wait.
  const visits = (await db.selectFrom('return_visit').selectAll().orderBy('plan_at').orderBy('id').execute()) as Row[];
  const questionnaires = new Map(
    ((await db.selectFrom('questionnaire').select(['id', 'questions']).execute()) as Row[]).map((q) => [q.id, JSON.parse(String(q.questions)) as Question[]]),
  );
  for (const [n, visit] of visits.entries()) {
    const at = Number(visit.plan_at) + (2 + (n % 5)) * 3_600_000;
    const visitor = visitorOf.get(Number(visit.project_id));
    if (at > now - 3_600_000 || !visitor) continue;
    const mood = n % 10;
    const input: VisitInput = mood === 6 ? { outcome: 'unreachable', remark: '无人接听' } : { outcome: 'connected', answers: answersFor(questionnaires.get(visit.questionnaire_id)!, mood === 7, n), remark: REMARKS[n % REMARKS.length] };
    if (mood === 9) continue;
    await recordVisit(db, visit, visitor, input, at);
  }

  // Earlier 400 calls: the hotline orders of the first project were taken on a call by 林晓雯.
  if (kefu) {
    const hotlineOrders = (await db
      .selectFrom('work_order as w')
      .leftJoin('customer as c', 'c.id', 'w.customer_id')
      .select(['w.id', 'w.code', 'w.project_id', 'w.created_at', 'w.customer_id', 'c.name as customer_name', 'c.mobile'])
      .where('w.source', '=', '400')
      .where('w.project_id', '=', projects[0]!.id)
      .where('w.status', '!=', 'draft')
      .orderBy('w.created_at', 'desc')
      .limit(12)
      .execute()) as Row[];
    for (const [n, order] of hotlineOrders.entries()) {
      const started = Number(order.created_at) - 4 * 60_000;
      await db
        .insertInto('hotline_call')
        .values({
          direction: n % 4 === 3 ? 'out' : 'in',
          phone: order.mobile ?? '13800000000',
          customer_id: order.customer_id,
          customer_name: order.customer_name,
          caller_project_id: order.project_id,
          staff_id: kefu.id,
          agent_num: '8001',
          status: n % 4 === 3 ? 'recorded' : 'received',
          provider_call_id: null,
          message: n % 4 === 3 ? '未配置电话服务商：演示环境只记录通话，不会真正拨出电话' : null,
          work_order_id: order.id,
          work_order_code: order.code,
          summary: SUMMARIES[n % SUMMARIES.length],
          started_at: started,
          ended_at: started + (3 + (n % 4)) * 60_000,
          created_by: kefu.id,
          created_at: started,
          updated_at: started,
        })
        .execute();
    }
  }

  // Notices the demo orders' dispatch gave, read long ago (published_at 0: never pushed at start, only listed).
  const given = (await db
    .selectFrom('work_order')
    .select(['id', 'code', 'title', 'processor_id', 'given_at', 'status'])
    .where('processor_id', 'is not', null)
    .where('given_at', 'is not', null)
    .orderBy('given_at', 'desc')
    .limit(20)
    .execute()) as Row[];
  for (const [n, order] of given.entries()) {
    const at = Number(order.given_at);
    await db
      .insertInto('staff_message')
      .values({
        staff_id: order.processor_id,
        category: '1',
        type: '121',
        title: `工单 ${String(order.code)}`,
        content: `工单 ${String(order.code)}「${String(order.title)}」已派给您，请及时处理`,
        function_id: String(order.id),
        is_read: 1,
        read_at: at + (5 + n) * 60_000,
        created_at: at,
        published_at: 0,
      })
      .execute();
  }

  for (const [n, [category, channel, content, reply]] of FEEDBACK.entries()) {
    const project = projects[n % projects.length]!;
    const customer = (await db.selectFrom('customer as c').leftJoin('house as h', 'h.id', 'c.house_id').select(['c.name', 'c.mobile', 'h.building_name', 'h.unit_no', 'h.room_no']).where('c.project_id', '=', project.id).orderBy('c.id').offset(n).limit(1).executeTakeFirst()) as Row | undefined;
    if (!customer) continue;
    const created = now - (n + 1) * 86_400_000;
    const replier = visitorOf.get(project.id);
    const row = await db
      .insertInto('owner_feedback')
      .values({
        project_id: project.id,
        customer_name: customer.name,
        contact_phone: customer.mobile,
        address: customer.building_name ? `${String(customer.building_name)} ${String(customer.unit_no)}单元 ${String(customer.room_no)}` : null,
        category,
        channel,
        content,
        photos: null,
        status: reply ? 'replied' : 'pending',
        reply: reply || null,
        replied_at: reply ? created + 5 * 3_600_000 : null,
        replied_by: reply ? (replier?.id ?? null) : null,
        state_at: reply ? created + 5 * 3_600_000 : created,
        created_by: null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('resource_timeline').values({ resource: 'owner_feedback', record_id: row.id, action: 'create', from_state: null, to_state: 'pending', note: null, staff_id: null, staff_name: '系统', at: created }).execute();
    if (reply) {
      await db
        .insertInto('resource_timeline')
        .values({ resource: 'owner_feedback', record_id: row.id, action: 'reply', from_state: 'pending', to_state: 'replied', note: null, staff_id: replier?.id ?? null, staff_name: replier?.name ?? '系统', at: created + 5 * 3_600_000 })
        .execute();
    }
  }
}

/** A plausible filled questionnaire (varied by the visit's number n): content customers, or (dissatisfied) the worst choices. */
function answersFor(questions: Question[], unhappy: boolean, n: number): Record<string, unknown> {
  const praise = ['师傅很专业，谢谢', '上门很及时', '希望以后也保持这样的服务'];
  const answers: Record<string, unknown> = {};
  for (const [i, q] of questions.entries()) {
    if (q.type === 'single') answers[q.key] = unhappy ? q.options[q.options.length - 1] : q.options[(n + i) % 2];
    if (q.type === 'multiple') answers[q.key] = unhappy ? q.options.slice(0, 2) : [q.options[(n + i) % q.options.length]];
    if (q.type === 'score') answers[q.key] = unhappy ? Math.max(1, q.passScore - 2) : q.maxScore - ((n + i) % 3 === 0 ? 1 : 0);
    if (q.type === 'text') {
      if (unhappy) answers[q.key] = '处理太慢了，希望以后能提前电话沟通。';
      else if (n % 3 === 0) answers[q.key] = praise[n % praise.length];
    }
  }
  return answers;
}

/** Return-visit rules, the visits they generated over the demo's finished orders, questionnaires and answers. */
export const seedReturnVisits = (ctx: SeedContext): Promise<void> => seedServiceFollowUp(ctx.trx, ctx.now);
