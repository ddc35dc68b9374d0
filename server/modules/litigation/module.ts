import type { ServerModule } from '../../engine/module.ts';
import { legalCaseHooks } from './hooks/legal_case.ts';
import { lawyerLetterHooks } from './hooks/lawyer_letter.ts';
import { LITIGATION_DEMO_GRANTS, seedLitigation } from './seed.ts';
import { remindHearings } from './hearings.ts';

/** Litigation (法务诉讼): cases we bring and cases against us through their stages, proceedings with their documents, and lawyer letters. */
export const litigationModule: ServerModule = {
  name: 'litigation',
  dependsOn: ['org', 'files'],
  hooks: { legal_case: legalCaseHooks, lawyer_letter: lawyerLetterHooks },
  // Hearing reminders go out on the timers' clock (hearings.ts).
  background(app) {
    app.workflowTimers.add((now) => remindHearings(app, now));
  },
  demoGrants: LITIGATION_DEMO_GRANTS,
  seed: seedLitigation,
};
