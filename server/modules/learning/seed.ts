import type { SeedContext } from '../../engine/module.ts';
import { seedCourses } from './seedCourses.ts';
import { seedMaps } from './seedMaps.ts';
import { seedPushes } from './seedPushes.ts';

const COURSE = ['course:view', 'course:add', 'course:edit', 'course:delete', 'course:publish', 'course:export', 'learnProgress:view', 'learnProgress:export'];

const MAP = ['learnMap:view', 'learnMap:add', 'learnMap:edit', 'learnMap:delete', 'learnMap:publish', 'learnMap:sort', 'learnMap:export', 'mapLedger:view', 'mapLedger:export'];

const PUSH = ['learnPush:view', 'learnPush:add', 'learnPush:edit', 'learnPush:delete', 'learnPush:push', 'learnPush:export'];

/** The training administrator runs courses, maps and pushes; HR reads the learning figures. */
export const LEARNING_DEMO_GRANTS: Record<string, string[]> = {
  training: [...COURSE, ...MAP, ...PUSH, 'onlineLearn:view', 'onlineLearn:export', 'learnProfile:view', 'learnProfile:export'],
  hr: ['course:view', 'learnProgress:view', 'learnMap:view', 'mapLedger:view', 'mapLedger:export', 'learnPush:view', 'onlineLearn:view', 'learnProfile:view'],
  project_manager: ['mapLedger:view', 'learnProfile:view'],
};

/** Courses with months of study, learning maps per post with their progress, and pushes. */
export async function seedLearning(ctx: SeedContext): Promise<void> {
  const courses = await seedCourses(ctx);
  await seedMaps(ctx, courses);
  await seedPushes(ctx, courses);
}
