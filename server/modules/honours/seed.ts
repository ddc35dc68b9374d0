import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { writeTimeline } from '../../engine/resources/workflow.ts';
import { DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';
import { formatTime } from '../../../src/shared/format.ts';
import { HONOR_TYPES } from './honorTypes.ts';
import { seedCooperation } from './seedCooperation.ts';
import { seedMinWages } from './seedMinWages.ts';

/** What each demo role may do with honours, cooperation and the wage table (admin holds every code). */
export const HONOURS_DEMO_GRANTS: Record<string, string[]> = {
  hr: [
    'honorRound:view', 'honorRound:edit', 'honorRound:publish', 'honorNomination:view', 'honorNomination:add', 'honorNomination:review', 'honorNomination:award', 'honorNomination:vote',
    'honorStaffing:view', 'approval:view', 'approval:approve', 'approval:transfer', 'cooperation:view', 'cooperation:add', 'cooperation:handle', 'minWage:view', 'minWage:edit',
  ],
  project_manager: ['honorNomination:view', 'honorNomination:add', 'honorNomination:vote', 'honorStaffing:view', 'cooperation:view', 'cooperation:add', 'cooperation:handle'],
  quality: ['honorNomination:view', 'honorNomination:vote', 'honorStaffing:view', 'cooperation:view', 'cooperation:add', 'cooperation:handle'],
  operations: ['honorNomination:view', 'honorNomination:vote', 'honorStaffing:view', 'cooperation:view', 'cooperation:add', 'cooperation:handle'],
  customer_service: ['honorNomination:view', 'honorNomination:vote', 'honorStaffing:view', 'cooperation:view'],
  dispatcher: ['honorNomination:view', 'honorNomination:vote', 'honorStaffing:view', 'cooperation:view'],
  technician: ['honorNomination:view', 'honorNomination:vote', 'honorStaffing:view', 'cooperation:view', 'cooperation:handle'],
  inspector: ['honorNomination:view', 'honorNomination:vote', 'honorStaffing:view'],
};

const DAY = 86_400_000;
const TYPES_BY_POST: Record<string, string> = { 维修工程师: 'best_repair', 客服管家: 'gold_steward', 秩序维护员: 'safety_guard', 保洁员: 'best_cleaner', 项目经理: 'best_manager' };
const ALL_TYPES = ['service_star', 'gold_steward', 'best_repair', 'best_cleaner', 'safety_guard', 'best_manager'];

/** Deeds and mottos as nominating managers write them, by honour type. */
const DEEDS: Record<string, [string, string][]> = {
  service_star: [['本季度受理业主报事 460 余件，零投诉；雨季连续三晚协助排查地库积水，第一时间通知受影响业主挪车。', '业主的小事就是我们的大事'], ['主动为独居老人建立关怀台账，每周上门走访，协助办理水电缴费和就医预约，收到业主锦旗两面。', '用心服务，温暖到家']],
  gold_steward: [['负责 3 栋 420 户，物业费收缴率从 91% 提升到 97%；组织楼栋业主恳谈会 4 次，满意度回访 96 分。', '把每一户都当成自己家'], ['台风期间 36 小时在岗，逐户检查门窗并张贴防台提示，协调维修班组处理渗漏 27 处。', '服务无小事，细节见真情']],
  best_repair: [['全年完成维修工单 1,100 余单，及时完成率 98.6%，返修率 0.8%；牵头完成二次供水泵房改造，节约外包费用 6 万元。', '修好每一处，放心每一户'], ['深夜抢修 5 号楼电梯困人故障，15 分钟到场，安抚并救出被困业主；整理电梯常见故障手册供班组学习。', '技术立身，安全第一']],
  best_cleaner: [['负责地库与公共区域保洁，连续三个月品质抽查满分；主动分拣可回收物，带动楼栋垃圾分类准确率提升到 92%。', '干净整洁，是我的名片'], ['拾到业主遗失的钱包（内有现金 3,000 余元及证件）主动上交，业主送来感谢信。', '用双手扮靓家园']],
  safety_guard: [['夜间巡逻发现 8 号楼配电箱冒烟，立即断电并报警处置，避免了一起火灾事故。', '守护平安，责无旁贷'], ['全年消防巡查零遗漏，协助组织消防演练 2 次，劝阻高空抛物和占用消防通道 40 余起。', '安全无小事，防患于未然']],
  best_manager: [['带领项目团队完成年度经营指标 108%，业主满意度由 85 分提升到 93 分，项目通过 ISO 质量体系复审。', '以客户为中心，以结果为导向']],
};

interface Person { id: number; name: string; post: string; project: number }

async function peopleOf(trx: AnyDB, projectId: number): Promise<Person[]> {
  const rows = (await trx
    .selectFrom('staff')
    .innerJoin('staff_post', 'staff_post.staff_id', 'staff.id')
    .innerJoin('post', 'post.id', 'staff_post.post_id')
    .select(['staff.id', 'staff.name', 'post.name as post'])
    .where('post.org_id', '=', projectId)
    .where('staff.enabled', '=', 1)
    .orderBy('staff.id')
    .execute()) as { id: number; name: string; post: string }[];
  return rows.map((r) => ({ ...r, project: projectId }));
}

function quarterName(at: number): string {
  return `${formatTime(at, 'YYYY')} 年第${['一', '二', '三', '四'][Math.floor((Number(formatTime(at, 'MM')) - 1) / 3)]}季度员工荣誉评选`;
}

/** Each project's places per honour type, and one 优秀项目经理 for the whole company. */
function quotas(): { org_id: number; honor_type: string; quota: number }[] {
  const list = Object.values(DEMO_PROJECTS).flatMap((p) => [
    { org_id: p.id, honor_type: 'service_star', quota: 2 },
    { org_id: p.id, honor_type: 'gold_steward', quota: 1 },
    { org_id: p.id, honor_type: 'best_repair', quota: 1 },
    { org_id: p.id, honor_type: 'best_cleaner', quota: 1 },
    { org_id: p.id, honor_type: 'safety_guard', quota: 1 },
  ]);
  return [...list, { org_id: DEMO_ORG.company, honor_type: 'best_manager', quota: 1 }];
}

/**
 * Demo honours: the company-wide approval flow (人事审批 by 郑思远), two published rounds with
 * their nominations, votes and awards, and the current round open for nominations; then the
 * cooperation requests and the city minimum wages.
 */
export async function seedHonours(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  await trx
    .insertInto('approval_flow')
    .values({ name: '荣誉审批（公司）', biz_type: 'honor', scope_org_id: DEMO_ORG.company, allow_withdraw: 1, steps: JSON.stringify([{ name: '人事审批', sign_type: 'single', strategy: 'staff', staff_ids: [DEMO_STAFF.renshi] }]), copy_to: '[]', remark: '员工荣誉提名由人事绩效专员审批', enabled: 1, created_by: DEMO_STAFF.admin, created_at: now - 300 * DAY, updated_at: now - 300 * DAY })
    .execute();
  const people: Person[] = [];
  for (const p of Object.values(DEMO_PROJECTS)) people.push(...(await peopleOf(trx, p.id)));
  const everyone = people.map((p) => p.id);

  // Quarters back from now: two published, the last quarter open for nominations.
  const startOfQuarter = (back: number) => {
    const d = new Date(now);
    const q = Math.floor(d.getMonth() / 3) - back;
    return new Date(d.getFullYear(), q * 3, 1).getTime();
  };
  const rounds = [
    { start: startOfQuarter(3), status: 'published' },
    { start: startOfQuarter(2), status: 'published' },
    { start: startOfQuarter(1), status: 'open' },
  ];
  for (const [r, spec] of rounds.entries()) {
    const end = startOfQuarter(2 - r) - 1; // the quarter's last moment
    const open = spec.status === 'open';
    const nominateStart = open ? now - 6 * DAY : end + 5 * DAY;
    const nominateEnd = open ? now + 12 * DAY : end + 20 * DAY;
    const round = await trx
      .insertInto('honor_round')
      .values({
        name: quarterName(spec.start), honor_types: JSON.stringify(ALL_TYPES), period_start: spec.start, period_end: end, nominate_start: nominateStart, nominate_end: nominateEnd, votes_per_voter: 3,
        quotas: JSON.stringify(quotas()), rules: '1. 各项目在名额内提名，提名须附先进事迹；\n2. 人事部初评打分后提交审批；\n3. 截止提名后全员投票，综合评审分与票数评定获奖；\n4. 结果公示后颁发证书与奖金。',
        status: spec.status, published_at: open ? null : end + 45 * DAY, created_by: DEMO_STAFF.renshi, created_at: nominateStart - 7 * DAY, updated_at: nominateStart - 7 * DAY, state_at: open ? nominateStart : end + 45 * DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedNominations(ctx, { id: round.id as number, name: quarterName(spec.start) }, open ? 'open' : 'past', nominateStart, people, everyone);
  }
  // The year's round, its nominations closed and approved, being judged by vote before the awards.
  const year = new Date(now).getFullYear();
  const yearStart = new Date(year, 0, 1).getTime();
  const judged = await trx
    .insertInto('honor_round')
    .values({
      name: `${year} 年度优秀员工评选`, honor_types: JSON.stringify(ALL_TYPES), period_start: yearStart, period_end: startOfQuarter(0) - 1, nominate_start: now - 40 * DAY, nominate_end: now - 10 * DAY, votes_per_voter: 3,
      quotas: JSON.stringify(quotas()), rules: '1. 全年表现突出者由各项目提名；\n2. 人事部评审打分并经审批；\n3. 全员投票后评定获奖，年终大会颁奖。',
      status: 'voting', published_at: null, created_by: DEMO_STAFF.renshi, created_at: now - 47 * DAY, updated_at: now - 10 * DAY, state_at: now - 10 * DAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedNominations(ctx, { id: judged.id as number, name: `${year} 年度优秀员工评选` }, 'voting', now - 40 * DAY, people, everyone);
  await seedCooperation(ctx);
  await seedMinWages(ctx);
}

/**
 * Nominations of a round: in a past round most awarded, some not, one rejected; in the open one a
 * few nominated or reviewed; in one being judged, approved and voted on, waiting for the awards.
 */
async function seedNominations(ctx: SeedContext, round: { id: number; name: string }, stage: 'open' | 'voting' | 'past', at: number, people: Person[], everyone: number[]): Promise<void> {
  const { trx, rnd, pick } = ctx;
  const open = stage === 'open';
  const picked = people.filter((p, i) => TYPES_BY_POST[p.post] && (open ? i % 5 === 1 : rnd() < 0.55));
  // The open round leaves 翠湖天地 one place of 服务之星 (tests and the browser journey take it).
  const candidates = open ? picked.filter((p) => p.project !== DEMO_PROJECTS.cuihu.id || p.post !== '客服管家').slice(0, 4) : picked;
  if (open) {
    const steward = people.find((p) => p.project === DEMO_PROJECTS.cuihu.id && p.post === '客服管家');
    if (steward) candidates.unshift(steward);
  }
  for (const [i, p] of candidates.entries()) {
    const type = open && i === 0 ? 'service_star' : TYPES_BY_POST[p.post]!;
    const [deeds, motto] = pick(DEEDS[type]!);
    const score = Math.round((78 + rnd() * 20) * 10) / 10;
    const status = open ? (i % 2 ? 'reviewed' : 'nominated') : stage === 'voting' ? 'approved' : rnd() < 0.12 ? 'rejected' : rnd() < 0.65 ? 'awarded' : 'not_awarded';
    const nominatedAt = at + Math.floor(rnd() * 5) * DAY;
    const n = await trx
      .insertInto('honor_nomination')
      .values({
        project_id: p.project, round_id: round.id, honor_type: type, staff_id: p.id, staff_name: p.name, title: `${round.name}·${HONOR_TYPES[type]}·${p.name}`, post_name: p.post, deeds, motto,
        review_score: status === 'nominated' ? null : score, review_note: status === 'nominated' ? null : score >= 90 ? '事迹突出，材料翔实' : '事迹属实，可参评',
        award_note: status === 'awarded' ? `${p.name}同志${motto}，在平凡岗位上作出了不平凡的贡献，特授予此项荣誉。` : null,
        status, nominated_by: p.project === DEMO_PROJECTS.cuihu.id ? DEMO_STAFF.xmjl : DEMO_STAFF.admin,
        submitted_at: status === 'nominated' || status === 'reviewed' ? null : nominatedAt + DAY, awarded_at: status === 'awarded' ? at + 30 * DAY : null,
        created_by: DEMO_STAFF.xmjl, created_at: nominatedAt, updated_at: nominatedAt, state_at: nominatedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeTimeline(trx, 'honor_nomination', { id: n.id as number, action: 'create', from: null, to: 'nominated', note: null }, null);
    if (!open && status !== 'rejected') {
      const voters = everyone.filter((v) => v !== p.id && rnd() < 0.35);
      for (const v of voters) await trx.insertInto('honor_vote').values({ nomination_id: n.id, voter_id: v, round_id: round.id, created_by: v, created_at: at + 20 * DAY, updated_at: at + 20 * DAY }).execute();
    }
  }
}
