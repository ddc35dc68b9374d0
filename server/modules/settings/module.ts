import type { ServerModule } from '../../engine/module.ts';
import dictRoutes from './dictRoutes.ts';
import { knowledgeColumnHooks } from './hooks/knowledge_column.ts';
import { portraitLevelHooks } from './hooks/portrait_level.ts';
import { serviceCategoryHooks } from './hooks/service_category.ts';
import { SETTINGS_DEMO_GRANTS, seedSettings } from './seed.ts';

/** Business settings: dictionaries, labels, parking, portrait levels, knowledge tables, service categories. */
export const settingsModule: ServerModule = {
  name: 'settings',
  dependsOn: ['org'],
  hooks: { portrait_level: portraitLevelHooks, service_category: serviceCategoryHooks, knowledge_column: knowledgeColumnHooks },
  routes: { basis: dictRoutes },
  demoGrants: SETTINGS_DEMO_GRANTS,
  seed: seedSettings,
};
