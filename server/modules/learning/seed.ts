import type { SeedContext } from '../../engine/module.ts';
import { seedCourses } from './seedCourses.ts';

const COURSE = ['course:view', 'course:add', 'course:edit', 'course:delete', 'course:publish', 'course:export', 'learnProgress:view', 'learnProgress:export'];

/** The training administrator runs courses, maps and pushes; HR reads the learning figures. */
export const LEARNING_DEMO_GRANTS: Record<string, string[]> = {
  training: [...COURSE],
  hr: ['course:view', 'learnProgress:view'],
};

/** Courses with months of study, learning maps per post with their progress, and pushes. */
export async function seedLearning(ctx: SeedContext): Promise<void> {
  await seedCourses(ctx);
}
