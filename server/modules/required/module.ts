import type { ServerModule } from '../../engine/module.ts';
import { requiredCourseHooks } from './hooks/required_course.ts';
import { REQUIRED_DEMO_GRANTS, seedRequired } from './seed.ts';

/**
 * Pre-shift required reading (班前必读): short courses (an article, a video or a PDF, a minimum
 * reading time and a quiz of up to three questions whose answers stay on the server).
 */
export const requiredModule: ServerModule = {
  name: 'required',
  dependsOn: ['org'],
  hooks: { required_course: requiredCourseHooks },
  demoGrants: REQUIRED_DEMO_GRANTS,
  seed: seedRequired,
};
