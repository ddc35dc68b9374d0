import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { DEMO_STAFF } from '../org/public.ts';
import { DEMO_COURSES } from './demoCourses.ts';

const DAY = 86_400_000;
/** The course still being prepared (not on the shelf yet). */
const DRAFT = '项目经理的预算管控与团队管理';

/** Staff of the projects with the names of their posts. */
export async function staffWithPosts(db: AnyDB): Promise<{ id: number; orgId: number; posts: string[] }[]> {
  const rows = await db.selectFrom('staff_post').innerJoin('post', 'post.id', 'staff_post.post_id').innerJoin('staff', 'staff.id', 'staff_post.staff_id').select(['staff.id', 'staff.org_id', 'post.name']).where('staff.enabled', '=', 1).orderBy('staff.id').execute();
  const by = new Map<number, { id: number; orgId: number; posts: string[] }>();
  for (const r of rows) {
    const s = by.get(r.id as number) ?? { id: r.id as number, orgId: r.org_id as number, posts: [] };
    s.posts.push(r.name as string);
    by.set(s.id, s);
  }
  return [...by.values()];
}

/**
 * The course library (published, one still a draft), linked to the posts it is for, and five
 * months of study: each staff member started most courses of their posts, finished many
 * (credit and hours earned), and is part-way through others.
 */
export async function seedCourses(ctx: SeedContext): Promise<Map<string, number>> {
  const db = ctx.trx as AnyDB;
  const { now, rnd } = ctx;
  const lecturers = new Map((await db.selectFrom('training_lecturer').select(['id', 'name']).execute()).map((l) => [l.name as string, l.id as number]));
  const posts = await db.selectFrom('post').select(['id', 'name']).execute();
  const ids = new Map<string, number>();
  for (const [i, c] of DEMO_COURSES.entries()) {
    const at = now - (170 - i * 3) * DAY;
    const draft = c.name === DRAFT;
    const content = `<h3>${c.name}</h3>${c.paragraphs.map((p) => `<p>${p}</p>`).join('')}`;
    const { id } = await db.insertInto('course').values({
      name: c.name, category: c.category, type: 'article', content, duration_min: c.minutes, done_ratio: 90, lecturer_id: lecturers.get(c.lecturer) ?? null, credit: c.credit, hours: c.hours,
      required: c.required ? 1 : 0, intro: c.intro, status: draft ? 'draft' : 'published', state_at: at, published_at: draft ? null : at, created_by: DEMO_STAFF.peixun, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    ids.set(c.name, id as number);
    for (const p of posts.filter((p) => c.posts.includes(p.name as string))) await db.insertInto('course_post').values({ course_id: id, post_id: p.id }).execute();
  }
  // The first holder of each post has finished every course of it, so each post's map shows a
  // finisher whatever the shared random sequence gives (modules seeded before draw from it too).
  const diligent = new Set<number>();
  const seenPosts = new Set<string>();
  for (const s of await staffWithPosts(db)) {
    if (s.posts.some((p) => !seenPosts.has(p))) diligent.add(s.id);
    s.posts.forEach((p) => seenPosts.add(p));
  }
  for (const s of await staffWithPosts(db)) {
    for (const c of DEMO_COURSES) {
      if (c.name === DRAFT || !c.posts.some((p) => s.posts.includes(p)) || (rnd() < 0.2 && !diligent.has(s.id))) continue;
      const duration = c.minutes * 60;
      const started = now - Math.floor((5 + rnd() * 145) * DAY);
      const done = rnd() < 0.65 || diligent.has(s.id);
      const watched = done ? duration : Math.floor(duration * (0.1 + rnd() * 0.7));
      const last = Math.min(now - 3600_000, started + Math.floor(rnd() * 6 * DAY));
      await db.insertInto('course_progress').values({
        course_id: ids.get(c.name), staff_id: s.id, position_sec: watched, watched_sec: watched, duration_sec: duration, segments: JSON.stringify([[0, watched]]),
        percent: Math.round((watched / duration) * 1000) / 10, status: done ? 'done' : 'learning', started_at: started, last_at: last, finished_at: done ? last : null,
        credit: done ? c.credit : null, hours: done ? c.hours : null, org_id: s.orgId, created_by: s.id, created_at: started, updated_at: last,
      }).execute();
    }
  }
  return ids;
}
