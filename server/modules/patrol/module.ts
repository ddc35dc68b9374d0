import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import patrolRoutes from './index.ts';
import { registerScheduler } from './schedule.ts';
import { PATROL_DEMO_GRANTS, seedPatrol } from './seed.ts';
import taskSyncRoutes from './sync.ts';

/** Patrol inspection (spec 7.2): categories, standards, points and QR labels, plans, the task scheduler, records, statistics. */
export const patrolModule: ServerModule = {
  name: 'patrol',
  // Abnormal records become work orders through the work-order intake.
  dependsOn: ['org', 'workorder'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  routes: { patrol: patrolRoutes, mkf: taskSyncRoutes },
  background: registerScheduler,
  demoGrants: PATROL_DEMO_GRANTS,
  seed: (ctx) => seedPatrol(ctx.trx, ctx.now),
};
