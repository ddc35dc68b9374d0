import type { Kysely } from 'kysely';

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

/** Demo data of the business-settings screens (portrait levels, categories, knowledge tables). */
export async function seedSettings(db: Loose, now: number): Promise<void> {
  const audit = { created_by: null, created_at: now, updated_at: now };
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
