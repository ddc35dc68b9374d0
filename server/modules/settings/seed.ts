import type { Kysely } from 'kysely';
import type { SeedContext } from '../../engine/module.ts';
import { orgDemo } from '../org/public.ts';

// Resource tables (schemas/resources) are created at start, before the seed: typed loosely here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Kysely<any>;

/** Customer portrait levels: score ranges that never overlap, low to high. */
const PORTRAIT_LEVELS: [string, string, number, number, string, string][] = [
  ['普通客户', 'NORMAL', 0, 59, 'default', '享受标准物业服务'],
  ['银卡客户', 'SILVER', 60, 79, '#8c8c8c', '报修优先派单；每年一次免费家电清洗'],
  ['金卡客户', 'GOLD', 80, 94, 'gold', '专属客服管家；维修 30 分钟响应；社区活动优先报名'],
  ['钻石客户', 'DIAMOND', 95, 100, 'purple', '专属管家一对一服务；年度上门检修；物业费预缴折扣'],
];

/** Service and application categories: [code, name, kind, children as [code, name]]. */
const CATEGORIES: [string, string, 'service' | 'application', [string, string][]][] = [
  ['repair', '维修服务', 'service', [['repair_water', '水电维修'], ['repair_door', '门窗维修'], ['repair_appliance', '家电维修']]],
  ['home_service', '家政服务', 'service', [['home_cleaning', '日常保洁'], ['home_appliance_clean', '家电清洗'], ['home_move', '搬家服务']]],
  ['convenience', '便民服务', 'service', [['convenience_parcel', '快递代收'], ['convenience_key', '钥匙托管']]],
  ['app_life', '社区生活', 'application', [['app_notice', '社区公告'], ['app_activity', '社区活动']]],
  ['app_payment', '缴费中心', 'application', [['app_property_fee', '物业费'], ['app_parking_fee', '停车费']]],
];

/** Customer knowledge tables and their columns: [code, name, description, columns as [code, name, type, required, dict]]. */
const KNOWLEDGE: [string, string, string, [string, string, string, number, string | null][]][] = [
  ['customer_family', '家庭信息', '家庭成员与居住情况，用于关怀服务与活动邀约', [
    ['members', '常住人数', 'integer', 1, null],
    ['has_elderly', '是否有老人', 'boolean', 1, null],
    ['has_child', '是否有儿童', 'boolean', 0, null],
    ['emergency_contact', '紧急联系人', 'string', 0, null],
  ]],
  ['customer_pet', '宠物信息', '登记宠物，便于上门服务前提醒与文明养宠管理', [
    ['pet_kind', '宠物种类', 'string', 1, null],
    ['pet_name', '宠物名字', 'string', 0, null],
    ['vaccinated_on', '疫苗接种日期', 'date', 0, null],
  ]],
  ['customer_vehicle', '车辆信息', '业主车辆，用于停车月卡与车位管理', [
    ['plate_no', '车牌号', 'string', 1, null],
    ['brand', '品牌型号', 'string', 0, null],
    ['new_energy', '是否新能源', 'boolean', 0, null],
  ]],
  ['customer_hobby', '兴趣爱好', '兴趣标签，用于社区活动推荐', [
    ['hobby', '爱好', 'text', 0, null],
    ['gender', '性别', 'dict', 0, 'gender'],
  ]],
];

/** Message categories: [code, name, push category ('1' to-do, '2' reminder), sound, popup]. */
const MESSAGE_CATEGORIES: [string, string, string, string, number, string][] = [
  ['announcement', '系统公告', '2', 'notice', 1, '公司制度、系统升级等面向全员的公告'],
  ['safety', '安全通知', '2', 'expire', 1, '消防演练、极端天气等需要尽快知晓的通知'],
  ['todo', '工作待办', '1', 'handle', 1, '需要员工处理的事项'],
  ['activity', '活动通知', '2', 'notice', 0, '员工活动、培训报名，只进消息列表不弹窗'],
];

/** Go-live settings of the demo projects: [status, delivery, go-live, hotline, open services]. */
const OPENINGS: [string, string, string, string, string[]][] = [
  ['open', '2019-06-30', '2019-06-01', '400-820-1234', ['service_repair', 'service_complaint', 'service_payment', 'service_visitor', 'service_notice']],
  ['open', '2021-09-30', '2021-10-08', '0571-88886666', ['service_repair', 'service_complaint', 'service_notice']],
  ['suspended', '2023-12-28', '2024-01-15', '020-34567890', ['service_repair', 'service_complaint']],
  ['planned', '2027-03-31', '', '', ['service_repair', 'service_complaint', 'service_notice']],
];
const SERVICES = ['service_repair', 'service_complaint', 'service_payment', 'service_visitor', 'service_decoration', 'service_notice'];

/** Demo data of the organisation and business-settings screens (levels, categories, knowledge, openings, messages). */
async function seedSettingScreens(db: Loose, now: number): Promise<void> {
  const audit = { created_by: null, created_at: now, updated_at: now };
  await seedOpenings(db, now);
  await seedMessages(db, now);
  for (const [i, [name, code, min, max, color, benefits]] of PORTRAIT_LEVELS.entries()) {
    await db.insertInto('portrait_level').values({ name, code, level_order: (i + 1) * 10, min_score: min, max_score: max, color, benefits, enabled: 1, ...audit }).execute();
  }
  for (const [i, [code, name, kind, children]] of CATEGORIES.entries()) {
    const parent = await db
      .insertInto('service_category')
      .values({ kind, parent_id: null, name, code, icon: null, sort: i, remark: null, enabled: 1, ...audit })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [j, [childCode, childName]] of children.entries()) {
      await db.insertInto('service_category').values({ kind, parent_id: parent.id, name: childName, code: childCode, icon: null, sort: j, remark: null, enabled: 1, ...audit }).execute();
    }
  }
  for (const [i, [code, name, description, columns]] of KNOWLEDGE.entries()) {
    const table = await db.insertInto('knowledge_table').values({ name, code, description, sort: i, enabled: 1, ...audit }).returning('id').executeTakeFirstOrThrow();
    for (const [j, [columnCode, columnName, dataType, required, dict]] of columns.entries()) {
      await db
        .insertInto('knowledge_column')
        .values({ table_id: table.id, name: columnName, code: columnCode, data_type: dataType, required, dict_code: dict, sort: j, remark: null, ...audit })
        .execute();
    }
  }
}

async function seedOpenings(db: Loose, now: number): Promise<void> {
  const projects = (await db.selectFrom('org').select('id').where('type', '=', 'project').orderBy('sort').execute()) as { id: number }[];
  for (const [i, project] of projects.entries()) {
    const [status, delivery, golive, hotline, open] = OPENINGS[i % OPENINGS.length]!;
    const services = Object.fromEntries(SERVICES.map((s) => [s, open.includes(s) ? 1 : 0]));
    await db
      .insertInto('project_opening')
      .values({ project_id: project.id, status, delivery_date: delivery, golive_date: golive || null, hotline: hotline || null, ...services, opened_at: status === 'planned' ? null : now - 30 * 86_400_000, remark: null, created_by: null, created_at: now, updated_at: now })
      .execute();
  }
}

/** Categories, and two notices: one sent to everybody (in their message lists), one draft. */
async function seedMessages(db: Loose, now: number): Promise<void> {
  const categories = new Map<string, number>();
  for (const [sort, [code, name, category, sound, popup, remark]] of MESSAGE_CATEGORIES.entries()) {
    const row = await db.insertInto('message_category').values({ name, code, category, sound, popup, sort, remark, enabled: 1, created_by: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    categories.set(code, row.id);
  }
  const admin = (await db.selectFrom('staff').select(['id', 'name']).where('account', '=', 'admin').executeTakeFirstOrThrow()) as { id: number; name: string };
  const staff = (await db.selectFrom('staff').select('id').where('enabled', '=', 1).execute()) as { id: number }[];
  const sentAt = now - 2 * 86_400_000;
  const content = '各项目将于 12 月 5 日 14:00 开展冬季消防安全演练，请各岗位提前熟悉疏散路线，秩序维护员负责引导业主有序疏散。';
  const sent = await db
    .insertInto('system_notice')
    .values({ title: '关于 12 月冬季消防安全演练的通知', category_id: categories.get('safety'), content, recipient_scope: 'all', org_ids: null, post_ids: null, staff_ids: null, send_at: null, status: 'sent', sent_at: sentAt, recipient_count: staff.length, created_by: admin.id, created_at: sentAt - 3_600_000, updated_at: sentAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const step = { resource: 'system_notice', record_id: sent.id, note: null, staff_id: admin.id, staff_name: admin.name };
  await db.insertInto('resource_timeline').values({ ...step, action: 'create', from_state: null, to_state: 'draft', at: sentAt - 3_600_000 }).execute();
  await db.insertInto('resource_timeline').values({ ...step, action: 'send', from_state: 'draft', to_state: 'sent', at: sentAt }).execute();
  for (const s of staff) {
    // Sent two days ago and read since: the demo inboxes start without unread messages.
    await db.insertInto('staff_message').values({ staff_id: s.id, category: '2', type: 'pending_receive_msg', title: '关于 12 月冬季消防安全演练的通知', content, function_id: null, is_read: 1, read_at: sentAt + 3_600_000, created_at: sentAt, published_at: 0 }).execute();
  }
  const posts = (await db.selectFrom('post').select('id').where('name', '=', '客服管家').execute()) as { id: number }[];
  const draft = await db
    .insertInto('system_notice')
    .values({ title: '元旦假期客服值班安排', category_id: categories.get('todo'), content: '元旦假期（1 月 1 日至 3 日）客服中心 24 小时值班，请各项目客服管家于 12 月 25 日前在系统中确认排班。', recipient_scope: 'post', org_ids: null, post_ids: JSON.stringify(posts.map((p) => p.id)), staff_ids: null, send_at: null, status: 'draft', sent_at: null, recipient_count: null, created_by: admin.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('resource_timeline').values({ resource: 'system_notice', record_id: draft.id, note: null, staff_id: admin.id, staff_name: admin.name, action: 'create', from_state: null, to_state: 'draft', at: now }).execute();
}

const LABELS: [string, string, string, string, string][] = [
  ['独居老人', 'risk', 'red', 'customer', '需定期上门关怀，紧急情况优先处理'],
  ['VIP 业主', 'value', 'gold', 'customer', '物业费预缴、积极参与社区活动'],
  ['高频报修', 'preference', 'orange', 'customer', '近三个月报修 3 次以上'],
  ['有宠物', 'basic', 'green', 'house', '上门服务前请先电话确认'],
  ['投诉敏感', 'risk', 'volcano', 'customer', '沟通注意方式，处理结果需回访'],
  ['装修中', 'basic', 'blue', 'house', '注意装修时间与噪音管理'],
  ['加急工单', 'preference', 'magenta', 'work_order', '需 30 分钟内响应'],
];

/** What the demo roles may do on the settings screens. */
export const SETTINGS_DEMO_GRANTS: Record<string, string[]> = {
  customer_service: ['label:view', 'dict:view', 'parking:view'],
  dispatcher: ['label:view'],
  project_manager: ['label:view', 'label:add', 'label:edit', 'label:enable', 'label:export', 'dict:view', 'parking:view', 'parking:add', 'parking:edit', 'parking:enable', 'parking:export'],
};

/** Labels, parking yards of every project, and the other settings screens' demo rows. */
export async function seedSettings(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const { projectIds } = orgDemo(ctx);
  for (const [sort, [name, category, color, scope, description]] of LABELS.entries()) {
    await trx.insertInto('label').values({ name, category, color, scope, description, sort, enabled: 1, created_by: null, created_at: now, updated_at: now }).execute();
  }

  for (const [i, projectId] of projectIds.entries()) {
    for (const [name, kind, spaces, monthly] of [['地下车库', 'underground', 420 + i * 60, 350], ['东门地面停车场', 'ground', 80 + i * 10, 200]] as const) {
      await trx
        .insertInto('parking_yard')
        .values({ project_id: projectId, name, kind, spaces, monthly_fee: monthly, hourly_fee: 5, contact_phone: `021-6${String(1000000 + i * 1111).slice(0, 7)}`, remark: null, enabled: 1, created_by: null, created_at: now, updated_at: now })
        .execute();
    }
  }

  await seedSettingScreens(trx, now);
}
