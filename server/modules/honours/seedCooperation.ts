import type { SeedContext } from '../../engine/module.ts';
import { writeTimeline } from '../../engine/resources/workflow.ts';
import { DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';
import { formatTime } from '../../../src/shared/format.ts';

const DAY = 86_400_000;
const P = DEMO_PROJECTS;

/** Requests as teams send them: [from organisation, to organisation, type, title, content, persons]. */
const REQUESTS: [number, number, string, string, string, number][] = [
  [P.cuihu.id, P.jinxiu.id, 'staff_support', '国庆期间秩序维护人员支援', '国庆假期小区访客车辆激增，需借调 2 名秩序维护员协助门岗车辆疏导，10 月 1 日至 3 日。', 2],
  [P.jinxiu.id, P.cuihu.id, 'material', '借调高压清洗机一台', '地库年度清洗，本项目清洗机故障送修，借用一周。', 0],
  [P.binjiang.id, P.yunqi.id, 'expertise', '二次供水水箱清洗技术指导', '首次自行组织水箱清洗，请云栖雅苑工程主管现场指导消毒流程与水质送检。', 1],
  [P.yunqi.id, DEMO_ORG.southRegion, 'joint_task', '区域消防联合演练', '联合华南区域品质部组织高层住宅消防疏散演练，邀请街道消防站参与。', 6],
  [P.cuihu.id, DEMO_ORG.eastRegion, 'expertise', '电梯年检资料整理协助', '电梯年检在即，请区域工程部协助核对维保记录与检验报告。', 1],
  [P.jinxiu.id, P.cuihu.id, 'staff_support', '交付验房客服人员支援', '新一批业主集中交付，需 3 名客服管家协助陪同验房、登记问题。', 3],
  [P.binjiang.id, DEMO_ORG.southRegion, 'joint_task', '台风防汛联合值守', '台风预警期间区域统一调度，请区域安排应急抢险队驻点。', 4],
  [P.cuihu.id, P.binjiang.id, 'material', '借调应急发电机', '配电房计划停电检修 8 小时，借用应急发电机保障消防与电梯用电。', 0],
  [P.yunqi.id, P.binjiang.id, 'staff_support', '春节值班人员互助', '春节期间项目人员返乡较多，请滨江一号支援 1 名维修工值班。', 1],
  [P.jinxiu.id, DEMO_ORG.eastRegion, 'expertise', '业主大会筹备法务咨询', '业主大会续聘物业事宜，请区域协助审阅会议材料与表决流程。', 0],
  [P.cuihu.id, P.jinxiu.id, 'joint_task', '社区邻里节联合活动', '两个项目联合举办邻里节，共同筹备场地、物资与志愿者。', 4],
  [P.binjiang.id, P.cuihu.id, 'expertise', '智能门禁系统调试经验分享', '本项目门禁系统升级，请翠湖天地工程人员分享调试经验。', 1],
  [P.yunqi.id, P.jinxiu.id, 'material', '借调会务桌椅 30 套', '业主恳谈会场地布置，借用折叠桌椅 30 套，会后归还。', 0],
  [P.cuihu.id, DEMO_ORG.eastRegion, 'staff_support', '垃圾分类督导人员支援', '垃圾分类新规实施首月，申请区域支援 2 名督导员定时定点指导。', 2],
];

/** Where each request stands, oldest first: mostly done and rated, some refused, the latest open. */
const FLOW = ['closed', 'closed', 'closed', 'closed', 'refused', 'closed', 'closed', 'to_rate', 'closed', 'refused', 'doing', 'doing', 'pending', 'draft'];
const RESULTS = ['已按期完成，协作人员表现积极', '按约定时间归还，设备完好', '现场指导到位，问题已解决', '如期完成，双方配合顺畅'];
const REFUSALS = ['同期本项目也有重点保障任务，人员无法抽调', '该设备正在使用中，建议向区域申请调配'];

/** Who answers for an organisation: the project manager at 翠湖天地, the admin elsewhere. */
const answererOf = (orgId: number) => (orgId === P.cuihu.id ? DEMO_STAFF.xmjl : DEMO_STAFF.admin);
const initiatorOf = (orgId: number) => (orgId === P.cuihu.id ? DEMO_STAFF.xmjl : DEMO_STAFF.admin);

/** Demo cooperation requests between the projects and their regions over the past five months. */
export async function seedCooperation(ctx: SeedContext): Promise<void> {
  const { trx, now, rnd } = ctx;
  for (const [i, [from, to, type, title, content, persons]] of REQUESTS.entries()) {
    const created = now - (150 - i * 10) * DAY - Math.floor(rnd() * 3) * DAY;
    const status = FLOW[i]!;
    const start = created + 3 * DAY;
    const accepted = ['doing', 'to_rate', 'closed'].includes(status);
    const finished = ['to_rate', 'closed'].includes(status);
    const rating = status === 'closed' ? (rnd() < 0.7 ? 5 : 4) : null;
    const record = await trx
      .insertInto('cooperation_request')
      .values({
        from_org_id: from, code: `XZ${formatTime(created, 'YYYYMMDD')}${String(i + 1).padStart(3, '0')}`, type, title, content, to_org_id: to, persons,
        expected_start: start, expected_end: start + (2 + (i % 5)) * DAY, status, initiator_id: initiatorOf(from),
        accepted_by: accepted ? answererOf(to) : null, accepted_at: accepted ? created + DAY : null, finished_at: finished ? start + 3 * DAY : null,
        result: finished ? RESULTS[i % RESULTS.length] : null, rating, rating_note: rating === 5 ? '响应迅速，非常感谢' : rating ? '整体满意，沟通可更及时' : null,
        created_by: initiatorOf(from), created_at: created, updated_at: created, state_at: finished ? start + 3 * DAY : created + DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = record.id as number;
    const steps: [string, string | null, string, string | null][] = [['create', null, 'draft', null]];
    if (status !== 'draft') steps.push(['submit', 'draft', 'pending', null]);
    if (status === 'refused') steps.push(['refuse', 'pending', 'refused', REFUSALS[i % REFUSALS.length]!]);
    if (accepted) steps.push(['accept', 'pending', 'doing', null]);
    if (finished) steps.push(['finish', 'doing', 'to_rate', null]);
    if (status === 'closed') steps.push(['rate', 'to_rate', 'closed', null]);
    for (const [action, f, t, note] of steps) await writeTimeline(trx, 'cooperation_request', { id, action, from: f, to: t, note }, null);
  }
}
