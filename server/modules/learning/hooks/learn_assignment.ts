import type { ResourceHooks } from '../../../engine/hooks.ts';
import { learnerRows } from '../learnerScope.ts';

/** A learner sees their own assignments, managers those of the organisations they see. */
export const learnAssignmentHooks: ResourceHooks = {
  visibleRows: learnerRows('learn_assignment'),
};
