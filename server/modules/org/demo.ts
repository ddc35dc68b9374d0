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

/** The demo accounts' staff ids (README "Demo accounts"); all but admin work at 翠湖天地. */
export const DEMO_STAFF = {
  admin: 1,
  kefu: 2,
  diaodu: 3,
  weixiu: 4,
  xuncha: 5,
  xmjl: 6,
} as const;
