import type { ServerModule } from '../../engine/module.ts';
import { serviceAreaHooks } from './hooks/service_area.ts';
import { SERVICEAREA_DEMO_GRANTS, seedServiceAreas } from './seed.ts';
import { SERVICEAREA_INTAKE } from './intake.ts';
import { addIntakeRules } from '../workorder/public.ts';

/**
 * Service areas (服务区域, design 3.14): each project's areas with their boundary drawn on the
 * map (the engine's MapPicker), buildings, steward and cleaning and security posts.
 */
export const serviceareaModule: ServerModule = {
  name: 'servicearea',
  dependsOn: ['org', 'community', 'workorder'],
  hooks: { service_area: serviceAreaHooks },
  demoGrants: SERVICEAREA_DEMO_GRANTS,
  seed: seedServiceAreas,
  // A new work order in an area with a default handler is given to them at once.
  background: (app) => addIntakeRules(app, SERVICEAREA_INTAKE),
};
