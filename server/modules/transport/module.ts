import type { ServerModule } from '../../engine/module.ts';
import { syncTaskHooks } from './hooks/sync_task.ts';
import { sendDue } from './send.ts';
import { seedTransport, TRANSPORT_DEMO_GRANTS } from './seed.ts';

/**
 * Data sent to other systems (/transport-manager/transportTasks): modules queue a message in their
 * own transaction (public.ts enqueueSync: a commission distribution submitted to OA), the timers
 * POST it, signed, to PMS_TRANSPORT_URL and retry with backoff; 重试 sends again at once.
 */
export const transportModule: ServerModule = {
  name: 'transport',
  dependsOn: ['org', 'workorder', 'patrol'],
  hooks: { sync_task: syncTaskHooks },
  background(app) {
    app.workflowTimers.add((now) => sendDue(app, now));
  },
  demoGrants: TRANSPORT_DEMO_GRANTS,
  seed: seedTransport,
};
