import type { ServerModule } from '../../engine/module.ts';
import { questHooks } from './hooks/quest.ts';
import { questAnswerHooks } from './hooks/quest_answer.ts';
import { QUEST_DEMO_GRANTS, seedQuests } from './seed.ts';

/**
 * Owner and staff questionnaires: designed in the form designer (a run-time form), approved as
 * the `questionnaire` approval kind, filled by stewards on the owners' behalf, analysed per
 * option, and the flagged answers called back.
 */
export const questionnairesModule: ServerModule = {
  name: 'questionnaires',
  dependsOn: ['org', 'approval', 'workorder'],
  hooks: { quest: questHooks, quest_answer: questAnswerHooks },
  demoGrants: QUEST_DEMO_GRANTS,
  seed: seedQuests,
};
