import { hashPassword } from './platform/auth/password.ts';
import { passwordDigest } from '../src/shared/password.ts';
import type { Kysely } from 'kysely';
import type { DB } from './platform/db/index.ts';
import type { SeedContext, ServerModule } from './engine/module.ts';
import { DEMO_STAFF_PASSWORD } from './modules/org/public.ts';
import { mulberry32 } from './platform/db/random.ts';

const ROLES = [
  { code: 'admin', name: '系统管理员', data_scope: 'all', remark: '拥有全部菜单与数据' },
  { code: 'customer_service', name: '客服专员', data_scope: 'org', remark: '受理报事、回访、客户资料' },
  { code: 'dispatcher', name: '调度员', data_scope: 'org', remark: '派单、转单、催办' },
  { code: 'technician', name: '维修技师', data_scope: 'self', remark: '处理本人工单' },
  { code: 'inspector', name: '巡查员', data_scope: 'project', remark: '执行巡查任务' },
  { code: 'project_manager', name: '项目经理', data_scope: 'project', remark: '管理所辖项目' },
  { code: 'operations', name: '运营专员', data_scope: 'org', remark: '业主端内容与运营配置' },
  { code: 'legal', name: '法务专员', data_scope: 'all', remark: '用印、诉讼与律师函' },
  { code: 'office', name: '行政专员', data_scope: 'org', remark: '会议与佣金' },
  { code: 'hr', name: '人事绩效专员', data_scope: 'org', remark: '绩效、荣誉与学习' },
  { code: 'quality', name: '品质经理', data_scope: 'org', remark: '问卷、标准作业与执行监控' },
  { code: 'training', name: '培训专员', data_scope: 'org', remark: '题库、考试、课程与班前必读' },
];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '建华', '文', '华', '红', '玉兰', '志明', '海涛', '子涵', '欣怡', '梓轩', '雨桐', '浩然', '思远', '一鸣', '佳琪', '嘉怡', '宇航'];

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

/** What each demo role may do (spec 6), as the modules declare it; admin is granted everything by the catalogue sync. */
function demoGrants(modules: readonly ServerModule[]): Record<string, string[]> {
  const grants: Record<string, string[]> = {};
  for (const m of modules) for (const [role, codes] of Object.entries(m.demoGrants ?? {})) (grants[role] ??= []).push(...codes);
  return grants;
}

export interface SeedOptions {
  adminPassword: string;
  /** Demo data and the narrower demo accounts; off in production, where only admin is created. */
  demo: boolean;
  now?: number;
  /** Where stored files live (PMS_DATA_DIR): demo documents and seal images are written under it. */
  dataDir?: string;
}

/** Seeds an empty database once; returns false when it already holds data. */
export async function seedDatabase(db: DB, modules: readonly ServerModule[], options: SeedOptions): Promise<boolean> {
  const grants = demoGrants(modules);
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
      const r = await trx.insertInto('role').values({ ...role, enabled: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      roleIds.set(role.code, r.id);
    }
    const insertStaff = async (s: { account: string; name: string; orgId: number; role: string | null; jobNumber: string; mobile?: string }) => {
      const row = await trx
        .insertInto('staff')
        .values({
          account: s.account,
          job_number: s.jobNumber,
          name: s.name,
          mobile: s.mobile ?? mobile(),
          password_hash: hashes.get(s.account) ?? hashes.get('*')!,
          org_id: s.orgId,
          icon: null,
          business_account_domain: `yj_${s.account}`,
          enabled: 1,
          created_at: now,
          updated_at: now,
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
      const codes = code === 'admin' ? null : grants[code] ?? [];
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
    const ctx: SeedContext = { trx: loose, now, rnd, pick, personName, mobile, insertStaff, shared: new Map(), dataDir: options.dataDir };
    for (const module of modules) await module.seed?.(ctx);
  });
  return true;
}
