import type { ServerModule } from '../../engine/module.ts';
import { offlineTrainingHooks } from './hooks/offline_training.ts';
import { trainingAttendanceHooks } from './hooks/training_attendance.ts';
import { trainingLecturerHooks } from './hooks/training_lecturer.ts';
import { technicalSkillHooks } from './hooks/technical_skill.ts';
import { certPlanHooks, staffCertHooks } from './hooks/certificates.ts';
import { practicalAssessmentHooks, practicalResultHooks } from './hooks/practical.ts';
import { TRAINING_DEMO_GRANTS, seedCertificates, seedTechnicalSkills, seedTraining } from './seed.ts';
import { seedPractical } from './practicalSeed.ts';

/**
 * Training (员工赋能, the offline half): lecturers, evaluation forms, offline sessions with their
 * roster and attendance sheet, QR sign-in with a signed code per session, evaluations feeding the
 * lecturers' ratings, and the totals reports. The learning half (courses, exams, maps) is the academy module.
 */
export const trainingModule: ServerModule = {
  name: 'training',
  dependsOn: ['org'],
  hooks: { offline_training: offlineTrainingHooks, training_attendance: trainingAttendanceHooks, training_lecturer: trainingLecturerHooks, technical_skill: technicalSkillHooks, cert_plan: certPlanHooks, staff_cert: staffCertHooks, practical_assessment: practicalAssessmentHooks, practical_result: practicalResultHooks },
  demoGrants: TRAINING_DEMO_GRANTS,
  async seed(ctx) {
    await seedTraining(ctx);
    await seedTechnicalSkills(ctx);
    await seedCertificates(ctx);
    await seedPractical(ctx);
  },
};
