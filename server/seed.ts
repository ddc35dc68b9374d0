import { hashPassword } from './platform/auth/password.ts';
import { passwordDigest } from '../src/shared/password.ts';
import type { Kysely } from 'kysely';
import type { DB } from './platform/db/index.ts';
import { PATROL_DEMO_GRANTS, seedPatrol } from './modules/patrol/seed.ts';
import { SERVICE_DEMO_GRANTS, seedServiceFollowUp } from './modules/returnVisit/seed.ts';
import { DEMO_ORDER_STATES, seedWorkOrders, WORKORDER_DEMO_GRANTS } from './modules/workorder/seed.ts';
import { seedOrgStructure } from './modules/org/seedOrg.ts';
import { seedSettings } from './modules/settings/seed.ts';
import { seedStaffAdmin } from './modules/org/seedStaff.ts';
import { mulberry32 } from './platform/db/random.ts';

/** The accounts printed at start and written in the README. */
export const DEMO_ACCOUNTS = [
  { account: 'admin', name: '系统管理员', role: 'admin', post: null, label: '管理员（全部数据）' },
  { account: 'kefu', name: '林晓雯', role: 'customer_service', post: '客服管家', label: '客服' },
  { account: 'diaodu', name: '周建国', role: 'dispatcher', post: '调度员', label: '调度员' },
  { account: 'weixiu', name: '王师傅', role: 'technician', post: '维修工程师', label: '维修技师' },
  { account: 'xuncha', name: '陈志强', role: 'inspector', post: '巡检员', label: '巡查员' },
  { account: 'xmjl', name: '刘海燕', role: 'project_manager', post: '项目经理', label: '项目经理' },
] as const;

/** Password of every demo staff account other than admin. */
export const DEMO_STAFF_PASSWORD = 'Pms@2026';

const ROLES = [
  { code: 'admin', name: '系统管理员', data_scope: 'all', remark: '拥有全部菜单与数据' },
  { code: 'customer_service', name: '客服专员', data_scope: 'org', remark: '受理报事、回访、客户资料' },
  { code: 'dispatcher', name: '调度员', data_scope: 'org', remark: '派单、转单、催办' },
  { code: 'technician', name: '维修技师', data_scope: 'self', remark: '处理本人工单' },
  { code: 'inspector', name: '巡查员', data_scope: 'project', remark: '执行巡查任务' },
  { code: 'project_manager', name: '项目经理', data_scope: 'project', remark: '管理所辖项目' },
];

const PROJECTS = [
  { name: '翠湖天地', region: 0, address: '上海市徐汇区龙华中路 588 号' },
  { name: '锦绣华庭', region: 0, address: '杭州市西湖区文三路 199 号' },
  { name: '滨江一号', region: 1, address: '广州市海珠区阅江西路 88 号' },
  { name: '云栖雅苑', region: 1, address: '深圳市南山区科苑南路 2666 号' },
];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '建华', '文', '华', '红', '玉兰', '志明', '海涛', '子涵', '欣怡', '梓轩', '雨桐', '浩然', '思远', '一鸣', '佳琪', '嘉怡', '宇航'];

const ORDER_TEMPLATES: Record<string, { titles: string[]; priority: string }> = {
  repair: { titles: ['厨房水管漏水', '卫生间下水道堵塞', '客厅灯具不亮', '入户门锁损坏', '空调外机噪音大', '阳台推拉门卡滞', '墙面渗水发霉'], priority: 'normal' },
  complaint: { titles: ['楼上装修噪音扰民', '地库车位被占用', '垃圾清运不及时', '电梯经常停运', '夜间宠物吠叫扰民'], priority: 'high' },
  consult: { titles: ['咨询物业费缴纳方式', '咨询装修申报流程', '咨询停车月卡办理', '咨询门禁卡补办'], priority: 'low' },
  praise: { titles: ['表扬保安热心帮忙搬运', '表扬保洁阿姨认真负责', '表扬维修师傅服务周到'], priority: 'low' },
  home_service: { titles: ['家政保洁预约', '家电清洗预约', '上门开荒保洁', '窗帘清洗预约'], priority: 'normal' },
  emergency: { titles: ['电梯困人', '消防报警器误报', '地下车库水管爆裂', '单元楼道停电'], priority: 'urgent' },
};

// The lifecycle's states (schemas/resources/work_order.json); seedWorkOrders completes each order's steps.
const STATUSES = DEMO_ORDER_STATES;

/** The first published agreements; administrators publish new versions from the privacy-agreement screen. */
const AGREEMENTS = [
  {
    kind: 'service',
    title: '悦家物业 PMS 用户服务协议',
    content:
      '<h3>一、协议的范围</h3><p>本协议是您与悦家物业服务有限公司之间关于使用 PMS 物业管理平台（以下简称“本平台”）所订立的协议。本平台仅供公司员工及经授权的供应商人员在履行工作职责时使用。</p>' +
      '<h3>二、账号使用</h3><p>您应妥善保管账号与密码，不得转借他人使用。因您保管不善造成的损失由您自行承担。发现账号被盗用时，请立即联系系统管理员。</p>' +
      '<h3>三、使用规范</h3><p>您应依法合规使用本平台，不得利用本平台从事任何违反法律法规或公司制度的行为，不得擅自导出、传播业主及客户信息。</p>' +
      '<h3>四、协议变更</h3><p>公司可根据业务需要修订本协议，修订后的协议将在本页面公布并标注版本号。</p>',
  },
  {
    kind: 'privacy',
    title: '悦家物业 PMS 隐私政策',
    content:
      '<h3>一、我们收集的信息</h3><p>为保障账号安全与工作开展，本平台会记录您的姓名、工号、手机号、所属组织与岗位，以及登录时间、IP 地址和设备信息。</p>' +
      '<h3>二、信息的使用</h3><p>上述信息仅用于身份认证、权限控制、工作任务派发、安全审计与统计分析，不会用于与工作无关的用途。</p>' +
      '<h3>三、业主与客户信息</h3><p>您在工作中接触的业主及客户个人信息受《中华人民共和国个人信息保护法》保护，仅可在必要范围内使用。页面水印用于追溯信息泄露。</p>' +
      '<h3>四、联系我们</h3><p>如对本政策有任何疑问，请联系公司信息安全负责人：400-800-1234。</p>',
  },
];

/** Dictionaries every module's selects use; administrators extend them at /business-settings/data-dictionary. */
const DICTIONARIES: { code: string; name: string; items: [string, string, string?][] }[] = [
  { code: 'label_category', name: '标签分类', items: [['basic', '基础属性', 'blue'], ['preference', '服务偏好', 'green'], ['risk', '风险提示', 'red'], ['value', '客户价值', 'gold']] },
  { code: 'work_order_kind', name: '工单类型', items: [['repair', '报修', 'blue'], ['complaint', '投诉', 'red'], ['consult', '咨询', 'cyan'], ['praise', '表扬', 'green'], ['home_service', '家政服务', 'purple'], ['emergency', '紧急事件', 'volcano']] },
  { code: 'customer_kind', name: '客户身份', items: [['owner', '业主'], ['tenant', '租户'], ['family', '家庭成员']] },
  { code: 'house_status', name: '房屋状态', items: [['occupied', '已入住', 'green'], ['vacant', '空置', 'default'], ['decorating', '装修中', 'orange']] },
  { code: 'gender', name: '性别', items: [['male', '男'], ['female', '女']] },
  { code: 'external_work_type', name: '外部人员工种', items: [['cleaning', '保洁'], ['security', '安保'], ['greening', '绿化'], ['elevator', '电梯维保'], ['pest', '消杀'], ['repair', '外包维修']] },
];

const LABELS: [string, string, string, string, string][] = [
  ['独居老人', 'risk', 'red', 'customer', '需定期上门关怀，紧急情况优先处理'],
  ['VIP 业主', 'value', 'gold', 'customer', '物业费预缴、积极参与社区活动'],
  ['高频报修', 'preference', 'orange', 'customer', '近三个月报修 3 次以上'],
  ['有宠物', 'basic', 'green', 'house', '上门服务前请先电话确认'],
  ['投诉敏感', 'risk', 'volcano', 'customer', '沟通注意方式，处理结果需回访'],
  ['装修中', 'basic', 'blue', 'house', '注意装修时间与噪音管理'],
  ['加急工单', 'preference', 'magenta', 'work_order', '需 30 分钟内响应'],
];

/** What each demo role may do (spec 6); admin is granted everything by the catalogue sync. */
const DEMO_GRANTS: Record<string, string[]> = {
  customer_service: ['label:view', 'dict:view', 'parking:view'],
  dispatcher: ['label:view'],
  technician: [],
  inspector: [],
  project_manager: ['asset:view', 'opening:view', 'report-workorder:view', 'report-workorder:export', 'label:view', 'label:add', 'label:edit', 'label:enable', 'label:export', 'dict:view', 'parking:view', 'parking:add', 'parking:edit', 'parking:enable', 'parking:export', 'external:view', 'external:add', 'external:edit', 'external:enable', 'external:export'],
};

// Patrol's grants live with its demo (server/modules/patrol/seed.ts).
for (const [role, codes] of Object.entries(PATROL_DEMO_GRANTS)) (DEMO_GRANTS[role] ??= []).push(...codes);
for (const [role, codes] of Object.entries(SERVICE_DEMO_GRANTS)) (DEMO_GRANTS[role] ??= []).push(...codes);
for (const [role, codes] of Object.entries(WORKORDER_DEMO_GRANTS)) (DEMO_GRANTS[role] ??= []).push(...codes);

export interface SeedOptions {
  adminPassword: string;
  /** Demo data and the narrower demo accounts; off in production, where only admin is created. */
  demo: boolean;
  now?: number;
}

/** Seeds an empty database once; returns false when it already holds data. */
export async function seedDatabase(db: DB, options: SeedOptions): Promise<boolean> {
  const existing = await db.selectFrom('staff').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const now = options.now ?? Date.now();
  const rnd = mulberry32(20261122);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const personName = () => pick([...SURNAMES]) + pick(GIVEN);
  const mobile = () => `1${pick(['35', '36', '37', '38', '39', '50', '58', '86', '88'])}${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`;

  const hashes = new Map<string, string>();
  hashes.set('admin', await hashPassword(passwordDigest(options.adminPassword)));
  if (options.demo) hashes.set('*', await hashPassword(passwordDigest(DEMO_STAFF_PASSWORD)));

  await db.transaction().execute(async (trx) => {
    const company = await trx
      .insertInto('org')
      .values({ parent_id: null, name: '悦家物业服务有限公司', code: 'YJ', type: 'company', address: '上海市浦东新区世纪大道 100 号', sort: 0, enabled: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roleIds = new Map<string, number>();
    for (const role of ROLES) {
      const r = await trx.insertInto('role').values({ ...role, enabled: 1 }).returning('id').executeTakeFirstOrThrow();
      roleIds.set(role.code, r.id);
    }
    const insertStaff = async (s: { account: string; name: string; orgId: number; role: string | null; jobNumber: string }) => {
      const row = await trx
        .insertInto('staff')
        .values({
          account: s.account,
          job_number: s.jobNumber,
          name: s.name,
          mobile: mobile(),
          password_hash: hashes.get(s.account) ?? hashes.get('*')!,
          org_id: s.orgId,
          icon: null,
          business_account_domain: `yj_${s.account}`,
          enabled: 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (s.role) await trx.insertInto('staff_role').values({ staff_id: row.id, role_id: roleIds.get(s.role)! }).execute();
      return row.id;
    };
    await insertStaff({ account: 'admin', name: '系统管理员', orgId: company.id, role: 'admin', jobNumber: 'YJ0001' });
    // Resource tables (schemas/resources) are created at start, before the seed: typed loosely here.
    const loose = trx as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const dict of DICTIONARIES) {
      const type = await loose
        .insertInto('dict_type')
        .values({ code: dict.code, name: dict.name, remark: null, enabled: 1, created_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [sort, [value, label, color]] of dict.items.entries()) {
        await loose
          .insertInto('dict_item')
          .values({ type_id: type.id, label, value, sort, color: color ?? null, remark: null, enabled: 1, created_by: null, created_at: now, updated_at: now })
          .execute();
      }
    }
    const homeMenu = await trx.selectFrom('menu').select('id').where('router', '=', '/index/home_index').executeTakeFirst();
    for (const [code, roleId] of roleIds) {
      if (homeMenu) await trx.insertInto('role_menu').values({ role_id: roleId, menu_id: homeMenu.id }).onConflict((oc) => oc.doNothing()).execute();
      const codes = code === 'admin' ? null : DEMO_GRANTS[code] ?? [];
      const buttons = await trx
        .selectFrom('menu_button')
        .select(['id', 'menu_id'])
        .$if(codes !== null, (q) => q.where('code', 'in', codes!.length ? codes! : ['-']))
        .execute();
      for (const b of buttons) {
        await trx.insertInto('role_button').values({ role_id: roleId, button_id: b.id }).onConflict((oc) => oc.doNothing()).execute();
        await trx.insertInto('role_menu').values({ role_id: roleId, menu_id: b.menu_id }).onConflict((oc) => oc.doNothing()).execute();
      }
    }
    for (const agreement of AGREEMENTS) {
      await trx.insertInto('privacy_agreement').values({ ...agreement, version: '1.0', status: 'published', published_at: now, created_at: now, updated_at: now }).execute();
    }
    if (!options.demo) return;

    const regions = [];
    for (const [i, name] of ['华东区域', '华南区域'].entries()) {
      const r = await trx
        .insertInto('org')
        .values({ parent_id: company.id, name, code: `YJ-R${i + 1}`, type: 'region', address: null, sort: i, enabled: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      regions.push(r.id);
    }

    let jobSeq = 2;
    const jobNumber = () => `YJ${String(jobSeq++).padStart(4, '0')}`;
    const projectIds: number[] = [];
    const housesByProject = new Map<number, number[]>();
    for (const [i, p] of PROJECTS.entries()) {
      const project = await trx
        .insertInto('org')
        .values({ parent_id: regions[p.region]!, name: p.name, code: `YJ-P${String(i + 1).padStart(3, '0')}`, type: 'project', address: p.address, sort: i, enabled: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      projectIds.push(project.id);
      const houses: number[] = [];
      for (let b = 1; b <= 3; b++) {
        const floors = 6 + Math.floor(rnd() * 20);
        const building = await trx
          .insertInto('building')
          .values({ project_id: project.id, name: `${b}栋`, floors, units: 2, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let unit = 1; unit <= 2; unit++) {
          for (let floor = 1; floor <= Math.min(floors, 6); floor++) {
            for (const door of ['01', '02']) {
              const house = await trx
                .insertInto('house')
                .values({
                  building_id: building.id,
                  project_id: project.id,
                  building_name: `${b}栋`,
                  unit_no: unit,
                  floor,
                  room_no: `${floor}${door}`,
                  created_at: now,
                  updated_at: now,
                  area: Math.round((70 + rnd() * 90) * 10) / 10,
                  status: pick(['occupied', 'occupied', 'occupied', 'vacant', 'decorating']),
                })
                .returning('id')
                .executeTakeFirstOrThrow();
              houses.push(house.id);
            }
          }
        }
      }
      housesByProject.set(project.id, houses);
      for (const post of ['项目经理', '客服管家', '调度员', '维修工程师', '巡检员', '秩序维护员', '保洁员']) {
        await trx.insertInto('post').values({ org_id: project.id, name: post, code: `${`YJ-P${String(i + 1).padStart(3, '0')}`}-${post}`, enabled: 1 }).execute();
      }
    }

    const postId = async (projectId: number, name: string) =>
      (await trx.selectFrom('post').select('id').where('org_id', '=', projectId).where('name', '=', name).executeTakeFirstOrThrow()).id;

    // The narrower demo accounts work at the first project, so their data scopes differ visibly.
    const technicians: number[] = [];
    for (const demo of DEMO_ACCOUNTS.slice(1)) {
      const id = await insertStaff({ account: demo.account, name: demo.name, orgId: projectIds[0]!, role: demo.role, jobNumber: jobNumber() });
      await trx.insertInto('staff_post').values({ staff_id: id, post_id: await postId(projectIds[0]!, demo.post!) }).execute();
      if (demo.role === 'technician') technicians.push(id);
    }
    // A few colleagues at every project.
    for (const [i, projectId] of projectIds.entries()) {
      for (const [k, post] of ['维修工程师', '客服管家', '秩序维护员', '保洁员'].entries()) {
        const account = `p${i + 1}s${k + 1}`;
        const role = post === '维修工程师' ? 'technician' : post === '客服管家' ? 'customer_service' : null;
        const id = await insertStaff({ account, name: personName(), orgId: projectId, role, jobNumber: jobNumber() });
        await trx.insertInto('staff_post').values({ staff_id: id, post_id: await postId(projectId, post) }).execute();
        if (role === 'technician' && i === 0) technicians.push(id);
      }
    }
    await seedOrgStructure(loose, now);
    await seedStaffAdmin(loose, now);

    const customersByProject = new Map<number, { id: number; house: number }[]>();
    for (const projectId of projectIds) {
      const list: { id: number; house: number }[] = [];
      for (const house of housesByProject.get(projectId)!.filter(() => rnd() < 0.6)) {
        const c = await trx
          .insertInto('customer')
          .values({
            project_id: projectId,
            house_id: house,
            name: personName(),
            mobile: mobile(),
            gender: rnd() < 0.5 ? 'male' : 'female',
            kind: pick(['owner', 'owner', 'owner', 'tenant', 'family']),
            created_at: now - Math.floor(rnd() * 365) * 86_400_000,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        list.push({ id: c.id, house });
      }
      customersByProject.set(projectId, list);
    }

    for (const [sort, [name, category, color, scope, description]] of LABELS.entries()) {
      await loose.insertInto('label').values({ name, category, color, scope, description, sort, enabled: 1, created_by: null, created_at: now, updated_at: now }).execute();
    }

    for (const [i, projectId] of projectIds.entries()) {
      for (const [name, kind, spaces, monthly] of [['地下车库', 'underground', 420 + i * 60, 350], ['东门地面停车场', 'ground', 80 + i * 10, 200]] as const) {
        await loose
          .insertInto('parking_yard')
          .values({ project_id: projectId, name, kind, spaces, monthly_fee: monthly, hourly_fee: 5, contact_phone: `021-6${String(1000000 + i * 1111).slice(0, 7)}`, remark: null, enabled: 1, created_by: null, created_at: now, updated_at: now })
          .execute();
      }
    }

    await seedSettings(loose, now);
    await seedPatrol(trx, now);

    const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
    for (let n = 1; n <= 240; n++) {
      const projectId = pick(projectIds);
      const customer = pick(customersByProject.get(projectId)!);
      const kind = pick(Object.keys(ORDER_TEMPLATES));
      const template = ORDER_TEMPLATES[kind]!;
      const created = now - Math.floor(rnd() * 60 * 86_400_000);
      const status = n <= 12 ? 'pending' : pick(STATUSES);
      const processor = ['draft', 'pending', 'pool'].includes(status) ? null : projectId === projectIds[0] ? pick(technicians) : null;
      await trx
        .insertInto('work_order')
        .values({
          code: `WO${day}${String(n).padStart(5, '0')}`,
          project_id: projectId,
          house_id: customer.house,
          customer_id: customer.id,
          kind,
          title: pick(template.titles),
          content: '业主来电反映，请尽快安排人员上门查看处理。',
          status,
          source: pick(['400', 'staff', 'owner_app']),
          priority: template.priority,
          processor_id: processor,
          created_by: null,
          created_at: created,
          updated_at: created,
          finished_at: ['finished', 'confirmed', 'closed'].includes(status) ? created + Math.floor(rnd() * 48) * 3_600_000 : null,
        })
        .execute();
    }
    await seedWorkOrders(loose, now);
    await seedServiceFollowUp(loose, now);
  });
  return true;
}
