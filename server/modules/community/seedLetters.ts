import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { DEMO_PROJECTS } from '../org/public.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Letters owners wrote, with the reply a handler gave where one was given. */
const LETTERS: { mailbox: string; type: string; title: string; content: string; reply: string }[] = [
  { mailbox: 'pm', type: 'complaint', title: '地库夜间照明不足', content: '地下车库 B2 层东侧晚上有一半的灯不亮，停车很不安全，希望尽快维修。', reply: '您好，已安排工程部更换 B2 层东侧 36 盏灯管并加装感应灯，感谢您的反馈。' },
  { mailbox: 'gm', type: 'suggest', title: '建议增设电动车充电桩', content: '小区电动车越来越多，建议在非机动车库增设智能充电桩，避免飞线充电。', reply: '您好，充电桩建设方案已报业委会审议，预计下季度动工，届时将另行公告。' },
  { mailbox: 'pm', type: 'praise', title: '表扬保安王师傅', content: '昨晚我家老人在小区里迷路，保安王师傅一直陪着找到家，非常感谢！', reply: '感谢您的表扬，我们已在例会上通报表扬王师傅，也会继续做好服务。' },
  { mailbox: 'pm', type: 'consult', title: '装修审批需要哪些材料', content: '我准备装修厨房，想问一下装修申请需要提交哪些材料，押金多少？', reply: '您好，需提交装修申请表、施工图纸、施工单位资质，装修押金 2000 元，竣工验收后退还。' },
  { mailbox: 'party', type: 'suggest', title: '希望组织长者志愿服务', content: '小区退休老人很多，建议党支部组织长者志愿服务队，参与社区治理。', reply: '您的建议很好，社区党支部将于下月召开筹备会，欢迎您参加。' },
  { mailbox: 'gm', type: 'complaint', title: '物业费上涨未经公示', content: '听说明年物业费要涨，但是没有看到任何公示和业主大会表决，请给个说法。', reply: '您好，目前物业费调整仅为测算方案，未经业主大会表决不会执行，感谢监督。' },
  { mailbox: 'pm', type: 'help', title: '家中水管爆裂求助', content: '厨房水管突然爆裂，家里没人会修，请帮帮忙！', reply: '您好，维修师傅已于当天上门完成抢修，如还有问题请联系管家。' },
  { mailbox: 'pm', type: 'suggest', title: '儿童游乐区增加遮阳棚', content: '夏天游乐设施太晒了，孩子没法玩，建议加装遮阳棚。', reply: '您好，遮阳棚已纳入明年公共设施改造计划。' },
  { mailbox: 'pm', type: 'complaint', title: '楼上噪音扰民', content: '楼上住户每天晚上 11 点以后还在拖动家具，严重影响休息。', reply: '您好，管家已上门沟通，楼上住户表示会注意，如再发生请随时联系我们。' },
  { mailbox: 'gm', type: 'praise', title: '保洁阿姨很负责', content: '我们单元的保洁阿姨每天把楼道擦得很干净，点赞！', reply: '感谢您的认可，我们会继续努力。' },
];

const STATES = ['closed', 'closed', 'replied', 'closed', 'replied', 'handling', 'new', 'closed', 'handling', 'new'];

/**
 * Four months of letters to the community mailboxes of the four projects, the mailbox reply
 * approval flow (the administrator), letters in every state but a reply under approval (one
 * starts through the engine when a handler drafts a reply).
 */
export async function seedLetters(ctx: SeedContext, admin: number): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now, rnd } = ctx;
  await db
    .insertInto('approval_flow')
    .values({ name: '信箱回复审批', biz_type: 'mailbox', scope_org_id: 1, allow_withdraw: 1, steps: JSON.stringify([{ name: '运营负责人审批', sign_type: 'single', strategy: 'staff', staff_ids: [admin] }]), copy_to: '[]', remark: '对来信人的回复须经审核后发布', enabled: 1, created_by: admin, created_at: now - 150 * DAY, updated_at: now - 150 * DAY })
    .execute();
  let seq = 0;
  for (const [p, project] of Object.values(DEMO_PROJECTS).entries()) {
    const owners = (await db.selectFrom('customer').select(['id', 'name', 'mobile', 'house_id']).where('project_id', '=', project.id).where('house_id', 'is not', null).orderBy('id').limit(40).execute()) as { name: string; mobile: string; house_id: number }[];
    const handler = (await db.selectFrom('staff').select('id').where('org_id', '=', project.id).where('enabled', '=', 1).orderBy('id').executeTakeFirst()) as { id: number } | undefined;
    for (const [i, letter] of LETTERS.entries()) {
      if ((i + p) % 4 === 3) continue;
      const owner = owners[(i * 3 + p) % owners.length]!;
      const daysAgo = 120 - i * 12 - p * 2;
      const received = now - daysAgo * DAY + Math.floor(rnd() * 10 * HOUR);
      const status = daysAgo < 10 ? STATES[(i + 6) % STATES.length]! === 'closed' ? 'handling' : STATES[(i + 6) % STATES.length]! : STATES[i]!;
      const answered = status === 'replied' || status === 'closed';
      const anonymous = letter.type === 'complaint' && i % 2 === 1;
      const code = `XX${new Date(received + 8 * HOUR).toISOString().slice(0, 10).replaceAll('-', '')}${String(++seq).padStart(4, '0')}`;
      await db
        .insertInto('community_letter')
        .values({
          code,
          mailbox: letter.mailbox,
          letter_type: letter.type,
          title: letter.title,
          content: letter.content,
          writer_name: anonymous ? '匿名业主' : owner.name,
          writer_mobile: anonymous ? null : owner.mobile,
          house_id: anonymous ? null : owner.house_id,
          anonymous: anonymous ? 1 : 0,
          want_public: letter.type === 'praise' ? 1 : 0,
          received_at: received,
          handler_id: status === 'new' ? null : (handler?.id ?? admin),
          reply: answered ? letter.reply : null,
          replied_at: answered ? received + 2 * DAY : null,
          satisfaction: status === 'closed' ? 4 + Math.round(rnd()) : null,
          status,
          state_at: answered ? received + 2 * DAY : received,
          project_id: project.id,
          created_by: null,
          created_at: received,
          updated_at: received,
        })
        .execute();
    }
  }
}
