import type { ResourceHooks } from '../../../engine/hooks.ts';

/** A staff member whose data scope is their own records sees their own learning. */
export const courseProgressHooks: ResourceHooks = {
  ownRows: ({ staff }) => (eb) => eb('course_progress.staff_id', '=', staff.id),
};
