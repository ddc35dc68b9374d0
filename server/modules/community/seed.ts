import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { describeAudience } from '../../engine/audience.ts';
import { DEMO_ORG, DEMO_PROJECTS } from '../org/public.ts';
import { countRecipients, publishNotice } from './notices.ts';
import { seedActivities } from './seedActivities.ts';
import { seedLetters } from './seedLetters.ts';
import { seedProfiles } from './seedProfiles.ts';

/** The operations role authors owner content in its region; administrators approve it (the seeded flow). */
export const COMMUNITY_DEMO_GRANTS: Record<string, string[]> = {
  operations: [
    'approval:view', 'notice:view', 'notice:add', 'notice:edit', 'notice:delete', 'notice:submit', 'notice:recall',
    'activity:view', 'activity:add', 'activity:edit', 'activity:delete', 'activity:submit', 'activity:offline', 'activity:signupAudit', 'activity:checkin',
    'mailbox:view', 'mailbox:handle', 'mailbox:toOrder', 'community:view', 'community:add', 'community:edit',
  ],
  project_manager: ['notice:view', 'activity:view', 'mailbox:view', 'mailbox:handle', 'mailbox:toOrder', 'community:view'],
};

const DAY = 86_400_000;

interface NoticeSeed {
  title: string;
  type: string;
  project: number;
  audience: { mode: string; ids: number[] } | 'buildings';
  channels: string[];
  daysAgo: number;
  status: 'sent' | 'draft' | 'rejected' | 'withdrawn' | 'scheduled';
  content: string;
  note?: string;
}

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

/** Four months of notices across the four projects: most sent and partly read, some drafts, a rejected and a recalled one. */
const NOTICES: NoticeSeed[] = [
  { title: '关于小区二次供水水箱清洗的停水通知', type: 'outage', project: DEMO_PROJECTS.cuihu.id, audience: 'buildings', channels: ['app', 'sms'], daysAgo: 118, status: 'sent', content: p('尊敬的业主：', '为保障饮用水卫生，管理处定于本周六 8:00–16:00 对二次供水水箱进行清洗消毒，届时相关楼栋将暂停供水，请提前做好储水准备。', '给您带来不便，敬请谅解。') },
  { title: '2026 年度物业服务费缴纳提醒', type: 'payment', project: DEMO_PROJECTS.cuihu.id, audience: { mode: 'project', ids: [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id] }, channels: ['app', 'wechat'], daysAgo: 96, status: 'sent', content: p('尊敬的业主：', '2026 年度物业服务费已开始收取，可通过业主 App“生活缴费”在线缴纳，也可到客服中心办理。12 月 31 日前缴清全年费用可享受 95 折优惠。') },
  { title: '中秋国庆双节安全温馨提示', type: 'safety', project: DEMO_PROJECTS.jinxiu.id, audience: { mode: 'project', ids: [DEMO_PROJECTS.jinxiu.id] }, channels: ['app'], daysAgo: 70, status: 'sent', content: p('双节将至，外出请关好门窗、关闭燃气总阀；楼道内请勿堆放杂物，电动车严禁入户充电。', '节日期间管理处 24 小时值班，服务电话 400-820-1234。') },
  { title: '锦绣华庭地下车库环氧地坪翻新施工公告', type: 'community', project: DEMO_PROJECTS.jinxiu.id, audience: 'buildings', channels: ['app', 'sms'], daysAgo: 52, status: 'sent', content: p('为提升车库通行环境，B1 层车库将于下周一起分区进行地坪翻新，施工期约 10 天。施工区域车位请临时停放至 B2 层，感谢您的理解与配合。') },
  { title: '翠湖天地电梯年度检验公告', type: 'community', project: DEMO_PROJECTS.cuihu.id, audience: 'buildings', channels: ['app'], daysAgo: 34, status: 'sent', content: p('根据特种设备安全要求，市特检院将对小区电梯进行年度检验，检验期间单台电梯将暂停运行约 2 小时，请业主错峰出行。') },
  { title: '冬季消防安全专项检查通知', type: 'safety', project: DEMO_PROJECTS.cuihu.id, audience: { mode: 'project', ids: [DEMO_PROJECTS.cuihu.id] }, channels: ['app', 'wechat'], daysAgo: 12, status: 'sent', content: p('入冬后用电用火增多，管理处将联合消防维保单位开展为期一周的消防设施专项检查，请业主配合检查入户烟感报警器。') },
  { title: '滨江一号燃气管道改造停气通知', type: 'outage', project: DEMO_PROJECTS.binjiang.id, audience: 'buildings', channels: ['app', 'sms'], daysAgo: 88, status: 'sent', content: p('接燃气公司通知，因市政燃气管道改造，相关楼栋将于周三 9:00–18:00 暂停供气，恢复供气后请勿自行开阀，由燃气公司上门通气。') },
  { title: '云栖雅苑业主议事会换届选举公告', type: 'owner', project: DEMO_PROJECTS.yunqi.id, audience: { mode: 'project', ids: [DEMO_PROJECTS.yunqi.id] }, channels: ['app', 'wechat'], daysAgo: 61, status: 'sent', content: p('业主议事会任期届满，现启动换届选举。有意参选的业主请于本月 20 日前到客服中心报名，选举规则详见公告栏。') },
  { title: '华南区域台风“海鸥”防御提醒', type: 'safety', project: DEMO_PROJECTS.binjiang.id, audience: { mode: 'project', ids: [DEMO_PROJECTS.binjiang.id, DEMO_PROJECTS.yunqi.id] }, channels: ['app', 'sms', 'wechat'], daysAgo: 40, status: 'sent', content: p('受台风“海鸥”影响，预计明后两天有大风暴雨。请收回阳台花盆等易坠物品，关好门窗，非必要不外出。') },
  { title: '滨江一号 12 月物业费账单已生成', type: 'payment', project: DEMO_PROJECTS.binjiang.id, audience: { mode: 'project', ids: [DEMO_PROJECTS.binjiang.id] }, channels: ['app'], daysAgo: 3, status: 'sent', content: p('12 月物业服务费账单已生成，请在业主 App 中查看并缴纳。') },
  { title: '翠湖天地元旦假期物业服务安排', type: 'community', project: DEMO_PROJECTS.cuihu.id, audience: { mode: 'project', ids: [DEMO_PROJECTS.cuihu.id] }, channels: ['app', 'wechat'], daysAgo: -2, status: 'scheduled', content: p('元旦假期（1 月 1 日至 3 日）客服中心 9:00–17:00 正常办公，工程维修 24 小时值班，报修请拨打 400-820-1234。') },
  { title: '元旦游园会活动预告', type: 'community', project: DEMO_PROJECTS.cuihu.id, audience: { mode: 'project', ids: [DEMO_PROJECTS.cuihu.id] }, channels: ['app'], daysAgo: 1, status: 'draft', content: p('元旦当天上午 9 点，中心花园将举办游园会，猜灯谜、套圈、亲子手工等你来玩。') },
  { title: '锦绣华庭垃圾分类投放时间调整', type: 'community', project: DEMO_PROJECTS.jinxiu.id, audience: { mode: 'project', ids: [DEMO_PROJECTS.jinxiu.id] }, channels: ['app', 'sms'], daysAgo: 6, status: 'rejected', note: '投放时间与街道要求不一致，请按街道最新通知修改', content: p('自下月起，生活垃圾定时投放时间调整为每日 7:00–9:00、18:00–21:00。') },
  { title: '翠湖天地停车收费标准调整（征求意见稿）', type: 'owner', project: DEMO_PROJECTS.cuihu.id, audience: { mode: 'project', ids: [DEMO_PROJECTS.cuihu.id] }, channels: ['app'], daysAgo: 20, status: 'withdrawn', note: '发改委备案尚未完成，暂缓发布', content: p('拟调整临时停车收费标准，现向全体业主征求意见。') },
];

/**
 * The demo's mass notices, sent through the same function as a live send (publishNotice), and
 * read by part of their recipients over the following days; the notice approval flow of the
 * company (运营负责人 = the administrator) so a submitted notice waits in noticeApprove.
 */
export async function seedCommunity(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now, rnd } = ctx;
  const staffOf = async (account: string) => ((await db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()) as { id: number }).id;
  const [admin, yunying] = [await staffOf('admin'), await staffOf('yunying')];
  await db
    .insertInto('approval_flow')
    .values({
      name: '群发通知审批',
      biz_type: 'notice',
      scope_org_id: DEMO_ORG.company,
      allow_withdraw: 1,
      steps: JSON.stringify([{ name: '运营负责人审批', sign_type: 'single', strategy: 'staff', staff_ids: [admin] }]),
      copy_to: JSON.stringify([]),
      remark: '面向业主的群发通知须经运营负责人审核后发送',
      enabled: 1,
      created_by: admin,
      created_at: now - 150 * DAY,
      updated_at: now - 150 * DAY,
    })
    .execute();
  const east = new Set<number>([DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id]);
  for (const n of NOTICES) {
    const author = east.has(n.project) ? yunying : admin;
    const at = now - n.daysAgo * DAY;
    const buildings = (await db.selectFrom('building').select('id').where('project_id', '=', n.project).orderBy('id').limit(2).execute()) as { id: number }[];
    const audience = n.audience === 'buildings' ? { mode: 'building', ids: buildings.map((b) => b.id) } : n.audience;
    const sent = n.status === 'sent' || n.status === 'withdrawn';
    // Approved and waiting for its planned time (the send_at timer sends it): approved yesterday.
    const approvedAt = n.status === 'scheduled' ? now - DAY : at;
    const expired = n.status === 'sent' && at + 30 * DAY <= now;
    const row: Row = {
      title: n.title,
      notice_type: n.type,
      content: n.content,
      cover: null,
      channels: JSON.stringify(n.channels),
      audience: JSON.stringify(audience),
      audience_text: await describeAudience(db, 'owner', audience),
      display_start: at,
      display_end: at + 30 * DAY,
      // A sent notice past its display end has been taken off the board by the display_end timer.
      status: expired ? 'expired' : n.status,
      state_at: expired ? at + 30 * DAY : n.status === 'scheduled' ? approvedAt : at + DAY / 4,
      recipient_count: 0,
      read_count: 0,
      submitted_at: n.status === 'draft' ? null : approvedAt - DAY / 8,
      send_at: n.status === 'draft' || n.status === 'rejected' ? null : at,
      sent_at: sent ? at : null,
      project_id: n.project,
      author_id: author,
      created_by: author,
      created_at: approvedAt - DAY / 4,
      updated_at: Math.min(at, now),
    };
    const { id } = (await db.insertInto('mass_notice').values(row).returning('id').executeTakeFirstOrThrow()) as { id: number };
    const timeline: { action: string; from_state: string | null; to_state: string; note: string | null; staff_id: number; at: number }[] = [{ action: 'create', from_state: null, to_state: 'draft', note: null, staff_id: author, at: approvedAt - DAY / 4 }];
    if (n.status !== 'draft') timeline.push({ action: 'submit', from_state: 'draft', to_state: 'pending', note: null, staff_id: author, at: approvedAt - DAY / 8 });
    if (sent || n.status === 'scheduled') timeline.push({ action: 'approve', from_state: 'pending', to_state: 'scheduled', note: null, staff_id: admin, at: approvedAt });
    if (sent) timeline.push({ action: 'send', from_state: 'scheduled', to_state: 'sent', note: '已到计划发送时间，系统自动发送', staff_id: 0, at });
    if (expired) timeline.push({ action: 'expire', from_state: 'sent', to_state: 'expired', note: '已到展示结束时间，系统自动结束展示', staff_id: 0, at: at + 30 * DAY });
    if (n.status === 'rejected') timeline.push({ action: 'reject', from_state: 'pending', to_state: 'rejected', note: n.note ?? null, staff_id: admin, at });
    if (n.status === 'withdrawn') timeline.push({ action: 'recall', from_state: 'sent', to_state: 'withdrawn', note: n.note ?? null, staff_id: author, at: at + DAY });
    const names = new Map([[admin, '系统管理员'], [yunying, '赵雅琪'], [0, '系统']]);
    await db.insertInto('resource_timeline').values(timeline.map((t) => ({ resource: 'mass_notice', record_id: id, action: t.action, from_state: t.from_state, to_state: t.to_state, note: t.note, staff_id: t.staff_id || null, staff_name: names.get(t.staff_id)!, at: t.at }))).execute();
    if (!sent) continue;
    await publishNotice(db, { ...row, id }, at);
    // Owners read a notice over the next days: older notices by more of them.
    const readShare = Math.min(0.85, 0.35 + n.daysAgo / 200);
    const customers = (await db.selectFrom('notice_recipient').select('customer_id').distinct().where('notice_id', '=', id).execute()) as { customer_id: number }[];
    for (const c of customers) {
      if (rnd() >= readShare) continue;
      await db.updateTable('notice_recipient').set({ read_at: at + Math.floor(rnd() * 3 * DAY) + 600_000 }).where('notice_id', '=', id).where('customer_id', '=', c.customer_id).where('channel', '=', n.channels[0]!).execute();
    }
    await countRecipients(db, id);
  }
  await seedActivities(ctx, { admin, yunying });
  await seedLetters(ctx, admin);
  await seedProfiles(ctx, admin);
}
