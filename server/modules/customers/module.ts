import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import { REPORT_DEMO_GRANTS } from './grants.ts';
import { customerHooks } from './hooks/customer.ts';
import { communicationRecordHooks } from './hooks/communication_record.ts';
import { seedCustomers } from './seed.ts';

/** Customers and statistics: customer profiles, stewards, communication records, the task reports and the download center's grants. */
export const customersModule: ServerModule = {
  name: 'customers',
  dependsOn: ['org', 'settings', 'patrol', 'workorder', 'returnVisit'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  hooks: { customer: customerHooks, communication_record: communicationRecordHooks },
  demoGrants: REPORT_DEMO_GRANTS,
  seed: seedCustomers,
};
