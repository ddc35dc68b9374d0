import type { ServerModule } from '../../engine/module.ts';
import { residentCertificationHooks } from './hooks/resident_certification.ts';
import { OWNER_APP_DEMO_GRANTS, seedOwnerApp } from './seed.ts';

/**
 * The owner app as a data source (issue 34, design notes 5.1): sign-ins and resident
 * certifications of the customers who registered, the certification review with its 72-hour
 * reminder, and the owner-app statistics (/opearator-statistics, /reportForms) over them, the
 * customers' registrations and the activity sign-ups. Reports and screens are JSON.
 */
export const ownerAppModule: ServerModule = {
  name: 'ownerapp',
  dependsOn: ['org', 'community', 'customers'],
  hooks: { resident_certification: residentCertificationHooks },
  demoGrants: OWNER_APP_DEMO_GRANTS,
  seed: seedOwnerApp,
};
