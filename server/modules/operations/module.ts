import type { ServerModule } from '../../engine/module.ts';
import { applicationHooks } from './hooks/application.ts';
import { advertHooks } from './hooks/advert.ts';
import { OPERATIONS_DEMO_GRANTS, seedOperations } from './seed.ts';

/**
 * Operations content of the owner app (schemas/operations): banners, popups, system cards,
 * applications and adverts. The screens, lifecycles, date timers, drag order and the advert
 * approval are JSON; what JSON cannot say is here: the application catalogue's project scope,
 * the demo grants of the operations role and the demo content.
 */
export const operationsModule: ServerModule = {
  name: 'operations',
  dependsOn: ['org', 'settings', 'approval'],
  hooks: { application: applicationHooks, advert: advertHooks },
  demoGrants: OPERATIONS_DEMO_GRANTS,
  seed: seedOperations,
};
