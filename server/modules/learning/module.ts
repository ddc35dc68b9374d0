import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import { courseStudyRoutes } from './courseStudy.ts';
import { courseHooks } from './hooks/course.ts';
import { courseProgressHooks } from './hooks/course_progress.ts';
import { learningMapHooks } from './hooks/learning_map.ts';
import { learnAssignmentHooks } from './hooks/learn_assignment.ts';
import { learnPushHooks } from './hooks/learn_push.ts';
import { learnProfileHooks } from './hooks/learn_profile.ts';
import { mapProgressHooks } from './hooks/map_progress.ts';
import { LEARNING_DEMO_GRANTS, seedLearning } from './seed.ts';

/**
 * Online learning (员工赋能, the learning half beside the academy's exams): courses with their
 * content and each staff member's progress recorded from what their player reports, learning
 * maps of courses and exams per post, pushes of learning to a scope, and staff learning profiles.
 */
export const learningModule: ServerModule = {
  name: 'learning',
  dependsOn: ['org', 'files', 'training', 'academy'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  hooks: { course: courseHooks, course_progress: courseProgressHooks, learning_map: learningMapHooks, map_progress: mapProgressHooks, learn_push: learnPushHooks, learn_assignment: learnAssignmentHooks, learn_profile: learnProfileHooks },
  routes: { learning: courseStudyRoutes },
  demoGrants: LEARNING_DEMO_GRANTS,
  seed: seedLearning,
};
