import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import { approvalFlowHooks, approvalInstanceHooks, approvalTaskHooks } from './hooks.ts';
import approvalRoutes from './routes.ts';
import { APPROVAL_DEMO_GRANTS, seedApprovals } from './seed.ts';

/**
 * Approvals as data: the flows configured per kind and organisation (approval_flow), the
 * instances, tasks and history the engine writes (server/engine/approvals.ts), the approval
 * center's calls, and the demo flows and approvals.
 */
export const approvalModule: ServerModule = {
  name: 'approval',
  dependsOn: ['org', 'workorder'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  hooks: { approval_flow: approvalFlowHooks, approval_task: approvalTaskHooks, approval_instance: approvalInstanceHooks },
  routes: { approve: approvalRoutes },
  demoGrants: APPROVAL_DEMO_GRANTS,
  seed: seedApprovals,
};
