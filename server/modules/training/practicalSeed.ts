import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { orgDemo } from '../org/public.ts';
import { fullMarks, scoreSheet, type Criterion } from './practical.ts';

const DAY = 86_400_000;

type Assessment = { name: string; skill: string; posts: string[]; location: string; pass: number; criteria: Criterion[] };

/** Practical assessments as a property company runs them on site, each criterion with its deductions. */
const ASSESSMENTS: Assessment[] = [
  {
    name: '高低压配电倒闸操作实操考核', skill: 'electrician', posts: ['维修工程师'], location: '项目配电房', pass: 80,
    criteria: [
      { item: '操作票填写', standard: '票面清楚、顺序正确，每错一处扣 5 分', max_score: 20 },
      { item: '安全用具检查', standard: '绝缘手套、绝缘靴、验电器逐项检查，漏一项扣 5 分', max_score: 15 },
      { item: '验电与挂接地线', standard: '先验电后挂地线，顺序颠倒不得分', max_score: 25 },
      { item: '倒闸操作', standard: '唱票复诵、监护到位，误操作本项不得分', max_score: 30 },
      { item: '现场恢复', standard: '工具归位、记录填写完整', max_score: 10 },
    ],
  },
  {
    name: '电梯困人救援实操考核', skill: 'elevator', posts: ['维修工程师', '秩序维护员'], location: '1 号楼电梯机房', pass: 75,
    criteria: [
      { item: '安抚与确认', standard: '五方对讲安抚被困人员、确认轿厢位置', max_score: 20 },
      { item: '断电挂牌', standard: '切断主电源并挂“有人作业 禁止合闸”牌', max_score: 20 },
      { item: '盘车操作', standard: '两人配合，松闸盘车至平层区，单人操作不得分', max_score: 40 },
      { item: '开门救人与记录', standard: '三角钥匙开门、引导乘客、填写困人记录', max_score: 20 },
    ],
  },
  {
    name: '消防设施操作实操考核', skill: 'fire', posts: ['秩序维护员', '巡检员'], location: '消防控制室', pass: 70,
    criteria: [
      { item: '火警确认', standard: '接警 3 分钟内到场确认，超时扣 10 分', max_score: 25 },
      { item: '联动控制', standard: '正确切换手动/自动，启动排烟与消防泵', max_score: 35 },
      { item: '灭火器使用', standard: '提、拔、握、压动作规范', max_score: 25 },
      { item: '复位与记录', standard: '系统复位、值班记录完整', max_score: 15 },
    ],
  },
  {
    name: '前台接待服务礼仪考核', skill: 'service', posts: ['客服管家'], location: '物业服务中心', pass: 80,
    criteria: [
      { item: '仪容仪表', standard: '工装整洁、工牌佩戴规范', max_score: 20 },
      { item: '接待用语', standard: '起立问候、使用标准用语', max_score: 30 },
      { item: '报修受理', standard: '复述确认、告知上门时间', max_score: 30 },
      { item: '投诉安抚', standard: '倾听不打断、给出处理时限', max_score: 20 },
    ],
  },
];

/**
 * Practical assessments at each project over the last three months, examined by the project's
 * senior staff, with every examinee's scores per criterion (within each criterion's marks) and
 * the total and pass the server computes; next month's assessment not yet held.
 */
export async function seedPractical(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now, rnd } = ctx;
  const { projectIds } = orgDemo(ctx);
  const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
  for (const [p, projectId] of projectIds.entries()) {
    const members = (await db
      .selectFrom('staff_post')
      .innerJoin('post', 'post.id', 'staff_post.post_id')
      .innerJoin('staff', 'staff.id', 'staff_post.staff_id')
      .select(['staff.id', 'post.name as post', 'post.id as post_id'])
      .where('post.org_id', '=', projectId)
      .where('staff.enabled', '=', 1)
      .orderBy('staff.id')
      .execute()) as { id: number; post: string; post_id: number }[];
    const managers = members.filter((m) => m.post === '项目经理').map((m) => m.id);
    for (const [a, spec] of ASSESSMENTS.entries()) {
      const examinees = [...new Set(members.filter((m) => spec.posts.includes(m.post)).map((m) => m.id))];
      const examiners = [...new Set([...managers, ...examinees.slice(0, 1)])].slice(0, 2);
      if (!examinees.length || !examiners.length) continue;
      const offset = -80 + a * 22 + p * 3;
      const at = now + (offset - 14) * DAY;
      const { id } = (await db
        .insertInto('practical_assessment')
        .values({
          name: spec.name, skill: spec.skill, criteria: JSON.stringify(spec.criteria), total_score: fullMarks(spec.criteria), pass_score: spec.pass, exam_date: day(offset), location: spec.location,
          remark: null, project_id: projectId, created_by: null, created_at: at, updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      for (const postId of [...new Set(members.filter((m) => spec.posts.includes(m.post)).map((m) => m.post_id))]) await db.insertInto('practical_assessment_post').values({ assessment_id: id, post_id: postId }).execute();
      for (const staffId of examiners) await db.insertInto('practical_examiner').values({ assessment_id: id, staff_id: staffId }).execute();
      if (offset >= 0) continue;
      for (const staffId of examinees.filter((s) => !examiners.includes(s))) {
        const given = spec.criteria.map((c) => ({ item: c.item, score: Math.max(0, c.max_score - Math.round(rnd() * c.max_score * (rnd() < 0.2 ? 0.6 : 0.25))) }));
        const { scores, total } = scoreSheet(spec.criteria, given);
        const scoredAt = now + offset * DAY + 10 * 3_600_000;
        await db
          .insertInto('practical_result')
          .values({
            assessment_id: id, staff_id: staffId, scores: JSON.stringify(scores), total, passed: total >= spec.pass ? 1 : 0, examiner_id: examiners[0],
            comment: total >= spec.pass ? '操作规范，流程熟练' : '关键步骤不规范，需复训后补考', photos: null, created_by: examiners[0], created_at: scoredAt, updated_at: scoredAt,
          })
          .execute();
      }
    }
  }
}
