/**
 * XSS proof of text written by the services' own routes (issue 10): the calls outside the
 * schema engine (hotline, return visits, patrol) that take free text. They are found from the
 * server's route table and input schemas; each is driven by a recipe below, or named with why
 * the console never shows what it takes, or reported as not covered, so a new route that takes
 * text shows up in the figures by itself.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { reportEndpoints, resourceEndpoints } from '../../server/engine/catalogue.ts';
import { storedQuestions } from '../../server/modules/returnVisit/questions.ts';
import { signedIn, type Api } from './api.ts';
import { ownerSignedIn } from './owners.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { checkPage, codeFor, type BrowserFindings, type Planted } from './xss.ts';
import type { Payload } from './xssPayloads.ts';

type Row = Record<string, unknown>;
type Schema = { type?: string | string[]; enum?: unknown; pattern?: string; format?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };

/** A route that takes free text: its URL and the body's text leaves ("items[].note"). */
export interface TextRoute {
  url: string;
  texts: string[];
}

const textLeaves = (schema: Schema | undefined, name: string): string[] => {
  if (!schema) return [];
  if (schema.anyOf) return [...new Set(schema.anyOf.flatMap((branch) => textLeaves(branch, name)))];
  if ([schema.type].flat().includes('string')) return schema.enum || schema.pattern || schema.format ? [] : [name];
  if (schema.type === 'array') return textLeaves(schema.items, `${name}[]`);
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => textLeaves(child, name ? `${name}.${key}` : key));
};

/** Calls that only read (their text is a search word): named so by their last segment. */
const READS = /^(get|query|list|page|find|export|download|tree|category|menu|button|result)/i;

/** POST routes outside the schema engine (its generic endpoints are xss.ts's and xssFlow.ts's) that take free text and write. */
export function findTextRoutes(app: FastifyInstance): TextRoute[] {
  const catalogue = app.catalogue;
  const engine = new Set([...[...catalogue.resources.values()].flatMap(resourceEndpoints), ...[...catalogue.reports.values()].flatMap(reportEndpoints)].map((e) => `/api/${e.service}${e.path}`));
  return app.routeTable
    .filter((r) => r.method === 'POST' && r.url.startsWith('/api/') && !engine.has(r.url) && !READS.test(r.url.split('/').filter((s) => !s.startsWith(':')).pop()!))
    .map((r) => ({ url: r.url, texts: textLeaves(r.schema?.body as Schema | undefined, '') }))
    .filter((r) => r.texts.length);
}

/** Routes whose text no console screen shows, and why. */
export const NOT_SHOWN: Record<string, string> = {
  '/api/auth/login/call/sendCall': '被叫号码按电话号码格式校验，令牌与租户只转给电话服务商',
  '/api/auth/login/internalLogin': '凭据，不保存',
  '/api/auth/login/jobNumberLogin': '登录账号进登录日志的同一列（由 userlogin 的载荷覆盖）',
  '/api/auth/login/smsCodeLogin': '登录账号进登录日志的同一列（由 userlogin 的载荷覆盖）；验证码与密码不保存',
  '/api/auth/login/userlogin': '登录日志：xss.ts 的 plantLoginAttempts',
  '/api/auth/login/updatePwd': '密码，只存散列',
  '/api/auth/login/alterPassword': '密码只存散列；失败时账号进登录日志的同一列（由 userlogin 的载荷覆盖）',
  '/api/mkf/callHistory/receive': '来电号码按电话号码格式校验；显示的客户姓名来自客户档案（由 hotline 通话记录覆盖）',
  '/api/patrol/ptTask/pmsFinishTask/:id': '完成说明只进任务日志，控制台不显示（移动端接口）',
  '/api/patrol/ptTask/transfer': '转派原因只进任务日志，控制台不显示（移动端接口）',
  '/api/lottery/public/draw': '抽奖链接的令牌只用来核对签名、找到邀请，不保存',
  '/api/learning/training/offline/signIn': '签到码只用于校验签名（非本服务签发的被拒绝），不保存（员工 App 接口）',
  '/api/patrol/tbpStripe/update': '业务线编码只用来查找业务线（未知的编码被拒绝），不保存；保存的是岗位 id',
  '/api/base/tablePreference/save': '页面地址须是已有的列表页、列键须是该页的列（否则拒绝），只作列设置使用，不作为文字显示',
  '/api/base/tablePreference/reset': '页面地址须是已有的列表页（否则拒绝），不保存文字',
};

/**
 * 协助 / 抄送 of an open task whose template allows it (one the demo has open at this hour, or one
 * set open again), to a staff member of its project, with the payload as the note: it is on the
 * task's timeline (its detail). The person is taken off the list first, so each payload adds them.
 */
function taskPeopleRecipe(action: 'assist' | 'copy', table: string) {
  return async ({ api, app, payload, marker }: RouteDrive): Promise<Planted[]> => {
    const db = app.db as unknown as Kysely<any>;
    const allowing = db.selectFrom('work_task').selectAll().where('actions', 'like', `%"${action}"%`).orderBy('id');
    let task = (await allowing.where('status', 'in', ['pending', 'processing', 'overdue']).executeTakeFirst()) as Row | undefined;
    if (!task) {
      task = (await allowing.executeTakeFirstOrThrow()) as Row;
      await db.updateTable('work_task').set({ status: 'pending', finished_at: null, plan_end: Date.now() + 86_400_000 }).where('id', '=', task.id as number).execute();
    }
    const person = (await db.selectFrom('staff').select('id').where('org_id', '=', task.project_id as number).where('enabled', '=', 1).where('id', '!=', task.assignee_id as number).orderBy('id').executeTakeFirstOrThrow()) as Row;
    await db.deleteFrom(table).where('task_id', '=', task.id as number).where('staff_id', '=', person.id as number).execute();
    await expectOk(api, `/api/module/task/${action}`, { id: task.id, staff_ids: [person.id], note: fit(payload, marker, 200) });
    return [{ marker, resource: 'work_task', id: Number(task.id), payload: payload.name, fields: [] }];
  };
}

/**
 * Routes whose text the console shows (the patrol library's bespoke screens, the service types'
 * AI labels) with no recipe yet: the verify table counts them as not covered.
 */
export const NOT_YET = new Set(['/api/patrol/classifyStandard/save', '/api/patrol/tbpRecord/submit', '/api/workorder/serverType/aiLabels', '/api/commission/distribution/oaCallback', '/api/learning/myExam/save', '/api/learning/myExam/submit']);

/** The payload with its marker in at most `max` characters: the long form, the short one, or cut. */
const fit = (payload: Payload, marker: number, max: number) => [payload.make(codeFor(marker)), payload.make(codeFor(marker, true))].find((t) => t.trim().length <= max) ?? payload.make(codeFor(marker, true)).slice(0, max);
/** The same, ending with its marker: a name kept unique, which a cut payload would repeat between recipes. */
const fitNamed = (payload: Payload, marker: number, max: number) => `${fit(payload, marker, max - 8)} #${marker}`;

export interface RouteDrive {
  api: Api;
  app: FastifyInstance;
  payload: Payload;
  marker: number;
}

/** Posts a call and answers its data, or throws with the server's message. */
async function expectOk(api: Api, url: string, body: Row): Promise<Row> {
  const answer = await api.post(url, body);
  if (answer.body.status !== '200') throw new Error(`${url}: ${answer.body.message}`);
  return (answer.body.data ?? {}) as Row;
}

/** A patrol point as the add form sends it: in the project and category of an existing one. */
async function pointBody(app: FastifyInstance, name: string, location: string, remark: string): Promise<Row> {
  const like = await app.db.selectFrom('tbp_point').select(['project_id', 'classify_id']).orderBy('id').executeTakeFirstOrThrow();
  return { projectId: like.project_id, classifyId: like.classify_id, name, location, remark };
}

/** What the plan form sends: an existing plan's settings and points (read as the edit form reads them), with the given name and remark. */
async function planBody(api: Api, name: string, remark: string): Promise<Row> {
  const first = ((await api.post('/api/patrol/tbpPlan/query', { pageNum: 1, pageSize: 1 })).body.data?.records as Row[])[0];
  if (!first) throw new Error('tbpPlan: 没有可作模板的巡查计划');
  const plan = (await api.get(`/api/patrol/tbpPlan/${Number(first.id)}`)).body.data as Row;
  const keys = ['projectId', 'stripeCode', 'assignType', 'postId', 'staffIds', 'freqType', 'freqDays', 'intervalDays', 'startDate', 'endDate', 'startTime', 'endTime', 'leadMinutes', 'ordered', 'pointIds'];
  return { ...Object.fromEntries(keys.filter((k) => plan[k] !== null && plan[k] !== undefined).map((k) => [k, plan[k]])), name, remark };
}

/**
 * An owner-app client per recipe call: the next 翠湖天地 owner with a house (one each, so one
 * sign-up per owner never refuses a payload), signed in through /api/owner/login.
 */
let nextOwner = 0;
async function anOwner(app: FastifyInstance, baseUrl: string): Promise<{ api: Api; houseId: number }> {
  const db = app.db as unknown as Kysely<any>;
  const owner = (await db.selectFrom('customer').select(['mobile', 'house_id']).where('project_id', '=', DEMO_PROJECTS.cuihu.id).where('house_id', 'is not', null).orderBy('id').offset(nextOwner++).limit(1).executeTakeFirstOrThrow()) as { mobile: string; house_id: number };
  return { api: await ownerSignedIn({ app, url: baseUrl }, owner.mobile), houseId: owner.house_id };
}

/** An online sign-up activity of 翠湖天地 without quota, open for sign-up (made once per server, as approved content is). */
async function openActivity(app: FastifyInstance): Promise<number> {
  const db = app.db as unknown as Kysely<any>;
  const title = 'XSS 报名活动';
  const found = (await db.selectFrom('activity').select('id').where('title', '=', title).executeTakeFirst()) as { id: number } | undefined;
  if (found) return found.id;
  const now = Date.now();
  const participants = JSON.stringify({ mode: 'project', ids: [DEMO_PROJECTS.cuihu.id] });
  const row = { title, activity_type: 'signup', content: '<p>报名</p>', participants, participants_text: '指定项目：翠湖天地', start_time: now + 10 * 86_400_000, end_time: now + 11 * 86_400_000, signup_start: now - 86_400_000, signup_end: now + 9 * 86_400_000, quota: 0, per_house_limit: 0, fee: 0, need_certified: 0, need_signup_audit: 1, max_choices: 1, votes_per_day: 1, allow_revote: 0, show_result: 'after_vote', status: 'online', signup_count: 0, vote_count: 0, read_count: 0, project_id: DEMO_PROJECTS.cuihu.id, created_at: now, updated_at: now, state_at: now };
  return ((await db.insertInto('activity').values(row).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
}

const TECHNICIAN = new Map<string, Promise<Api>>();
/** 王师傅, the technician who processes the orders whose suspension is approved below (signed in once per server). */
const technician = (api: Api) => TECHNICIAN.get(api.baseUrl) ?? TECHNICIAN.set(api.baseUrl, signedIn(api.baseUrl, 'weixiu')).get(api.baseUrl)!;
const XSS_FLOW = '翠湖天地挂起审批（XSS）';

/**
 * A running approval waiting for the administrator: an order of 翠湖天地 processed by 王师傅,
 * who asks to suspend it; the flow (the administrator alone) is added the first time.
 */
async function approvalForAdmin(api: Api, app: FastifyInstance): Promise<{ task: number; instance: number; submitter: Api }> {
  const db = app.db as unknown as Kysely<any>;
  const ids = Object.fromEntries((await db.selectFrom('staff').select(['id', 'account']).where('account', 'in', ['admin', 'weixiu']).execute()).map((s: Row) => [s.account, s.id]));
  if (!(await db.selectFrom('approval_flow').select('id').where('name', '=', XSS_FLOW).executeTakeFirst())) {
    const step = { name: '管理员审批', sign_type: 'single', strategy: 'staff', staff_ids: [ids.admin] };
    await expectOk(api, '/api/approve/flow/add', { name: XSS_FLOW, biz_type: 'hangUp', scope_org_id: DEMO_PROJECTS.cuihu.id, allow_withdraw: true, steps: [step] });
  }
  const submitter = await technician(api);
  const orders = '/api/mkf/questionTask';
  const { id } = await expectOk(api, `${orders}/add`, { project_id: DEMO_PROJECTS.cuihu.id, kind: 'repair', title: '卫生间水龙头漏水', content: '卫生间水龙头漏水，需更换阀芯', address: '1栋 1单元 101' });
  await expectOk(api, `${orders}/transition`, { id, action: 'giveOut', values: { processor_id: ids.weixiu } });
  await expectOk(submitter, `${orders}/transition`, { id, action: 'accept' });
  await expectOk(submitter, `${orders}/transition`, { id, action: 'hangUp', values: { hang_reason: '等待配件到货' } });
  const instance = (await db.selectFrom('approval_instance').select('id').where('biz_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id as number;
  const task = (await db.selectFrom('approval_task').select('id').where('instance_id', '=', instance).where('status', '=', 'wait').executeTakeFirstOrThrow()).id as number;
  return { task, instance, submitter };
}

/** An approval route's recipe: the comment goes on the administrator's task (shown under 我已审批) and in the approval's history (its detail). */
function approvalRecipe(url: string, body: (task: number, comment: string, app: FastifyInstance) => Promise<Row> | Row) {
  return async ({ api, app, payload, marker }: RouteDrive): Promise<Planted[]> => {
    const { task, instance } = await approvalForAdmin(api, app);
    const comment = fit(payload, marker, 500);
    await expectOk(api, url, await body(task, comment, app));
    return [
      { marker, resource: 'approval_task', id: task, payload: payload.name, fields: ['comment'] },
      { marker, resource: 'approval_instance', id: instance, payload: payload.name, fields: [] },
    ];
  };
}

/**
 * Recipes: each writes one payload through its route the way the screen does and answers the
 * records holding it (a resource's rows the schema screens show, or a bespoke screen's rows).
 * An update recipe first adds a record of its own with plain text, then writes the payload over it.
 */
const DRIVERS: Record<string, (d: RouteDrive) => Promise<Planted[]>> = {
  /** An owner writes to the mailbox from the app: title and content on the mailbox screens. */
  '/api/owner/letter/write': async ({ api, app, payload, marker }) => {
    const owner = await anOwner(app, api.baseUrl);
    const { id } = await expectOk(owner.api, '/api/owner/letter/write', { mailbox: 'pm', letterType: 'suggest', title: fit(payload, marker, 60), content: fit(payload, marker, 2000) });
    return [{ marker, resource: 'community_letter', id: id as number, payload: payload.name, fields: ['title', 'content'] }];
  },
  /** App feedback from an owner: content and device details on the 意见反馈 screens. */
  '/api/owner/feedback/submit': async ({ api, app, payload, marker }) => {
    const owner = await anOwner(app, api.baseUrl);
    const { id } = await expectOk(owner.api, '/api/owner/feedback/submit', { type: 'ux', content: fit(payload, marker, 500), appVersion: fit(payload, marker, 20), deviceModel: fit(payload, marker, 40), os: fit(payload, marker, 40) });
    return [{ marker, resource: 'app_feedback', id: id as number, payload: payload.name, fields: ['content', 'app_version', 'device_model', 'os'] }];
  },
  /** An owner signs up with the payload as name and remark: the sign-up list of the activity. */
  '/api/owner/activity/signup': async ({ api, app, payload, marker }) => {
    const owner = await anOwner(app, api.baseUrl);
    const { id } = await expectOk(owner.api, '/api/owner/activity/signup', { activityId: await openActivity(app), houseId: owner.houseId, persons: 1, name: fit(payload, marker, 20), remark: fit(payload, marker, 200) });
    return [{ marker, resource: 'activity_signup', id: id as number, payload: payload.name, fields: ['name', 'remark'] }];
  },
  /** An event reported as the staff app does (翠湖天地, the equipment template): title, place, description and a text answer shown on the event screens. */
  '/api/module/event/report': async ({ api, payload, marker }) => {
    const templates = (await api.get('/api/module/template/eventOptions')).body.data as { label: string; value: number }[];
    const template = templates.find((t) => t.label === '设施设备异常上报')!.value;
    const body = { project_id: DEMO_PROJECTS.cuihu.id, template_id: template, title: fit(payload, marker, 40), level: 'normal', location: fit(payload, marker, 60), description: fit(payload, marker, 500), answers: { q1: '电梯', q2: '否', q3: fit(payload, marker, 200) } };
    const { id } = await expectOk(api, '/api/module/event/report', body);
    return [{ marker, resource: 'work_event', id: id as number, payload: payload.name, fields: ['title', 'location', 'description'] }];
  },
  /** A fresh template named with the payload, devolved to 翠湖天地 with the payload as its remark (both shown on the devolution screens). */
  '/api/module/devolve/devolve': async ({ api, app, payload, marker }) => {
    const form = { items: [{ key: 'q1', component: 'Radio.Group', label: '检查合格', required: true, options: ['合格', '不合格'] }] };
    const { id: template } = await expectOk(api, '/api/module/template/add', { name: fitNamed(payload, marker, 40), kind: 'plan', category: 'quality', sla_hours: 8, form });
    await expectOk(api, '/api/module/devolve/devolve', { template_id: template, project_ids: [DEMO_PROJECTS.cuihu.id], remark: fit(payload, marker, 200) });
    const row = await (app.db as unknown as Kysely<any>).selectFrom('template_devolve').select('id').where('template_id', '=', template as number).executeTakeFirstOrThrow();
    return [{ marker, resource: 'template_devolve', id: row.id as number, payload: payload.name, fields: ['template_name', 'remark'] }];
  },
  '/api/approve/task/approve': approvalRecipe('/api/approve/task/approve', (id, comment) => ({ id, comment })),
  '/api/approve/task/reject': approvalRecipe('/api/approve/task/reject', (id, comment) => ({ id, comment })),
  '/api/approve/task/decide': approvalRecipe('/api/approve/task/decide', (id, comment) => ({ id, comment, decision: 'reject' })),
  '/api/approve/task/transfer': approvalRecipe('/api/approve/task/transfer', async (id, comment, app) => ({
    id,
    comment,
    to: (await app.db.selectFrom('staff').select('id').where('account', '=', 'kefu').executeTakeFirstOrThrow()).id,
  })),
  '/api/module/task/assist': taskPeopleRecipe('assist', 'work_task_helper'),
  '/api/module/task/copy': taskPeopleRecipe('copy', 'work_task_watcher'),
  /** The submitter withdraws with a comment: it is in the approval's history (its detail) and on the order's timeline. */
  '/api/approve/instance/withdraw': async ({ api, app, payload, marker }) => {
    const { instance, submitter } = await approvalForAdmin(api, app);
    await expectOk(submitter, '/api/approve/instance/withdraw', { id: instance, comment: fit(payload, marker, 500) });
    return [{ marker, resource: 'approval_instance', id: instance, payload: payload.name, fields: [] }];
  },
  /** A call received from a customer's number (the latest customer: a planted one when xss.ts planted customers), ended with a summary. */
  '/api/mkf/callHistory/finish': async ({ api, app, payload, marker }) => {
    const customer = await app.db.selectFrom('customer').select('mobile').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const received = await api.post('/api/mkf/callHistory/receive', { phone: customer.mobile });
    const id = received.body.data?.callId as number;
    const finished = await api.post('/api/mkf/callHistory/finish', { id, summary: payload.make(codeFor(marker)).slice(0, 500) });
    if (finished.body.status !== '200') throw new Error(`callHistory/finish: ${finished.body.message}`);
    return [{ marker, resource: 'hotline_call', id, payload: payload.name, fields: ['summary'] }];
  },
  /**
   * A pending return visit answered: the payload in every text question and the remark, other
   * questions answered within range. The last pending visit is kept going instead: the customer
   * was unreachable (the payload in the remark), and the visit is retried, pending again.
   */
  '/api/mkf/returnVisit/carryOut': async ({ api, app, payload, marker }) => {
    const db = app.db as unknown as Kysely<any>;
    const pending = (await db.selectFrom('return_visit').select(['id', 'questionnaire_id']).where('status', '=', 'pending').orderBy('id').limit(2).execute()) as Row[];
    const visit = pending[0];
    if (!visit) throw new Error('returnVisit/carryOut: 没有待回访的记录');
    const text = payload.make(codeFor(marker));
    const planted = { marker, resource: 'return_visit', id: Number(visit.id), payload: payload.name, fields: ['remark'] };
    if (pending.length < 2) {
      const unreachable = await api.post('/api/mkf/returnVisit/carryOut', { id: visit.id, outcome: 'unreachable', remark: text.slice(0, 500) });
      const retried = await api.post('/api/mkf/returnVisit/transition', { id: visit.id, action: 'retry' });
      if (unreachable.body.status !== '200' || retried.body.status !== '200') throw new Error(`returnVisit/carryOut: ${unreachable.body.message} ${retried.body.message}`);
      return [planted];
    }
    const questionnaire = (await db.selectFrom('questionnaire').select('questions').where('id', '=', visit.questionnaire_id).executeTakeFirstOrThrow()) as Row;
    const answers = Object.fromEntries(
      storedQuestions(questionnaire.questions).map((q) => [q.key, q.type === 'text' ? text.slice(0, 500) : q.type === 'score' ? q.maxScore : q.type === 'multiple' ? q.options.slice(0, 1) : q.options[0]]),
    );
    const answer = await api.post('/api/mkf/returnVisit/carryOut', { id: visit.id, outcome: 'connected', answers, remark: text.slice(0, 500) });
    if (answer.body.status !== '200') throw new Error(`returnVisit/carryOut: ${answer.body.message}`);
    const rows = (await db.selectFrom('questionnaire_answer').select('id').where('visit_id', '=', visit.id).execute()) as Row[];
    return [planted, ...rows.map((r) => ({ marker, resource: 'questionnaire_answer', id: Number(r.id), payload: payload.name, fields: ['answer'] }))];
  },
  /**
   * A follow-up call of a flagged answer sheet (/quest-manager/playbackCustomer): a steward's sheet
   * of a running 翠湖天地 survey answered 不满意, its free-text suggestion the payload too, then the
   * call's result (the payload) recorded.
   */
  '/api/quest/questAnswer/followup': async ({ api, app, payload, marker }) => {
    const db = app.db as unknown as Kysely<any>;
    const quest = (await db.selectFrom('quest').select(['id', 'form']).where('status', '=', 'published').where('project_id', '=', DEMO_PROJECTS.cuihu.id).where('name', 'like', '%满意度%').orderBy('id').executeTakeFirstOrThrow()) as Row;
    const items = (JSON.parse(String(quest.form)) as { items: { key: string; component: string; options?: string[]; alarm?: string[]; maximum?: number; showWhen?: unknown; maxLength?: number }[] }).items;
    const answers = Object.fromEntries(
      items.filter((i) => !i.showWhen).map((i) => [i.key, i.alarm?.length ? i.alarm[0] : i.options ? (i.component === 'Checkbox.Group' ? [i.options[0]] : i.options.at(-1)) : i.component === 'NumberPicker' ? i.maximum : fit(payload, marker, i.maxLength ?? 200)]),
    );
    const sheet = await expectOk(api, '/api/quest/questAnswer/add', { quest_id: quest.id, project_id: DEMO_PROJECTS.cuihu.id, respondent: '钱女士', answers });
    await expectOk(api, '/api/quest/questAnswer/followup', { id: sheet.id, followup_note: fit(payload, marker, 300) });
    return [{ marker, resource: 'quest_answer', id: Number(sheet.id), payload: payload.name, fields: ['followup_note'] }];
  },
  /** A patrol point category: the payload as its name (what fits) and remark. */
  '/api/patrol/patrol/addClassify': async ({ api, payload, marker }) => {
    const answer = await api.post('/api/patrol/patrol/addClassify', { name: fit(payload, marker, 50), remark: fit(payload, marker, 200) });
    if (answer.body.status !== '200') throw new Error(`patrol/addClassify: ${answer.body.message}`);
    return [{ marker, resource: 'tbp_classify', id: Number(answer.body.data?.id ?? 0), payload: payload.name, fields: ['name', 'remark'] }];
  },
  /** A patrol category written again: the payload as its name (what fits) and remark. */
  '/api/patrol/patrol/updateClassify': async ({ api, payload, marker }) => {
    const { id } = await expectOk(api, '/api/patrol/patrol/addClassify', { name: `改名分类${marker}` });
    await expectOk(api, '/api/patrol/patrol/updateClassify', { id, name: fitNamed(payload, marker, 50), remark: fit(payload, marker, 200) });
    return [{ marker, resource: 'tbp_classify', id: Number(id), payload: payload.name, fields: ['name', 'remark'] }];
  },
  /** A patrol point in the project and category of an existing one: the payload as name, location and remark. */
  '/api/patrol/pt/add': async ({ api, app, payload, marker }) => {
    const { id } = await expectOk(api, '/api/patrol/pt/add', await pointBody(app, fit(payload, marker, 50), fit(payload, marker, 100), fit(payload, marker, 200)));
    return [{ marker, resource: 'tbp_point', id: Number(id), payload: payload.name, fields: ['name', 'location', 'remark'] }];
  },
  /** A patrol point written again: the payload as name, location and remark. */
  '/api/patrol/pt/update': async ({ api, app, payload, marker }) => {
    const { id } = await expectOk(api, '/api/patrol/pt/add', await pointBody(app, `改名点位${marker}`, '一号楼大堂', '待改'));
    await expectOk(api, '/api/patrol/pt/update', { id, name: fitNamed(payload, marker, 50), location: fit(payload, marker, 100), remark: fit(payload, marker, 200) });
    return [{ marker, resource: 'tbp_point', id: Number(id), payload: payload.name, fields: ['name', 'location', 'remark'] }];
  },
  /** A patrol plan like an existing one: the payload as its name (what fits) and remark. */
  '/api/patrol/tbpPlan/add': async ({ api, payload, marker }) => {
    const { id } = await expectOk(api, '/api/patrol/tbpPlan/add', await planBody(api, fit(payload, marker, 50), fit(payload, marker, 200)));
    return [{ marker, resource: 'tbp_plan', id: Number(id), payload: payload.name, fields: ['name', 'remark'] }];
  },
  /** A patrol plan written again: the payload as its name (what fits) and remark. */
  '/api/patrol/tbpPlan/update': async ({ api, payload, marker }) => {
    const { id } = await expectOk(api, '/api/patrol/tbpPlan/add', await planBody(api, `改名计划${marker}`, '待改'));
    await expectOk(api, '/api/patrol/tbpPlan/update', { id, ...(await planBody(api, fitNamed(payload, marker, 50), fit(payload, marker, 200))) });
    return [{ marker, resource: 'tbp_plan', id: Number(id), payload: payload.name, fields: ['name', 'remark'] }];
  },
  /** A patrol record on the inspection log's first page gets the payload as its remark and, when it has problems, as the handling note. */
  '/api/patrol/tbpRecord/updateRecord': async ({ api, payload, marker }) => {
    const page = (await api.post('/api/patrol/tbpRecord/pageQueryPost', { pageNum: 1, pageSize: 10 })).body.data?.records as Row[];
    const record = page[marker % page.length]!;
    const text = payload.make(codeFor(marker));
    const problems = Number(record.problemCount ?? record.problem_count ?? 0) > 0;
    const answer = await api.post('/api/patrol/tbpRecord/updateRecord', { id: record.id, remark: text.slice(0, 500), ...(problems ? { handleStatus: 'handled', handleNote: text.slice(0, 200) } : {}) });
    if (answer.body.status !== '200') throw new Error(`tbpRecord/updateRecord: ${answer.body.message}`);
    return [{ marker, resource: 'tbp_record', id: Number(record.id), payload: payload.name, fields: problems ? ['remark', 'handleNote'] : ['remark'] }];
  },
  // 批量设置 of a text parameter (客服热线): the value is shown in 项目参数 and 项目开通概览.
  '/api/wxmanage/projectConfig/batchSet': async ({ api, app, payload, marker }) => {
    const db = app.db as unknown as Kysely<any>;
    const key = await db.selectFrom('config_key').select('id').where('key', '=', 'service_hotline').executeTakeFirstOrThrow();
    const projectId = DEMO_PROJECTS.jinxiu.id;
    await expectOk(api, '/api/wxmanage/projectConfig/batchSet', { configKeyId: key.id, projectIds: [projectId], value: fit(payload, marker, 200) });
    const row = await db.selectFrom('project_config').select('id').where('project_id', '=', projectId).where('config_key_id', '=', key.id).executeTakeFirstOrThrow();
    return [{ marker, resource: 'project_config', id: Number(row.id), payload: payload.name, fields: ['value'] }];
  },
};

export interface RouteDriving {
  routes: TextRoute[];
  driven: Set<string>;
  notShown: string[];
  /** Routes that take text with no recipe and no reason: not covered yet (NOT_YET), or new. */
  uncovered: string[];
  unknown: string[];
  records: Planted[];
  refused: string[];
}

/** Drives every text route that has a recipe with each payload. */
export async function driveRoutes(app: FastifyInstance, api: Api, payloads: Payload[]): Promise<RouteDriving> {
  const routes = findTextRoutes(app);
  const out: RouteDriving = { routes, driven: new Set(), notShown: [], uncovered: [], unknown: [], records: [], refused: [] };
  let marker = 700_000;
  for (const route of routes) {
    const drive = DRIVERS[route.url];
    if (!drive) {
      if (NOT_SHOWN[route.url]) out.notShown.push(route.url);
      else (NOT_YET.has(route.url) ? out.uncovered : out.unknown).push(`${route.url} (${route.texts.join(', ')})`);
      continue;
    }
    for (const payload of payloads) {
      marker += 1;
      try {
        out.records.push(...(await drive({ api, app, payload, marker })));
        out.driven.add(route.url);
      } catch (error) {
        out.refused.push(`${(error as Error).message}（${payload.name}）`);
      }
    }
  }
  return out;
}

/** The bespoke screens showing what the routes wrote: route, the call that loads it, and the button opening a row's details. */
const BESPOKE: Record<string, { route: string; call: string; details?: string }> = {
  tbp_record: { route: '/routingInspectionV2/inspectionLog', call: '/api/patrol/tbpRecord/pageQueryPost', details: '详情' },
  tbp_point: { route: '/routingInspectionV2/locationManage', call: '/api/patrol/pt/query' },
  tbp_classify: { route: '/routingInspectionV2/locationType', call: '/api/patrol/newTbpClassify/treeList' },
  tbp_plan: { route: '/routingInspectionV2/routingPlan', call: '/api/patrol/tbpPlan/query', details: '查看' },
};

/** Opens each bespoke screen holding planted rows, and the details of every planted row on its first page. */
export async function checkBespoke(browser: Browser, baseUrl: string, records: Planted[]): Promise<BrowserFindings[]> {
  const all: BrowserFindings[] = [];
  for (const [resource, screen] of Object.entries(BESPOKE)) {
    const planted = records.filter((r) => r.resource === resource);
    if (!planted.length) continue;
    const ids = new Set(planted.map((r) => String(r.id)));
    all.push(
      await checkPage(browser, baseUrl, screen.route, screen.call, planted.map((r) => r.marker), async (page, look) => {
        if (!screen.details) return;
        const rows = page.locator('.pms-page[data-active="true"] .ant-table-row');
        for (let i = 0; i < (await rows.count()); i++) {
          const row = rows.nth(i);
          if (!ids.has(String(await row.getAttribute('data-row-key')))) continue;
          await row.getByRole('button', { name: screen.details, exact: true }).click();
          await look('.ant-drawer-open');
          await page.keyboard.press('Escape');
          await page.locator('.ant-drawer-open').waitFor({ state: 'detached' }).catch(() => undefined);
        }
      }),
    );
  }
  return all;
}
