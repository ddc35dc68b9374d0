import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { writeTimeline } from '../../engine/resources/workflow.ts';
import { DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';
import { generateSheets } from './generate.ts';
import { gradeOf, regrade, teamTotal } from './grading.ts';
import { formatTime } from '../../../src/shared/format.ts';

/** What each demo role may do with performance (admin holds every code). */
export const PEOPLE_DEMO_GRANTS: Record<string, string[]> = {
  hr: [
    'perfConfig:view', 'perfConfig:edit', 'perfPeriod:generate', 'perfTeam:view', 'perfTeam:edit', 'perfSheet:view', 'perfSheet:delete', 'perfSheet:ledger', 'perfSheet:score', 'perfSheet:mine',
    'accountability:view', 'accountability:add', 'accountability:check', 'accountability:execute', 'resolution:group', 'caseVote:region', 'caseVote:group', 'protection:edit', 'guidance:view', 'guidance:edit',
  ],
  project_manager: ['perfSheet:view', 'perfSheet:score', 'perfSheet:mine', 'perfSheet:ledger', 'perfTeam:view', 'accountability:view', 'accountability:add', 'accountability:check', 'resolution:superior', 'caseVote:region', 'guidance:view', 'guidance:edit'],
  quality: ['perfSheet:view', 'perfSheet:score', 'perfSheet:mine', 'perfTeam:view', 'accountability:view', 'accountability:add', 'accountability:check', 'resolution:region', 'caseVote:region'],
  operations: ['perfSheet:score', 'perfSheet:mine', 'accountability:view', 'resolution:region', 'caseVote:region'],
  // 行政专员 sits on the group's evaluation committee: she votes on its resolutions.
  office: ['accountability:view', 'caseVote:group'],
  customer_service: ['perfSheet:mine'],
  dispatcher: ['perfSheet:mine'],
  technician: ['perfSheet:mine'],
  inspector: ['perfSheet:mine'],
};

const GRADES: [string, string, number, number, string][] = [
  ['A', '优秀', 90, 1.2, '绩效突出，可优先评优'],
  ['B', '良好', 80, 1.0, '全面达成目标'],
  ['C', '合格', 70, 0.8, '基本达成目标'],
  ['D', '待改进', 60, 0.5, '须制定绩效改进计划'],
  ['E', '不合格', 0, 0, '进入辅导或调岗程序'],
];

type Ind = [name: string, category: string, weight: number, max: number, standard: string];
/** Indicator sets of each post; each set's weights total 100. */
const SETS: [string, string, Ind[]][] = [
  ['项目经理', '项目经理月度考核', [
    ['物业费收缴率', '经营', 30, 100, '收缴率≥95% 满分，每低 1% 扣 5 分'],
    ['业主满意度', '客户满意', 25, 100, '月度回访满意度≥90% 满分'],
    ['品质检查得分', '品质', 20, 100, '区域品质检查得分折算'],
    ['安全生产', '安全', 15, 100, '无安全事故满分，一般事故扣 50 分'],
    ['团队管理', '行为规范', 10, 100, '人员流失率、培训完成率'],
  ]],
  ['客服管家', '客服管家月度考核', [
    ['报事受理及时率', '客户满意', 30, 10, '30 分钟内受理率≥98% 满分'],
    ['回访完成率', '客户满意', 25, 10, '应回访工单全部回访满分'],
    ['有效投诉', '品质', 20, 10, '每起有效投诉扣 2 分'],
    ['费用催缴', '经营', 15, 10, '负责楼栋欠费率下降'],
    ['服务礼仪', '行为规范', 10, 10, '仪容仪表、服务用语抽查'],
  ]],
  ['调度员', '调度员月度考核', [
    ['派单及时率', '品质', 40, 10, '5 分钟内派单率≥98% 满分'],
    ['工单闭环率', '品质', 30, 10, '当月工单闭环率'],
    ['信息准确性', '行为规范', 30, 10, '派单信息错误每次扣 1 分'],
  ]],
  ['维修工程师', '维修工程师月度考核', [
    ['工单及时完成率', '品质', 35, 10, '按承诺时限完成率≥95% 满分'],
    ['维修返修率', '品质', 25, 10, '返修率≤2% 满分，每超 1% 扣 2 分'],
    ['设备巡检完成率', '安全', 20, 10, '巡检计划按时完成'],
    ['业主评价', '客户满意', 20, 10, '工单评价平均分折算'],
  ]],
  ['巡检员', '巡检员月度考核', [
    ['巡检任务完成率', '品质', 50, 10, '计划任务按时完成'],
    ['问题发现与跟踪', '品质', 30, 10, '发现问题闭环率'],
    ['记录规范性', '行为规范', 20, 10, '巡检记录照片与描述完整'],
  ]],
  ['秩序维护员', '秩序维护员月度考核', [
    ['岗位履职', '安全', 40, 10, '门岗值守、车辆管理抽查'],
    ['消防巡查', '安全', 35, 10, '消防设施巡查记录完整'],
    ['服务态度', '客户满意', 25, 10, '业主表扬加分、投诉扣分'],
  ]],
  ['保洁员', '保洁员月度考核', [
    ['保洁质量', '品质', 50, 10, '公区保洁标准抽查'],
    ['垃圾分类', '品质', 30, 10, '分类投放检查'],
    ['出勤纪律', '行为规范', 20, 10, '迟到早退每次扣 1 分'],
  ]],
];

const DAY = 86_400_000;

/** Scores of a sheet as a team and its member would give them: mostly good, now and then a weak indicator with its reason. */
async function scoreSheet(trx: AnyDB, sheetId: number, scorer: number, rnd: () => number, at: number): Promise<void> {
  const rows = (await trx.selectFrom('perf_score').select(['id', 'max_score']).where('sheet_id', '=', sheetId).execute()) as { id: number; max_score: number }[];
  const talent = 0.72 + rnd() * 0.26;
  for (const r of rows) {
    const max = Number(r.max_score);
    const share = Math.min(1, Math.max(0.4, talent + (rnd() - 0.5) * 0.2));
    const score = Math.round(max * share * (max > 10 ? 1 : 2)) / (max > 10 ? 1 : 2);
    const self = Math.min(max, Math.round(max * Math.min(1, share + 0.05) * 2) / 2);
    const comment = score < max * 0.6 ? '当月出现多次超时，已约谈并纳入改进计划' : rnd() < 0.3 ? '表现稳定，继续保持' : null;
    await trx.updateTable('perf_score').set({ self_score: self, score, comment, scorer_id: scorer, updated_at: at }).where('id', '=', r.id).execute();
  }
}

/** Moves a seeded sheet, writing the timeline as the product does. */
async function move(trx: AnyDB, id: number, action: string, from: string, to: string, at: number, note: string | null = null, extra: Record<string, unknown> = {}): Promise<void> {
  await trx.updateTable('perf_sheet').set({ status: to, state_at: at, updated_at: at, ...extra }).where('id', '=', id).execute();
  await writeTimeline(trx, 'perf_sheet', { id, action, from, to, note }, null);
  await trx.updateTable('resource_timeline').set({ at }).where('resource', '=', 'perf_sheet').where('record_id', '=', id).where('action', '=', action).execute();
}

/**
 * Demo performance: grade bands, an indicator set per post, evaluation teams per project, region
 * and group, and four monthly periods: three closed (sheets scored, resolved, most confirmed, one
 * under appeal) and the current one just generated, part self-assessed.
 */
export async function seedPeople(ctx: SeedContext): Promise<void> {
  await seedAssessment(ctx);
  await seedAccountability(ctx);
  await seedGuidance(ctx);
}

/** Demo guidance ledger: an improvement plan after a deduction, a new hire's onboarding, a skill mentorship. */
async function seedGuidance(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const base = { created_by: null, created_at: now, updated_at: now };
  const day = (back: number) => formatTime(now - back * DAY, 'YYYY-MM-DD');
  const charged = await trx.selectFrom('accountability_case').select('sheet_id').where('staff_id', '=', DEMO_STAFF.weixiu).where('status', '=', 'executed').executeTakeFirst();
  const cleaner = (await trx.selectFrom('protection_term').select('staff_id').where('type', '=', 'new_hire').executeTakeFirstOrThrow()).staff_id as number;
  const rows = [
    { project_id: DEMO_PROJECTS.cuihu.id, mentor_id: DEMO_STAFF.xmjl, mentee_id: DEMO_STAFF.weixiu, type: 'improve', sheet_id: charged?.sheet_id ?? null, start_date: now - 20 * DAY, end_date: now + 40 * DAY, goals: '工单及时完成率提升到 95% 以上，杜绝超时未报备', result: 'ongoing',
      sessions: [{ date: day(20), content: '复盘上月超时工单，明确改约须在系统内报备', next: '每日下班前核对未完成工单' }, { date: day(6), content: '本月前两周及时率 96%，继续保持', next: '月底复核' }] },
    { project_id: DEMO_PROJECTS.cuihu.id, mentor_id: DEMO_STAFF.kefu, mentee_id: cleaner, type: 'onboard', sheet_id: null, start_date: now - 60 * DAY, end_date: now + 30 * DAY, goals: '熟悉公区保洁标准与垃圾分类要求', result: 'improved',
      sessions: [{ date: day(58), content: '带教公区保洁作业标准', next: '跟岗一周' }, { date: day(30), content: '独立负责 5 栋，抽查合格', next: null }] },
    { project_id: DEMO_PROJECTS.jinxiu.id, mentor_id: DEMO_STAFF.yunying, mentee_id: (await trx.selectFrom('staff').select('id').where('org_id', '=', DEMO_PROJECTS.jinxiu.id).orderBy('id').executeTakeFirstOrThrow()).id, type: 'skill', sheet_id: null, start_date: now - 45 * DAY, end_date: now - 5 * DAY, goals: '掌握二次供水设备日常巡检', result: 'improved',
      sessions: [{ date: day(44), content: '讲解水泵房巡检点与记录要求', next: '独立巡检一次' }] },
  ];
  for (const r of rows) await trx.insertInto('guidance_record').values({ ...r, sessions: JSON.stringify(r.sessions), ...base }).execute();
}

async function seedAssessment(ctx: SeedContext): Promise<void> {
  const { trx, now, rnd } = ctx;
  const base = { created_by: null, created_at: now, updated_at: now };
  for (const [grade, name, min, coefficient, remark] of GRADES) await trx.insertInto('perf_grade').values({ grade, name, min_score: min, coefficient, remark, ...base }).execute();
  for (const [post, name, list] of SETS) {
    const indicators = list.map(([n, category, weight, max, standard]) => ({ name: n, category, weight, max_score: max, standard }));
    await trx.insertInto('perf_indicator_set').values({ name, post_name: post, indicators: JSON.stringify(indicators), remark: null, enabled: 1, ...base }).execute();
  }

  const staffAt = async (projectId: number) => (await trx.selectFrom('staff').select('id').where('org_id', '=', projectId).orderBy('id').execute()).map((s) => s.id as number);
  const team = async (values: Record<string, unknown>, members: number[], orgs: number[] = []) => {
    const row = await trx.insertInto('perf_team').values({ enabled: 1, duty: null, vote_rule: 'majority', vote_hours: 72, ...values, ...base }).returning('id').executeTakeFirstOrThrow();
    for (const m of members) await trx.insertInto('perf_team_member').values({ team_id: row.id, staff_id: m }).execute();
    for (const o of orgs) await trx.insertInto('perf_team_org').values({ team_id: row.id, org_id: o }).execute();
    return row.id as number;
  };
  await team({ name: '翠湖天地绩效评议小组', kind: 'team', level: 'project', org_id: DEMO_PROJECTS.cuihu.id, leader_id: DEMO_STAFF.xmjl, duty: '评议翠湖天地全体员工的月度考核' }, [DEMO_STAFF.diaodu, DEMO_STAFF.kefu]);
  const jinxiu = await staffAt(DEMO_PROJECTS.jinxiu.id);
  await team({ name: '锦绣华庭绩效评议小组', kind: 'team', level: 'project', org_id: DEMO_PROJECTS.jinxiu.id, leader_id: DEMO_STAFF.yunying, duty: '评议锦绣华庭员工的月度考核' }, jinxiu.slice(0, 1));
  await team({ name: '华南区域绩效评议小组', kind: 'team', level: 'region', org_id: DEMO_ORG.southRegion, leader_id: DEMO_STAFF.pinzhi, duty: '评议滨江一号、云栖雅苑员工的月度考核' }, []);
  await team({ name: '集团绩效评议委员会', kind: 'team', level: 'group', org_id: DEMO_ORG.company, leader_id: DEMO_STAFF.renshi, duty: '评议集团职能人员，复核各项目申诉' }, [DEMO_STAFF.xingzheng]);
  await team(
    { name: '华东区域联合评议小组', kind: 'joint', level: 'region', org_id: DEMO_ORG.eastRegion, leader_id: DEMO_STAFF.yunying, duty: '跨项目联合评议华东区域项目经理、申诉复议' },
    [DEMO_STAFF.xmjl, DEMO_STAFF.renshi],
    [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id],
  );

  // The current month and the three before it.
  const today = new Date(now);
  for (let back = 3; back >= 0; back--) {
    const start = new Date(today.getFullYear(), today.getMonth() - back, 1).getTime();
    const end = new Date(today.getFullYear(), today.getMonth() - back + 1, 1).getTime() - 1;
    const d = new Date(start);
    const period = await trx
      .insertInto('perf_period')
      .values({ name: `${d.getFullYear()}年${d.getMonth() + 1}月月度考核`, type: 'month', start_date: start, end_date: end, self_due: end + 5 * DAY, status: back ? 'closed' : 'open', ...base })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const generatedAt = back ? end + DAY : Math.max(start, now - 2 * DAY);
    const { sheetIds } = await generateSheets(trx, period, null, null, generatedAt);
    for (const [i, id] of sheetIds.entries()) {
      const sheet = (await trx.selectFrom('perf_sheet').select(['team_id', 'staff_id']).where('id', '=', id).executeTakeFirstOrThrow()) as { team_id: number | null; staff_id: number };
      const leader = sheet.team_id ? ((await trx.selectFrom('perf_team').select('leader_id').where('id', '=', sheet.team_id).executeTakeFirstOrThrow()).leader_id as number) : DEMO_STAFF.renshi;
      if (!back) {
        // The current month: a few have assessed themselves; the demo accounts' own sheets wait for them.
        if (i % 3 === 1 && sheet.staff_id !== DEMO_STAFF.weixiu) {
          await scoreSheet(trx, id, leader, rnd, now - DAY);
          await trx.updateTable('perf_score').set({ score: null, comment: null, scorer_id: null }).where('sheet_id', '=', id).execute();
          await move(trx, id, 'submitSelf', 'self', 'team', now - DAY);
        }
        continue;
      }
      await scoreSheet(trx, id, leader, rnd, end + 6 * DAY);
      await move(trx, id, 'submitSelf', 'self', 'team', end + 4 * DAY);
      const total = await teamTotal(trx, id);
      const { grade, coefficient } = await gradeOf(trx, total);
      // The last closed month's results are two days old: within the appeal window (weixiu's waits for him).
      const resolvedAt = back === 1 ? now - 2 * DAY : end + 8 * DAY;
      await move(trx, id, 'resolve', 'team', 'confirm', resolvedAt, null, { final_score: total, grade, coefficient, resolved_at: resolvedAt });
      if (back > 1 || (i % 4 === 0 && sheet.staff_id !== DEMO_STAFF.weixiu)) await move(trx, id, 'confirm', 'confirm', 'archived', resolvedAt + DAY, null, { confirmed_at: resolvedAt + DAY });
      else if (i % 4 === 1 && sheet.staff_id !== DEMO_STAFF.weixiu) {
        await move(trx, id, 'appeal', 'confirm', 'appeal', resolvedAt + DAY / 2, null, { appeal_reason: '当月有两张工单因业主临时改约超时，非本人原因，申请复核“工单及时完成率”。' });
      }
    }
  }
}

type CaseSeed = [project: number, staff: number, source: string, severity: string, penalty: string, points: number | null, amount: number | null, monthsBack: number, description: string, path: string[]];

/**
 * Demo accountability: a new hire's protection term, and cases at every stage: executed onto a
 * sheet, exempted by protection, waiting at each level, unchecked and dismissed.
 */
export async function seedAccountability(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const base = { created_by: null, created_at: now, updated_at: now };
  const firstAt = async (project: number, post: string) =>
    (await trx.selectFrom('staff').innerJoin('staff_post', 'staff_post.staff_id', 'staff.id').innerJoin('post', 'post.id', 'staff_post.post_id').select('staff.id').where('post.org_id', '=', project).where('post.name', '=', post).orderBy('staff.id').executeTakeFirstOrThrow()).id as number;
  const cleaner = await firstAt(DEMO_PROJECTS.cuihu.id, '保洁员');
  const month = (back: number, day: number) => new Date(new Date(now).getFullYear(), new Date(now).getMonth() - back, day, 10).getTime();
  await trx.insertInto('protection_term').values({ staff_id: cleaner, type: 'new_hire', start_date: month(3, 1), end_date: month(-1, 28), exempt_scope: 'all', reason: '新入职三个月保护期', status: 'active', project_id: DEMO_PROJECTS.cuihu.id, ...base }).execute();
  await trx.insertInto('protection_term').values({ staff_id: await firstAt(DEMO_PROJECTS.binjiang.id, '维修工程师'), type: 'transfer', start_date: month(5, 1), end_date: month(2, 28), exempt_scope: 'points', reason: '由秩序岗转岗维修，适应期', status: 'active', project_id: DEMO_PROJECTS.binjiang.id, ...base }).execute();

  const cases: CaseSeed[] = [
    [DEMO_PROJECTS.cuihu.id, DEMO_STAFF.weixiu, 'order_overdue', 'minor', 'deduct_score', 3, null, 1, '3 栋 1202 漏水报修超出承诺时限 6 小时完成，业主二次来电催促', ['check', 'superior', 'execute']],
    [DEMO_PROJECTS.cuihu.id, cleaner, 'complaint', 'minor', 'deduct_score', 2, null, 1, '业主投诉 5 栋电梯厅连续两天未清理垃圾', ['check', 'superior', 'execute']],
    [DEMO_PROJECTS.cuihu.id, DEMO_STAFF.diaodu, 'order_overdue', 'minor', 'deduct_score', 2, null, 0, '夜间报修工单派单延误 40 分钟', ['check']],
    [DEMO_PROJECTS.cuihu.id, DEMO_STAFF.kefu, 'complaint', 'minor', 'warn', null, null, 0, '业主反映客服电话未及时回电', ['dismiss']],
    [DEMO_PROJECTS.jinxiu.id, await firstAt(DEMO_PROJECTS.jinxiu.id, '秩序维护员'), 'quality', 'major', 'deduct_score', 5, null, 1, '区域品质检查发现夜间岗离岗 30 分钟', ['check', 'escalateRegion']],
    [DEMO_PROJECTS.binjiang.id, await firstAt(DEMO_PROJECTS.binjiang.id, '秩序维护员'), 'safety', 'serious', 'deduct_money', null, 500, 0, '地下车库消防通道被占用未及时处置，消防检查通报', ['check', 'escalateRegion', 'escalateGroup']],
    [DEMO_PROJECTS.yunqi.id, await firstAt(DEMO_PROJECTS.yunqi.id, '保洁员'), 'patrol', 'minor', 'deduct_score', 1, null, 0, '巡查漏检：2 号楼天台排水口未按计划检查', []],
  ];
  for (const [i, [project, staff, source, severity, penalty, points, amount, back, description, path]] of cases.entries()) {
    const at = month(back, 8 + i);
    const row = await trx
      .insertInto('accountability_case')
      .values({ code: `WZ${formatTime(at, 'YYYYMMDD')}${String(i + 1).padStart(3, '0')}`, source, source_ref: source === 'manual' ? null : `GD${formatTime(at, 'YYYYMMDD')}${String(100 + i)}`, occurred_at: at, staff_id: staff, description, severity, penalty, points, amount, status: 'pending', state_at: at, project_id: project, ...base })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = row.id as number;
    let state = 'pending';
    const step = async (action: string, to: string, set: Record<string, unknown> = {}, note: string | null = null) => {
      await trx.updateTable('accountability_case').set({ status: to, state_at: at + DAY, ...set }).where('id', '=', id).execute();
      await writeTimeline(trx, 'accountability_case', { id, action, from: state, to, note }, null);
      state = to;
    };
    for (const action of path) {
      if (action === 'check') await step('confirmCheck', 'superior', { check_note: '经调取工单记录与现场核实，情况属实', checker_id: DEMO_STAFF.xmjl });
      if (action === 'dismiss') await step('dismiss', 'unfounded', { checker_id: DEMO_STAFF.xmjl }, '核实为业主未接听回访电话，不予问责');
      if (action === 'escalateRegion') await step('escalateRegion', 'region', {}, '事项较重，按规定上报区域决议');
      if (action === 'escalateGroup') await step('escalateGroup', 'group', {}, '涉及消防安全，上报集团决议');
      if (action === 'superior') await step('resolveSuperior', 'resolved', { decision: 'uphold', final_points: points, final_amount: amount, reason: '情况属实，按制度扣分', resolved_level: 'superior' });
      if (action === 'execute') {
        const sheet = await trx.selectFrom('perf_sheet').innerJoin('perf_period', 'perf_period.id', 'perf_sheet.period_id').select('perf_sheet.id').where('perf_sheet.staff_id', '=', staff).where('perf_period.start_date', '<=', at).where('perf_period.end_date', '>=', at).executeTakeFirst();
        const exempt = staff === cleaner;
        await step('execute', 'executed', exempt ? { decision: 'exempt', final_points: 0, final_amount: 0, exempt_note: '责任人处于新入职保护期，免予扣分扣款' } : { sheet_id: sheet?.id ?? null });
        if (!exempt && sheet) await regrade(trx, sheet.id as number);
      }
    }
  }
}
