import type { SeedContext } from '../../engine/module.ts';
import { seedCourses } from './seedCourses.ts';
import { seedMaps } from './seedMaps.ts';
import { seedPushes } from './seedPushes.ts';
import { seedVideoCourses } from './seedVideos.ts';

const COURSE = ['course:view', 'course:add', 'course:edit', 'course:delete', 'course:publish', 'course:export', 'learnProgress:view', 'learnProgress:export'];

const MAP = ['learnMap:view', 'learnMap:add', 'learnMap:edit', 'learnMap:delete', 'learnMap:publish', 'learnMap:sort', 'learnMap:export', 'mapLedger:view', 'mapLedger:export'];

const PUSH = ['learnPush:view', 'learnPush:add', 'learnPush:edit', 'learnPush:delete', 'learnPush:push', 'learnPush:export'];

/** Every staff member studies (我的学习): their courses and today's required reading. */
const STUDY = 'myStudy:view';

/** The training administrator runs courses, maps and pushes; HR reads the learning figures; everyone studies. */
export const LEARNING_DEMO_GRANTS: Record<string, string[]> = {
  training: [...COURSE, ...MAP, ...PUSH, 'onlineLearn:view', 'onlineLearn:export', 'learnProfile:view', 'learnProfile:export', STUDY],
  hr: ['course:view', 'learnProgress:view', 'learnMap:view', 'mapLedger:view', 'mapLedger:export', 'learnPush:view', 'onlineLearn:view', 'learnProfile:view', STUDY],
  project_manager: ['mapLedger:view', 'learnProfile:view', STUDY],
  ...Object.fromEntries(['customer_service', 'dispatcher', 'technician', 'inspector', 'operations', 'legal', 'office', 'quality'].map((role) => [role, [STUDY]])),
};

/** Courses with months of study, learning maps per post with their progress, pushes, and two video courses. */
export async function seedLearning(ctx: SeedContext): Promise<void> {
  const courses = await seedCourses(ctx);
  await seedMaps(ctx, courses);
  await seedPushes(ctx, courses);
  await seedVideoCourses(ctx);
}
