import type { SeedContext } from '../../engine/module.ts';
import { DEMO_PROJECTS } from '../org/public.ts';
import { dayOf } from '../../engine/schedule.ts';

const DAY = 86_400_000;
const MIN = 60_000;

/** What the operations staff may do with the reception robots (admin holds every code). */
export const ROBOT_DEMO_GRANTS: Record<string, string[]> = {
  operations: ['robot:view', 'robot:edit'],
  project_manager: ['robot:view'],
};

/** [project, name, sn, model, location, online] */
const DEVICES: [keyof typeof DEMO_PROJECTS, string, string, string, string, boolean][] = [
  ['cuihu', '小翠', 'OS-GB-2304-0187', 'greetbot', '1 号门岗大堂', true],
  ['cuihu', '小湖', 'OS-GM-2311-0542', 'minibot', '物业服务中心前台', true],
  ['jinxiu', '小锦', 'OS-GB-2306-0233', 'greetbot', '会所接待厅', true],
  ['binjiang', '小滨', 'OS-GB-2402-0918', 'greetbot', '2 栋首层大堂', false],
  ['yunqi', '小云', 'OS-GM-2405-1126', 'minibot', '南门访客中心', true],
];

/** [question, similar questions, answer, answer type, hits] asked in every project. */
const QA: [string, string[], string, string, number][] = [
  ['物业服务中心在哪里', ['物业办公室怎么走', '管理处在哪', '服务中心位置'], '物业服务中心在 1 号门岗右侧会所一层，工作时间 8:30 至 18:00，我可以带您过去。', 'navigate', 412],
  ['物业费怎么交', ['在哪里缴物业费', '物业费可以线上交吗', '怎么缴费'], '您可以在悦家 App「缴费」中在线缴纳，也可以到物业服务中心刷卡或扫码缴费。', 'image', 356],
  ['报修电话是多少', ['家里漏水找谁', '维修怎么报', '报事报修'], '24 小时报修热线 400-800-6688，也可以在悦家 App「报事报修」中提交，维修师傅会尽快联系您。', 'text', 298],
  ['快递放在哪里', ['快递柜在哪', '取快递', '驿站在哪'], '快递驿站在地下一层 B 区电梯厅旁，快递柜在各栋大堂入口，营业时间 8:00 至 21:00。', 'navigate', 265],
  ['访客怎么登记', ['朋友来访怎么进门', '访客预约', '外来人员登记'], '业主可在悦家 App 生成访客邀请码，访客到门岗出示即可通行；未预约的访客请在门岗登记身份证件。', 'text', 187],
  ['停车怎么收费', ['临时停车多少钱', '月卡怎么办理', '车位租赁'], '临时停车首小时免费，之后每小时 5 元，单日封顶 40 元；月卡请到物业服务中心办理。', 'image', 143],
  ['装修需要办什么手续', ['装修申请', '装修押金', '装修时间规定'], '装修前请携带房产证明和装修方案到物业服务中心办理装修登记，施工时间为工作日 8:00 至 12:00、14:00 至 18:00。', 'text', 96],
  ['我要找管家', ['联系我的管家', '人工服务', '转人工'], '好的，正在为您呼叫值班管家，请稍候。', 'call', 178],
];

/** [project, title, content, period, days, time, end, devices (names)] */
const BROADCASTS: [keyof typeof DEMO_PROJECTS, string, string, string, string[], string, string, string[]][] = [
  ['cuihu', '早间问候', '各位业主早上好，今天也请注意出行安全，物业服务中心 8:30 开始为您服务。', 'day', [], '08:30', '09:00', ['小翠', '小湖']],
  ['cuihu', '周末垃圾分类宣传', '周末请将厨余垃圾和可回收物分类投放，投放时间为 7:00 至 9:00、18:00 至 21:00。', 'week', ['6', '7'], '10:00', '10:30', ['小翠']],
  ['jinxiu', '物业费缴纳提醒', '本月物业费开始缴纳，可在悦家 App 在线缴费，月底前缴纳可享积分奖励。', 'month', ['1', '15'], '10:00', '11:00', ['小锦']],
  ['jinxiu', '防火安全提示', '冬季天干物燥，请勿在楼道堆放杂物，电动车请到集中充电区充电。', 'day', [], '18:00', '18:30', ['小锦']],
  ['binjiang', '消防演练通知', '12 月 20 日上午 10 点将进行消防演练，届时警报响起请勿惊慌，按指引有序疏散。', 'fixed', ['2026-12-19', '2026-12-20'], '09:00', '09:30', ['小滨']],
  ['yunqi', '访客通行提示', '欢迎来到云栖雅苑，访客请在门岗扫码登记，业主可在 App 提前生成邀请码。', 'day', [], '09:00', '09:30', ['小云']],
];

/** Robots in every project, their Q&A with months of hits, and broadcasts with a month of plays. */
export async function seedRobots({ trx, now, rnd }: SeedContext): Promise<void> {
  const deviceIds = new Map<string, number>();
  for (const [project, name, sn, model, location, online] of DEVICES) {
    const at = now - 240 * DAY;
    const row = await trx
      .insertInto('robot_device')
      .values({ project_id: DEMO_PROJECTS[project].id, name, sn, model, location, status: online ? 'online' : 'offline', last_seen_at: online ? now - Math.round(rnd() * 10) * MIN : now - 3 * DAY, enabled: 1, created_by: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    deviceIds.set(name, Number(row.id));
  }
  for (const project of Object.values(DEMO_PROJECTS)) {
    // Busier projects ask more; the last entries are newer and have fewer hits.
    const scale = project.id === DEMO_PROJECTS.cuihu.id ? 1 : 0.4 + rnd() * 0.4;
    for (const [i, [question, similar, answer, type, hits]] of QA.entries()) {
      const at = now - (200 - i * 15) * DAY;
      await trx
        .insertInto('robot_qa')
        .values({ project_id: project.id, question, similar_questions: JSON.stringify(similar), answer, answer_type: type, hit_count: Math.round(hits * scale), enabled: i === QA.length - 2 && project.id !== DEMO_PROJECTS.cuihu.id ? 0 : 1, created_by: null, created_at: at, updated_at: at })
        .execute();
    }
  }
  for (const [project, title, content, period, days, time, end, devices] of BROADCASTS) {
    const start = now - 45 * DAY;
    const row = await trx
      .insertInto('robot_broadcast')
      .values({ project_id: DEMO_PROJECTS[project].id, title, content, period, days: JSON.stringify(days), start_date: dayOf(start), end_date: dayOf(now + 120 * DAY), play_time: time, end_time: end, lead_minutes: 10, enabled: 1, created_by: null, created_at: start, updated_at: start })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    for (const name of devices) await trx.insertInto('robot_broadcast_device').values({ broadcast_id: id, device_id: deviceIds.get(name)! }).execute();
    await seedPlays(trx, { id, project: DEMO_PROJECTS[project].id, content, period, days, time, end, offline: devices.every((d) => DEVICES.find((x) => x[1] === d)?.[5] === false) }, now, rnd);
  }
}

/** The past month's plays of one broadcast: played, or missed on a few days the robot was down. */
async function seedPlays(trx: SeedContext['trx'], b: { id: number; project: number; content: string; period: string; days: string[]; time: string; end: string; offline: boolean }, now: number, rnd: () => number) {
  for (let back = 30; back >= 1; back -= 1) {
    const day = new Date(now - back * DAY);
    const key = dayOf(day.getTime());
    const weekday = day.getDay() || 7;
    const plays = b.period === 'day' || (b.period === 'week' && b.days.includes(String(weekday))) || (b.period === 'month' && b.days.includes(String(day.getDate()))) || (b.period === 'fixed' && b.days.includes(key));
    if (!plays) continue;
    const [h, m] = b.time.split(':').map(Number);
    const [eh, em] = b.end.split(':').map(Number);
    const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m).getTime();
    const until = new Date(day.getFullYear(), day.getMonth(), day.getDate(), eh, em).getTime();
    const status = b.offline && back < 4 ? 'missed' : rnd() < 0.04 ? 'missed' : 'played';
    await trx.insertInto('robot_broadcast_play').values({ project_id: b.project, broadcast_id: b.id, period_key: key, content: b.content, play_at: at, play_until: until, status, created_by: null, created_at: at - 10 * MIN, updated_at: until }).execute();
  }
}
