import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { DEMO_STAFF } from '../org/public.ts';
import { dayOf } from '../../engine/schedule.ts';
import { articleOf, DEMO_COURSES } from './demoCourses.ts';
import { lastDayOf, makeRecords, midnightOf } from './generate.ts';
import { parseQuiz } from './quiz.ts';

const COURSE = ['requiredCourse:view', 'requiredCourse:add', 'requiredCourse:edit', 'requiredCourse:delete', 'requiredCourse:enable', 'requiredCourse:export'];

/** The training administrator writes and publishes the reading; HR reads what there is. */
const ITEM = ['requiredItem:view', 'requiredItem:add', 'requiredItem:edit', 'requiredItem:delete', 'requiredItem:publish', 'requiredItem:remind', 'requiredItem:export', 'requiredRecord:view', 'requiredRecord:export'];
const REPORT = ['report-required-reading:view', 'report-required-reading:export'];

/** The training administrator writes, publishes and follows the reading; HR reads it all; a project manager follows his project's readers and figures. */
export const REQUIRED_DEMO_GRANTS: Record<string, string[]> = {
  training: [...COURSE, ...ITEM, ...REPORT],
  hr: ['requiredCourse:view', 'requiredItem:view', 'requiredRecord:view', ...REPORT],
  project_manager: ['requiredItem:view', 'requiredRecord:view', ...REPORT],
};

const DAY = 86_400_000;

/** The demo courses, written over the last two months by 冯晓岚; answers their ids in order. */
export async function seedCourses(db: AnyDB, now: number): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, c] of DEMO_COURSES.entries()) {
    const at = now - (60 - i * 3) * DAY;
    const row = await db
      .insertInto('required_course')
      .values({
        title: c.title, category: c.category, content_type: 'article', content: articleOf(c), files: null, duration_sec: null, min_read_sec: c.minReadSec,
        quiz: JSON.stringify(c.quiz), quiz_count: c.quiz.length, summary: c.summary, enabled: 1, created_by: DEMO_STAFF.peixun, created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id as number);
  }
  return ids;
}

type DemoItem = { title: string; courses: number[]; posts: string[] | null; repeat: 'once' | 'daily' | 'weekly'; weekDays?: string[]; fromDays: number; toDays: number | null; deadline: string; mustPass: boolean; status: 'draft' | 'published' | 'expired' };

/** Items by course index (DEMO_COURSES) and the posts they reach (null: everyone); days relative to today. */
const ITEMS: DemoItem[] = [
  { title: '工程与秩序岗每日安全班前必读', courses: [0, 1], posts: ['维修工程师', '巡检员', '秩序维护员'], repeat: 'daily', fromDays: -27, toDays: 30, deadline: '08:30', mustPass: true, status: 'published' },
  { title: '客服岗服务案例周读（周一、周四）', courses: [4, 7], posts: ['客服管家', '调度员'], repeat: 'weekly', weekDays: ['1', '4'], fromDays: -27, toDays: 60, deadline: '09:00', mustPass: false, status: 'published' },
  { title: '消防通道与有限空间安全专项', courses: [2, 3], posts: ['维修工程师', '秩序维护员'], repeat: 'daily', fromDays: -24, toDays: -18, deadline: '08:30', mustPass: true, status: 'expired' },
  { title: '全员仪容仪表规范宣贯', courses: [9], posts: null, repeat: 'once', fromDays: -20, toDays: null, deadline: '18:00', mustPass: false, status: 'expired' },
  { title: '暴雨季车库防汛必读', courses: [5, 8], posts: ['维修工程师', '秩序维护员', '项目经理'], repeat: 'daily', fromDays: 1, toDays: 14, deadline: '08:00', mustPass: true, status: 'draft' },
];

/**
 * Four weeks of pre-shift reading: the courses, items published from them to posts of every
 * project (and one to everyone), their reading records per person and day, and what each person
 * did: most read in time, some late, a few never; quizzes mostly passed. Today's records are
 * made but left unread, as they are at the start of a day.
 */
export async function seedRequired(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now, rnd } = ctx;
  const courseIds = await seedCourses(db, now);
  const today = dayOf(now);
  const dayAt = (offset: number) => dayOf(midnightOf(today) + offset * DAY + 12 * 3_600_000);
  const posts = (await db.selectFrom('post').select(['id', 'name']).where('enabled', '=', 1).execute()) as { id: number; name: string }[];
  for (const spec of ITEMS) {
    const audience = spec.posts ? { mode: 'post', ids: posts.filter((p) => spec.posts!.includes(p.name)).map((p) => p.id) } : { mode: 'all', ids: [] };
    const effective = dayAt(spec.fromDays);
    const item = {
      title: spec.title, audience: JSON.stringify(audience), audience_text: spec.posts ? `指定岗位：${spec.posts.join('、')}` : '全部', repeat: spec.repeat,
      week_days: spec.weekDays ? JSON.stringify(spec.weekDays) : null, effective_date: effective, end_date: spec.toDays === null ? null : dayAt(spec.toDays),
      deadline_time: spec.deadline, must_pass_quiz: spec.mustPass ? 1 : 0, status: spec.status, state_at: now, reminded_at: null,
      published_at: spec.status === 'draft' ? null : midnightOf(effective) - 3_600_000, created_by: DEMO_STAFF.peixun, created_at: midnightOf(effective) - DAY, updated_at: now,
    };
    const last = lastDayOf(item);
    const { id } = (await db.insertInto('required_item').values({ ...item, expire_at: last ? midnightOf(last) + DAY - 1 : null }).returning('id').executeTakeFirstOrThrow()) as { id: number };
    for (const c of spec.courses) await db.insertInto('required_item_course').values({ item_id: id, course_id: courseIds[c] }).execute();
    if (spec.status === 'draft') continue;
    const days: string[] = [];
    const end = last && last < today ? last : today;
    for (let d = effective; d <= end; d = dayAt(Math.round((midnightOf(d) - midnightOf(today)) / DAY) + 1)) {
      const weekday = String(new Date(midnightOf(d)).getDay() || 7);
      if (spec.repeat !== 'weekly' || spec.weekDays!.includes(weekday)) days.push(d);
    }
    await makeRecords(db, { id, ...item }, days, now);
    await settleDemoRecords(db, id, midnightOf(today), rnd);
  }
}

/** What the readers did with the records before today: read (in time or late) and answered, or never opened. */
async function settleDemoRecords(db: AnyDB, itemId: number, todayStart: number, rnd: () => number): Promise<void> {
  const records = (await db
    .selectFrom('required_read_record as r')
    .innerJoin('required_course as c', 'c.id', 'r.course_id')
    .select(['r.id', 'r.read_on', 'r.deadline_at', 'c.min_read_sec', 'c.quiz'])
    .where('r.item_id', '=', itemId)
    .where('r.read_on', '<', todayStart)
    .execute()) as { id: number; read_on: number; deadline_at: number; min_read_sec: number; quiz: string | null }[];
  for (const r of records) {
    if (rnd() < 0.12) continue;
    const late = rnd() < 0.1;
    const opened = late ? r.deadline_at + Math.floor(rnd() * 4 * 3_600_000) : r.deadline_at - Math.floor((0.2 + rnd()) * 3_600_000);
    const readSec = r.min_read_sec + Math.floor(rnd() * 120);
    const quiz = parseQuiz(r.quiz);
    const right = quiz.length ? quiz.length - (rnd() < 0.15 ? 1 : 0) : 0;
    const passed = quiz.length ? right === quiz.length : null;
    await db
      .updateTable('required_read_record')
      .set({
        opened_at: opened, finished_at: opened + readSec * 1000, read_sec: readSec, late: opened + readSec * 1000 > r.deadline_at ? 1 : 0,
        quiz_score: quiz.length ? Math.round((100 * right) / quiz.length) : null, passed: passed === null ? null : passed ? 1 : 0,
        status: passed === null ? 'read' : passed ? 'passed' : 'failed', updated_at: opened + readSec * 1000,
      })
      .where('id', '=', r.id)
      .execute();
  }
}
