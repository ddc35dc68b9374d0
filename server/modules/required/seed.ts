import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { DEMO_STAFF } from '../org/public.ts';
import { articleOf, DEMO_COURSES } from './demoCourses.ts';

const COURSE = ['requiredCourse:view', 'requiredCourse:add', 'requiredCourse:edit', 'requiredCourse:delete', 'requiredCourse:enable', 'requiredCourse:export'];

/** The training administrator writes and publishes the reading; HR reads what there is. */
export const REQUIRED_DEMO_GRANTS: Record<string, string[]> = {
  training: [...COURSE],
  hr: ['requiredCourse:view'],
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

/** Two months of pre-shift reading: the courses, then the items published from them and their reading records. */
export async function seedRequired(ctx: SeedContext): Promise<void> {
  await seedCourses(ctx.trx as AnyDB, ctx.now);
}
