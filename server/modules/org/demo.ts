/**
 * Ids of the demo company's organisations and accounts (server/seed.ts makes them, in this
 * order, and checks each one). Tests name what they use from here, not a bare `4`.
 */
export const DEMO_ORG = {
  company: 1,
  /** 华东区域: 翠湖天地 and 锦绣华庭. */
  eastRegion: 2,
  /** 华南区域: 滨江一号 and 云栖雅苑. */
  southRegion: 3,
} as const;

/** The four demo projects, by name and id. */
export const DEMO_PROJECTS = {
  cuihu: { id: 4, name: '翠湖天地' },
  jinxiu: { id: 5, name: '锦绣华庭' },
  binjiang: { id: 6, name: '滨江一号' },
  yunqi: { id: 7, name: '云栖雅苑' },
} as const;

/** The demo accounts' staff ids (README "Demo accounts"); admin and the office accounts work above the projects, the rest at 翠湖天地. */
export const DEMO_STAFF = {
  admin: 1,
  kefu: 2,
  diaodu: 3,
  weixiu: 4,
  xuncha: 5,
  xmjl: 6,
  yunying: 23,
  fawu: 24,
  xingzheng: 25,
  renshi: 26,
  pinzhi: 27,
  peixun: 28,
} as const;

/** The accounts printed at start and written in the README. */
export const DEMO_ACCOUNTS = [
  { account: 'admin', name: '系统管理员', role: 'admin', post: null, label: '管理员（全部数据）' },
  { account: 'kefu', name: '林晓雯', role: 'customer_service', post: '客服管家', label: '客服' },
  { account: 'diaodu', name: '周建国', role: 'dispatcher', post: '调度员', label: '调度员' },
  { account: 'weixiu', name: '王师傅', role: 'technician', post: '维修工程师', label: '维修技师' },
  { account: 'xuncha', name: '陈志强', role: 'inspector', post: '巡检员', label: '巡查员' },
  { account: 'xmjl', name: '刘海燕', role: 'project_manager', post: '项目经理', label: '项目经理' },
] as const;

/**
 * Accounts of the offices above the projects (a region or the company), made after the project
 * staff with fixed mobiles so the rest of the demo data stays as it was. yunying and pinzhi sit
 * at a region: their scope "organisation and below" covers that region's two projects only.
 */
export const DEMO_OFFICE_ACCOUNTS = [
  { account: 'yunying', name: '赵雅琪', role: 'operations', org: 'eastRegion', mobile: '13816620517', label: '运营专员（华东区域）' },
  { account: 'fawu', name: '孙立新', role: 'legal', org: 'company', mobile: '13917735208', label: '法务专员' },
  { account: 'xingzheng', name: '吴佳慧', role: 'office', org: 'company', mobile: '13761184926', label: '行政专员' },
  { account: 'renshi', name: '郑思远', role: 'hr', org: 'company', mobile: '15821093374', label: '人事绩效专员' },
  { account: 'pinzhi', name: '何志华', role: 'quality', org: 'southRegion', mobile: '18602158841', label: '品质经理（华南区域）' },
  { account: 'peixun', name: '冯晓岚', role: 'training', org: 'company', mobile: '13524407619', label: '培训专员' },
] as const;

/** Password of every demo staff account other than admin. */
export const DEMO_STAFF_PASSWORD = 'Pms@2026';

