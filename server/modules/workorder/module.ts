import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import { serviceTypeHooks } from './hooks/service_type.ts';
import { warnRuleHooks } from './hooks/warn_rule.ts';
import { workOrderHooks } from './hooks/work_order.ts';
import searchRoutes from './searchRoutes.ts';
import { seedWorkOrders, WORKORDER_DEMO_GRANTS } from './seed.ts';

/** Service work orders: intake, dispatch, the lifecycle with its SLA clock, service types, warnings, suspension and abnormal closure. */
export const workorderModule: ServerModule = {
  name: 'workorder',
  dependsOn: ['org', 'settings'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  hooks: { work_order: workOrderHooks, service_type: serviceTypeHooks, warn_rule: warnRuleHooks },
  routes: { es: searchRoutes },
  demoGrants: WORKORDER_DEMO_GRANTS,
  seed: seedWorkOrders,
};
