import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { DEMO_STAFF } from '../org/public.ts';

const DAY = 86_400_000;

type DemoMap = [name: string, category: string, posts: string[], credit: number, stages: [name: string, days: number | null, courses: string[], exams: string[]][]];
const MAPS: DemoMap[] = [
  ['新员工入职成长地图', 'onboard', ['客服管家', '调度员', '维修工程师', '巡检员', '秩序维护员', '保洁员'], 3, [
    ['入职第一周', 7, ['新员工入职第一课：企业文化与服务理念', '物业服务礼仪规范'], []],
    ['安全基础', 14, ['消防设施操作与灭火器使用'], ['2026 年三季度消防安全考试']],
  ]],
  ['客服管家岗位地图', 'post', ['客服管家'], 5, [
    ['服务规范', 30, ['物业服务礼仪规范', '报事报修工单处理流程'], ['10 月客户服务规范测评']],
    ['投诉处理进阶', 30, ['客户投诉处理技巧', '高层建筑火灾应急疏散'], []],
  ]],
  ['维修工程师技能地图', 'post', ['维修工程师'], 6, [
    ['设备安全', 30, ['配电房安全操作规程', '电梯困人应急救援'], ['11 月安全生产考试']],
    ['专业提升', 60, ['二次供水水箱清洗与水质管理', '报事报修工单处理流程'], []],
  ]],
  ['秩序维护员上岗地图', 'post', ['秩序维护员', '巡检员'], 4, [
    ['岗位基础', 14, ['秩序维护岗位职责与门岗管理', '消防设施操作与灭火器使用'], []],
    ['应急处置', 30, ['高层建筑火灾应急疏散', '电梯困人应急救援'], ['2026 年三季度消防安全考试']],
  ]],
  ['保洁员上岗地图', 'post', ['保洁员'], 2, [['作业标准', 14, ['保洁作业标准与垃圾分类', '物业服务礼仪规范'], []]]],
  ['项目经理晋升发展地图', 'promotion', ['项目经理'], 8, [
    ['客户服务管理', 30, ['客户投诉处理技巧'], ['10 月客户服务规范测评']],
    ['经营管理', 60, ['项目经理的预算管控与团队管理'], []],
  ]],
];

/** Maps per post, published months ago (the last one still a draft), over the seeded courses and the academy's exams. */
export async function seedMaps(ctx: SeedContext, courses: Map<string, number>): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now } = ctx;
  const exams = new Map((await db.selectFrom('exam').select(['id', 'name']).execute()).map((e) => [e.name as string, e.id as number]));
  const posts = await db.selectFrom('post').select(['id', 'name']).execute();
  for (const [i, [name, category, postNames, credit, stages]] of MAPS.entries()) {
    const at = now - (150 - i * 4) * DAY;
    const stageValues = stages.map(([stage, days, c, e]) => ({ name: stage, days, course_ids: c.map((n) => courses.get(n)!).filter(Boolean), exam_ids: e.map((n) => exams.get(n)!).filter(Boolean) }));
    const draft = i === MAPS.length - 1;
    const { id } = await db.insertInto('learning_map').values({
      name, category, unlock_mode: category === 'onboard' ? 'stage' : 'free', credit, intro: `${postNames.join('、')}的学习路径：${stages.map((s) => s[0]).join(' → ')}。`,
      stages: JSON.stringify(stageValues), task_count: stageValues.reduce((n, s) => n + s.course_ids.length + s.exam_ids.length, 0), sort: (i + 1) * 10,
      status: draft ? 'draft' : 'published', state_at: at, published_at: draft ? null : at, created_by: DEMO_STAFF.peixun, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    for (const p of posts.filter((p) => postNames.includes(p.name as string))) await db.insertInto('learning_map_post').values({ map_id: id, post_id: p.id }).execute();
  }
}
