import type { ServerModule } from '../../engine/module.ts';
import { REPORT_DEMO_GRANTS } from './grants.ts';

/** Customers and statistics: customer profiles, stewards, communication records, the task reports and the download center's grants. */
export const customersModule: ServerModule = {
  name: 'customers',
  dependsOn: ['org', 'patrol', 'workorder', 'returnVisit'],
  demoGrants: REPORT_DEMO_GRANTS,
};
