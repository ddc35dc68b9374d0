import type { ResourceHooks } from '../../../engine/hooks.ts';
import { learnerRows } from '../learnerScope.ts';

/** A staff member sees their own learning; managers that of the organisations they see. */
export const courseProgressHooks: ResourceHooks = {
  visibleRows: learnerRows('course_progress'),
};
