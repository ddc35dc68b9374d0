import type { SeedContext } from '../../engine/module.ts';
import type { Row } from '../../engine/hooks.ts';
import { levelOf } from './hooks/customer.ts';

// Demo customer profiles (spec section 3) and half a year of communication records, drawn from
// the seed's one random sequence so the demo is the same on every machine.

const DAY = 86_400_000;
const SURNAMES_OF_COMPANIES = ['华信科技有限公司', '嘉禾贸易有限公司', '恒远咨询有限公司'];
const EMPLOYERS = ['市第一人民医院', '实验小学', '区税务局', '华为技术有限公司', '招商银行', '自营餐饮店', '建设设计院', '阿里巴巴'];
const CAR_MODELS = ['大众 帕萨特', '丰田 凯美瑞', '比亚迪 汉 EV', '特斯拉 Model 3', '本田 雅阁', '宝马 3 系', '理想 L7'];
const PLATE_HEADS = ['沪A', '沪B', '浙A', '粤B', '粤A'];
const BREEDS: [string, string][] = [['犬', '泰迪'], ['犬', '金毛'], ['猫', '英短'], ['犬', '柯基'], ['猫', '布偶']];
const PET_NAMES = ['豆豆', '旺财', '咪咪', '可乐', '球球', '年糕'];
const HOBBIES = ['运动', '阅读', '音乐', '书画', '园艺', '旅游', '棋牌', '烹饪'];

/** [channel, topic, content, result, mood]: what a steward or the front desk talks about with an owner. */
const TALKS: [string, string, string, string, string][] = [
  ['phone', '日常关怀', '电话回访近期居住情况，业主表示一切正常，提醒近期天气变化注意门窗关闭。', 'resolved', '满意'],
  ['visit', '日常关怀', '上门拜访独居老人，检查燃气阀门与烟感，协助更换了卫生间灯泡。', 'resolved', '满意'],
  ['phone', '费用催缴', '提醒业主第四季度物业费尚未缴纳，业主表示本周内通过 App 缴纳。', 'following', '一般'],
  ['wechat', '报修跟进', '跟进厨房下水管漏水报修，维修师傅已更换管件，业主确认不再渗漏。', 'resolved', '满意'],
  ['phone', '投诉跟进', '就楼上夜间噪音投诉回访，已与楼上住户沟通，业主希望继续观察一周。', 'following', '不满'],
  ['face', '装修管理', '业主到前台办理装修备案，已告知装修时间为工作日 8:30-12:00、14:00-18:00。', 'resolved', '一般'],
  ['wechat', '活动邀约', '邀请业主参加周末社区亲子运动会，业主已报名两人。', 'resolved', '满意'],
  ['phone', '意见征询', '征询对小区绿化改造方案的意见，业主建议增加儿童游乐设施。', 'resolved', '一般'],
  ['sms', '节日问候', '中秋节问候短信并告知社区月饼领取时间。', 'resolved', '满意'],
  ['phone', '日常关怀', '多次拨打业主电话未接通，改为微信留言。', 'no_answer', '一般'],
  ['hotline', '投诉跟进', '业主致电 400 反映地库照明不足，已派单处理并约定次日回访。', 'following', '不满'],
  ['visit', '费用催缴', '上门沟通欠费事宜，业主对公共维修分摊有异议，拒绝当场缴费。', 'refused', '不满'],
];

const chance = (ctx: SeedContext, p: number) => ctx.rnd() < p;
const digits = (ctx: SeedContext, n: number) => Array.from({ length: n }, () => Math.floor(ctx.rnd() * 10)).join('');

/** A plausible identity-card number (region, birth date, sequence, checksum). */
function idCard(ctx: SeedContext, birthday: string): string {
  const body = `310104${birthday.replace(/-/g, '')}${digits(ctx, 3)}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/** The 客服管家 of each project: the project's customer-service staff (kefu at 翠湖天地). */
async function stewardsByProject(ctx: SeedContext, projectIds: number[]): Promise<Map<number, number[]>> {
  const rows = (await ctx.trx
    .selectFrom('staff_post')
    .innerJoin('post', 'post.id', 'staff_post.post_id')
    .select(['post.org_id', 'staff_post.staff_id'])
    .where('post.name', '=', '客服管家')
    .where('post.org_id', 'in', projectIds)
    .orderBy('staff_post.staff_id')
    .execute()) as Row[];
  const map = new Map<number, number[]>();
  for (const r of rows) map.set(Number(r.org_id), [...(map.get(Number(r.org_id)) ?? []), Number(r.staff_id)]);
  return map;
}

export async function seedCustomers(ctx: SeedContext): Promise<void> {
  const { trx, now, pick } = ctx;
  const customers = (await trx.selectFrom('customer').select(['id', 'project_id', 'house_id', 'kind', 'created_at', 'name']).orderBy('id').execute()) as Row[];
  const projectIds = [...new Set(customers.map((c) => Number(c.project_id)))];
  const stewards = await stewardsByProject(ctx, projectIds);
  const labels = (await trx.selectFrom('label').select(['id', 'name']).where('scope', '=', 'customer').execute()) as Row[];
  for (const c of customers) {
    const projectId = Number(c.project_id);
    const year = 1950 + Math.floor(ctx.rnd() * 50);
    const birthday = `${year}-${String(1 + Math.floor(ctx.rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(ctx.rnd() * 28)).padStart(2, '0')}`;
    const elderly = year < 1962;
    const company = chance(ctx, 0.04);
    const registered = chance(ctx, 0.65);
    const certified = registered && chance(ctx, 0.7);
    const score = Math.min(100, Math.floor(30 + ctx.rnd() * 50 + (certified ? 10 : 0) + (chance(ctx, 0.2) ? 15 : 0)));
    const steward = stewards.get(projectId)?.length ? pick(stewards.get(projectId)!) : null;
    const pets = chance(ctx, 0.25) ? [(([kind, breed]) => ({ kind, breed, name: pick(PET_NAMES), vaccinated_on: `2026-0${1 + Math.floor(ctx.rnd() * 9)}-15` }))(pick(BREEDS))] : [];
    const vehicles = chance(ctx, 0.55) ? [{ plate: `${pick(PLATE_HEADS)}${String.fromCharCode(65 + Math.floor(ctx.rnd() * 20))}${digits(ctx, 4)}`, model: pick(CAR_MODELS), color: pick(['白色', '黑色', '灰色', '蓝色']), ev: chance(ctx, 0.3), space: `B1-${digits(ctx, 3)}` }] : [];
    const hobbies = HOBBIES.filter(() => chance(ctx, 0.25));
    await trx
      .updateTable('customer')
      .set({
        ...(company ? { name: pick(SURNAMES_OF_COMPANIES), person_type: 'C', kind: 'employee' } : { person_type: 'P' }),
        id_card: company ? null : idCard(ctx, birthday),
        birthday: company ? null : birthday,
        steward_id: steward,
        source: pick(['handover', 'handover', 'handover', 'app', 'hotline', 'front_desk', 'import']),
        portrait_score: score,
        portrait_level_id: await levelOf(trx, score),
        app_registered: registered ? 1 : 0,
        registered_at: registered ? Number(c.created_at) + Math.floor(ctx.rnd() * 60) * DAY : null,
        certified: certified ? 1 : 0,
        certified_at: certified ? Number(c.created_at) + Math.floor(60 + ctx.rnd() * 30) * DAY : null,
        status: chance(ctx, 0.05) ? 'moved_out' : 'active',
        family_structure: elderly ? pick(['独居老人', '三代同堂', '夫妻']) : pick(['单身', '夫妻', '三口之家', '三口之家', '三代同堂']),
        resident_count: 1 + Math.floor(ctx.rnd() * 5),
        has_elderly: elderly || chance(ctx, 0.3) ? 1 : 0,
        has_children: !elderly && chance(ctx, 0.5) ? 1 : 0,
        emergency_contact: chance(ctx, 0.7) ? ctx.personName() : null,
        emergency_phone: chance(ctx, 0.7) ? ctx.mobile() : null,
        marriage: pick(['已婚', '已婚', '已婚', '未婚', '离异']),
        education: pick(['高中', '大专', '本科', '本科', '硕士', '博士']),
        occupation: elderly ? '退休' : pick(['公务员', '教师', '医生', '企业主', '白领', '白领', '其他']),
        employer: elderly ? null : pick(EMPLOYERS),
        vehicles: JSON.stringify(vehicles),
        pets: JSON.stringify(pets),
        fashion: pick(['品质', '性价比', '性价比', '奢侈']),
        appliances: pick(['格力空调 3 台，燃气热水器', '美的空调 2 台，电热水器', '大金中央空调，太阳能热水器']),
        furniture: pick(['北欧实木', '现代简约板式', '新中式红木']),
        decoration: pick(['已装修', '已装修', '已装修', '装修中', '毛坯']),
        hobbies: JSON.stringify(hobbies),
        religion: pick(['无', '无', '无', '无', '佛教', '基督教']),
        activity_level: pick(['高', '中', '中', '低']),
        committee_member: chance(ctx, 0.05) ? 1 : 0,
        opinion_leader: chance(ctx, 0.08) ? 1 : 0,
        volunteer: chance(ctx, 0.12) ? 1 : 0,
        mobility_impaired: elderly && chance(ctx, 0.3) ? 1 : 0,
        special_care: elderly && chance(ctx, 0.4) ? 1 : 0,
        health_note: elderly && chance(ctx, 0.5) ? pick(['高血压，需定期测量', '糖尿病', '腿脚不便，出行需搀扶']) : null,
        contact_pref: pick(['电话', '微信', '微信', '当面']),
        sensitivity: pick(['高', '中', '中', '低']),
        complaint_tendency: pick(['高', '中', '低', '低']),
        personality: pick(['外向', '内向']),
        updated_at: now,
      })
      .where('id', '=', c.id)
      .execute();
    for (const label of labels) {
      const fits = label.name === '独居老人' ? elderly && chance(ctx, 0.5) : chance(ctx, 0.1);
      if (fits) await trx.insertInto('customer_label').values({ customer_id: c.id, label_id: label.id }).execute();
    }
    // Half a year of conversations: a steward's or the front desk's, a few a customer.
    const talks = Math.floor(ctx.rnd() * 5);
    let last: number | null = null;
    let next: number | null = null;
    for (let i = 0; i < talks; i++) {
      const [channel, topic, content, result, mood] = pick(TALKS);
      const at = now - Math.floor(ctx.rnd() * 180) * DAY - Math.floor(ctx.rnd() * 8 * 3600_000);
      const following = result === 'following' && at > now - 20 * DAY;
      const nextAt = result === 'following' ? at + (3 + Math.floor(ctx.rnd() * 7)) * DAY : null;
      await trx
        .insertInto('communication_record')
        .values({
          project_id: projectId,
          customer_id: c.id,
          house_id: c.house_id,
          staff_id: steward ?? stewards.get(projectId)?.[0] ?? null,
          contact_at: at,
          channel,
          topic,
          content,
          result,
          mood,
          next_contact_at: nextAt,
          photos: '[]',
          status: following ? 'following' : 'done',
          created_by: steward,
          created_at: at,
          updated_at: at,
          state_at: at,
        })
        .execute();
      last = Math.max(last ?? 0, at);
      if (following && nextAt) next = Math.min(next ?? Infinity, nextAt);
    }
    if (last) await trx.updateTable('customer').set({ last_contact_at: last, next_contact_at: next }).where('id', '=', c.id).execute();
  }
}
