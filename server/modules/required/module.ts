import type { ServerModule } from '../../engine/module.ts';
import { requiredCourseHooks } from './hooks/required_course.ts';
import { requiredItemHooks } from './hooks/required_item.ts';
import { generateDue } from './generate.ts';
import { requiredReadingRoutes } from './routes.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { REQUIRED_DEMO_GRANTS, seedRequired } from './seed.ts';

/**
 * Pre-shift required reading (班前必读): short courses (an article, a video or a PDF, a minimum
 * reading time and a quiz of up to three questions whose answers stay on the server), items
 * published to a scope once, each day or each week, one reading record per person, course and
 * day, read and answered through the staff services, and the 催读 reminders.
 */
export const requiredModule: ServerModule = {
  name: 'required',
  dependsOn: ['org'],
  hooks: { required_course: requiredCourseHooks, required_item: requiredItemHooks },
  routes: { learning: requiredReadingRoutes },
  // Each later day's reading records, on the timers' clock (idempotent: a unique key per person, course and day).
  background(app) {
    app.workflowTimers.add((now) => app.db.transaction().execute((trx) => generateDue(app, trx as unknown as AnyDB, now)));
  },
  demoGrants: REQUIRED_DEMO_GRANTS,
  seed: seedRequired,
};
