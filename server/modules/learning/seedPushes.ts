import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { DEMO_STAFF } from '../org/public.ts';
import { deliverPush } from './pushes.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Pushes of the last months (delivered to their posts, most done), one going out tomorrow and a
 * draft: the to-do lists and the completion columns have history.
 */
export async function seedPushes(ctx: SeedContext, courses: Map<string, number>): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now } = ctx;
  const postIds = async (name: string) => (await db.selectFrom('post').select('id').where('name', '=', name).execute()).map((p) => p.id as number);
  const mapId = async (name: string) => (await db.selectFrom('learning_map').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id as number;
  const exam = (await db.selectFrom('exam').select('id').where('status', '=', 'published').executeTakeFirst())?.id ?? null;
  const pushes = [
    { title: '秋季消防安全必学课程', content_type: 'course', course_id: courses.get('消防设施操作与灭火器使用'), post: '秩序维护员', at: now - 80 * DAY, deadline: now - 50 * DAY, status: 'pushed', message: '消防安全月专项学习，请各项目秩序维护员按时完成。' },
    { title: '客服管家岗位地图学习', content_type: 'map', map_id: await mapId('客服管家岗位地图'), post: '客服管家', at: now - 45 * DAY, deadline: now + 15 * DAY, status: 'pushed', message: '完成地图全部阶段可获 5 学分。' },
    { title: '电梯困人救援专项学习', content_type: 'course', course_id: courses.get('电梯困人应急救援'), post: '维修工程师', at: now - 20 * DAY, deadline: now + 1 * DAY, status: 'pushed', message: null },
    ...(exam ? [{ title: '11 月安全生产考试通知', content_type: 'exam', exam_id: exam, post: '维修工程师', at: now + DAY, deadline: now + 10 * DAY, status: 'scheduled', message: '请在截止前完成考试，不及格可补考一次。' }] : []),
    { title: '保洁作业标准复训', content_type: 'course', course_id: courses.get('保洁作业标准与垃圾分类'), post: '保洁员', at: now + 7 * DAY, deadline: now + 21 * DAY, status: 'draft', message: null },
  ];
  for (const p of pushes) {
    const { post, at, status, ...rest } = p;
    const values = {
      ...rest, course_id: p.course_id ?? null, map_id: 'map_id' in p ? p.map_id : null, exam_id: 'exam_id' in p ? p.exam_id : null, audience: JSON.stringify({ mode: 'post', ids: await postIds(post) }),
      push_at: at, remind_hours: 24, status, state_at: Math.min(at, now), pushed_at: status === 'pushed' ? at : null, created_by: DEMO_STAFF.peixun, created_at: at - 2 * DAY, updated_at: at,
    };
    const { id } = await db.insertInto('learn_push').values(values).returning('id').executeTakeFirstOrThrow();
    if (status === 'pushed') await deliverPush(null, db, { ...values, id }, at);
    // The reminder of a deadline already past went out the day before it.
    if (status === 'pushed' && p.deadline < now) await db.updateTable('learn_assignment').set({ reminded_at: p.deadline - 24 * HOUR }).where('push_id', '=', id).where('status', '=', 'todo').execute();
  }
}
