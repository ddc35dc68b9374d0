import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import { ownerFeedbackHooks } from './hooks/owner_feedback.ts';
import { questionnaireHooks } from './hooks/questionnaire.ts';
import { returnVisitHooks } from './hooks/return_visit.ts';
import { returnVisitRuleHooks } from './hooks/return_visit_rule.ts';
import { seedReturnVisits, SERVICE_DEMO_GRANTS } from './seed.ts';

/** Follow-up after the service: return-visit rules and the visits they generate, questionnaires, evaluations, owner feedback. */
export const returnVisitModule: ServerModule = {
  name: 'returnVisit',
  dependsOn: ['org', 'workorder'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  hooks: { questionnaire: questionnaireHooks, return_visit_rule: returnVisitRuleHooks, return_visit: returnVisitHooks, owner_feedback: ownerFeedbackHooks },
  demoGrants: SERVICE_DEMO_GRANTS,
  seed: seedReturnVisits,
};
