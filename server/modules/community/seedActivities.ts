import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { describeAudience } from '../../engine/audience.ts';
import { DEMO_PROJECTS } from '../org/public.ts';
import { countActivity } from './activities.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface ActivitySeed {
  title: string;
  type: 'signup' | 'vote' | 'show';
  category: string;
  project: number;
  /** Days from now to its start (negative: in the past), and how long it runs. */
  startsIn: number;
  days: number;
  status: 'draft' | 'rejected' | 'approved' | 'online' | 'ended' | 'offline';
  location?: string;
  quota?: number;
  fee?: number;
  audit?: boolean;
  options?: string[];
  note?: string;
  content: string;
}

const ACTIVITIES: ActivitySeed[] = [
  { title: '元旦亲子嘉年华', type: 'signup', category: 'family', project: DEMO_PROJECTS.cuihu.id, startsIn: 12, days: 1, status: 'online', location: '翠湖天地中心花园', quota: 60, audit: true, content: '<p>亲子手工、趣味运动会、新年许愿墙，欢迎带上孩子一起参加！</p>' },
  { title: '最美阳台评选', type: 'vote', category: 'club', project: DEMO_PROJECTS.cuihu.id, startsIn: -75, days: 14, status: 'ended', options: ['3栋 1201 绿植花园', '5栋 803 多肉小天地', '1栋 1502 蔬果阳台', '2栋 601 月季花墙'], content: '<p>晒出你家的阳台，由全体业主投票评出“最美阳台”。</p>' },
  { title: '重阳敬老茶话会', type: 'signup', category: 'festival', project: DEMO_PROJECTS.jinxiu.id, startsIn: -60, days: 1, status: 'ended', location: '锦绣华庭会所二楼', quota: 40, content: '<p>邀请 60 岁以上长者共度重阳，现场有义诊和理发服务。</p>' },
  { title: '中秋游园猜灯谜', type: 'signup', category: 'festival', project: DEMO_PROJECTS.jinxiu.id, startsIn: -95, days: 1, status: 'ended', location: '锦绣华庭南广场', quota: 0, content: '<p>猜灯谜、做月饼、赏月亮，中秋夜我们在南广场等你。</p>' },
  { title: '垃圾分类宣传周', type: 'show', category: 'charity', project: DEMO_PROJECTS.jinxiu.id, startsIn: -3, days: 7, status: 'online', content: '<p>本周物业将在各单元门口设置分类指导点，欢迎业主参与互动问答赢取环保袋。</p>' },
  { title: '锦绣华庭新春写福字送春联', type: 'signup', category: 'festival', project: DEMO_PROJECTS.jinxiu.id, startsIn: 20, days: 1, status: 'approved', location: '锦绣华庭会所一楼大厅', quota: 80, content: '<p>书法老师现场写福字、送春联，每户限领一副，需提前报名。</p>' },
  { title: '翠湖天地跳蚤市场', type: 'signup', category: 'club', project: DEMO_PROJECTS.cuihu.id, startsIn: 20, days: 1, status: 'draft', location: '翠湖天地北门广场', quota: 30, content: '<p>闲置好物换新家，摊位免费，需提前报名。</p>' },
  { title: '周末露天电影', type: 'show', category: 'family', project: DEMO_PROJECTS.cuihu.id, startsIn: 9, days: 1, status: 'rejected', location: '中心花园', note: '电影片目需先确认版权授权', content: '<p>周六晚 7 点，中心花园草坪露天电影。</p>' },
  { title: '业委会筹备组成员推选', type: 'vote', category: 'assembly', project: DEMO_PROJECTS.binjiang.id, startsIn: -5, days: 10, status: 'online', options: ['陈国平（1栋）', '李晓梅（3栋）', '王建华（5栋）', '赵丽娟（6栋）', '刘志强（2栋）'], content: '<p>请投票推选业主委员会筹备组成员，每人最多选择 3 位。</p>' },
  { title: '社区篮球友谊赛', type: 'signup', category: 'club', project: DEMO_PROJECTS.yunqi.id, startsIn: 6, days: 1, status: 'online', location: '云栖雅苑篮球场', quota: 24, fee: 20, content: '<p>以楼栋为单位组队，每队 6 人，报名费含运动饮料与纪念 T 恤。</p>' },
  { title: '滨江一号夏日泳池开放日', type: 'signup', category: 'family', project: DEMO_PROJECTS.binjiang.id, startsIn: -140, days: 2, status: 'offline', location: '滨江一号会所泳池', quota: 50, note: '泳池水质复检未通过，活动取消', content: '<p>会所泳池免费开放两天，儿童须由家长陪同。</p>' },
];

/**
 * The demo's activities and votes across the four projects: the activity approval flow (the
 * administrator), activities in every state, sign-ups of the projects' own owners (reviewed,
 * checked in at past activities) and votes that tally into results.
 */
export async function seedActivities(ctx: SeedContext, authors: { admin: number; yunying: number }): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now, rnd } = ctx;
  const { admin, yunying } = authors;
  await db
    .insertInto('approval_flow')
    .values({ name: '活动审批', biz_type: 'activity', scope_org_id: 1, allow_withdraw: 1, steps: JSON.stringify([{ name: '运营负责人审批', sign_type: 'single', strategy: 'staff', staff_ids: [admin] }]), copy_to: '[]', remark: '业主活动与投票须经运营负责人审核后上线', enabled: 1, created_by: admin, created_at: now - 150 * DAY, updated_at: now - 150 * DAY })
    .execute();
  const east = new Set<number>([DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id]);
  const names = new Map([[admin, '系统管理员'], [yunying, '赵雅琪'], [0, '系统']]);
  for (const a of ACTIVITIES) {
    const author = east.has(a.project) ? yunying : admin;
    const start = now + a.startsIn * DAY;
    const end = start + a.days * DAY - 2 * HOUR;
    const created = start - 25 * DAY;
    const live = ['online', 'ended', 'offline'].includes(a.status);
    const published = live ? created + 2 * DAY : null;
    // Approved ones go online at their planned time (the online_at timer): the live ones did at once.
    const onlineAt = a.status === 'approved' ? now + 2 * DAY : published;
    const participants = { mode: 'project', ids: [a.project] };
    const { id } = (await db
      .insertInto('activity')
      .values({
        title: a.title,
        activity_type: a.type,
        category: a.category,
        cover: null,
        content: a.content,
        location: a.location ?? null,
        participants: JSON.stringify(participants),
        participants_text: await describeAudience(db, 'owner', participants),
        start_time: start,
        end_time: end,
        signup_start: a.type === 'signup' ? created + 2 * DAY : null,
        signup_end: a.type === 'signup' ? start - HOUR : null,
        quota: a.quota ?? 0,
        per_house_limit: a.type === 'signup' ? 4 : 0,
        fee: a.fee ?? 0,
        need_certified: a.type === 'vote' ? 1 : 0,
        need_signup_audit: a.audit ? 1 : 0,
        max_choices: a.options && a.options.length > 4 ? 3 : 1,
        votes_per_day: 1,
        allow_revote: 0,
        show_result: 'after_vote',
        vote_options: a.options ? JSON.stringify(a.options.map((title) => ({ title, description: null }))) : null,
        status: a.status,
        online_at: onlineAt,
        state_at: a.status === 'approved' ? created + 2 * DAY : a.status === 'ended' ? end : (published ?? created),
        author_id: author,
        signup_count: 0,
        vote_count: 0,
        read_count: live ? 120 + Math.floor(rnd() * 900) : 0,
        submitted_at: a.status === 'draft' ? null : created + DAY,
        published_at: published,
        project_id: a.project,
        created_by: author,
        created_at: created,
        updated_at: published ?? created,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    const steps: [string, string | null, string, number, number, string | null][] = [['create', null, 'draft', author, created, null]];
    if (a.status !== 'draft') steps.push(['submit', 'draft', 'pending', author, created + DAY, null]);
    if (a.status === 'rejected') steps.push(['reject', 'pending', 'rejected', admin, created + 2 * DAY, a.note ?? null]);
    if (live || a.status === 'approved') steps.push(['approve', 'pending', 'approved', admin, published ?? created + 2 * DAY, null]);
    if (live) steps.push(['goLive', 'approved', 'online', 0, published!, '审核通过时已到计划上线时间，系统立即上线']);
    if (a.status === 'ended') steps.push(['finish', 'online', 'ended', 0, end, '已到活动结束时间，系统自动结束活动']);
    if (a.status === 'offline') steps.push(['offline', 'online', 'offline', author, start - DAY, a.note ?? null]);
    await db.insertInto('resource_timeline').values(steps.map(([action, from, to, staff, at, note]) => ({ resource: 'activity', record_id: id, action, from_state: from, to_state: to, note, staff_id: staff || null, staff_name: names.get(staff)!, at }))).execute();
    if (!live) continue;
    const owners = (await db.selectFrom('customer').select(['id', 'name', 'mobile', 'house_id']).where('project_id', '=', a.project).where('house_id', 'is not', null).orderBy('id').execute()) as { id: number; name: string; mobile: string; house_id: number }[];
    if (a.type === 'signup') await seedSignups(db, { id, project: a.project, start, quota: a.quota ?? 0, audit: !!a.audit, status: a.status, signupOpen: created + 2 * DAY }, owners, ctx);
    if (a.type === 'vote') {
      const voters = owners.filter(() => rnd() < 0.6);
      const weights = a.options!.map(() => 0.5 + rnd());
      const votes = voters.flatMap((v) => {
        const chosen = new Set<number>();
        const picks = a.options!.length > 4 ? 1 + Math.floor(rnd() * 3) : 1;
        while (chosen.size < picks) chosen.add(weighted(weights, rnd()));
        return [...chosen].map((option_index) => ({ activity_id: id, option_index, customer_id: v.id, voted_at: start + Math.floor(rnd() * Math.max(1, Math.min(end, now) - start)) }));
      });
      for (let i = 0; i < votes.length; i += 500) await db.insertInto('vote_record').values(votes.slice(i, i + 500)).execute();
    }
    await countActivity(db, id);
  }
}

/** An index drawn in proportion to the weights. */
function weighted(weights: number[], r: number): number {
  let x = r * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) if ((x -= w) < 0) return i;
  return weights.length - 1;
}

const REMARKS = [null, null, null, '带两个孩子', '老人行动不便，需要座位', '可以做志愿者', null, '素食'];

async function seedSignups(db: AnyDB, a: { id: number; project: number; start: number; quota: number; audit: boolean; status: string; signupOpen: number }, owners: { id: number; name: string; mobile: string; house_id: number }[], ctx: SeedContext): Promise<void> {
  const { rnd, pick, now } = ctx;
  const room = a.quota || 40;
  let people = 0;
  const rows = [];
  for (const o of owners) {
    if (rnd() > 0.45) continue;
    const persons = 1 + Math.floor(rnd() * 3);
    if (people + persons > room) break;
    const signed = a.signupOpen + Math.floor(rnd() * Math.max(HOUR, Math.min(a.start, now) - a.signupOpen));
    const past = a.status === 'ended';
    const refused = a.audit && rnd() < 0.1;
    const status = refused ? 'refused' : a.status === 'offline' ? 'cancelled' : past ? (rnd() < 0.85 ? 'checked_in' : 'passed') : a.audit && rnd() < 0.4 ? 'pending' : 'passed';
    if (status !== 'refused' && status !== 'cancelled') people += persons;
    rows.push({ activity_id: a.id, customer_id: o.id, house_id: o.house_id, name: o.name, mobile: o.mobile, persons, remark: pick(REMARKS), signed_at: signed, status, state_at: signed, checkin_at: status === 'checked_in' ? a.start + Math.floor(rnd() * 2 * HOUR) : null, project_id: a.project, created_by: null, created_at: signed, updated_at: signed });
  }
  if (rows.length) await db.insertInto('activity_signup').values(rows).execute();
}
