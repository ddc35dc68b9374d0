import type { ServerModule } from '../../engine/module.ts';
import { examHooks } from './hooks/exam.ts';
import { examRecordHooks } from './hooks/exam_record.ts';
import { questionHooks } from './hooks/question.ts';
import { examTakingRoutes } from './routes.ts';
import { ACADEMY_DEMO_GRANTS, seedAcademy } from './seed.ts';

/**
 * The learning academy: question banks (imported with their options), exams with fixed or
 * randomly drawn papers taken against the server's clock, objective questions scored at once
 * and short answers graded by hand.
 */
export const academyModule: ServerModule = {
  name: 'academy',
  dependsOn: ['org'],
  hooks: { question: questionHooks, exam: examHooks, exam_record: examRecordHooks },
  routes: { learning: examTakingRoutes },
  demoGrants: ACADEMY_DEMO_GRANTS,
  seed: seedAcademy,
};
