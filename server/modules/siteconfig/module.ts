import type { ServerModule } from '../../engine/module.ts';
import { configChangeHooks } from './hooks/config_change.ts';
import { configKeyHooks } from './hooks/config_key.ts';
import { projectConfigHooks } from './hooks/project_config.ts';
import { repairItemHooks } from './hooks/repair_item.ts';
import { spaceBookingHooks } from './hooks/space_booking.ts';
import { SITECONFIG_DEMO_GRANTS, seedSiteconfig } from './seed.ts';
import { SITECONFIG_INTAKE } from './intake.ts';
import { addIntakeRules } from '../workorder/public.ts';

/**
 * How each project is set up (运营管理 · 项目配置): parameters defined at run time with their
 * company-wide and per-project values (one function reads the effective value), the change
 * log, community spaces and their bookings (never two at once in a space), and the repair
 * price list.
 */
export const siteconfigModule: ServerModule = {
  name: 'siteconfig',
  dependsOn: ['org', 'workorder'],
  hooks: { config_key: configKeyHooks, project_config: projectConfigHooks, config_change: configChangeHooks, space_booking: spaceBookingHooks, repair_item: repairItemHooks },
  demoGrants: SITECONFIG_DEMO_GRANTS,
  seed: seedSiteconfig,
  // New work orders follow the project's parameters (online and paid repair open, response limit).
  background: (app) => addIntakeRules(app, SITECONFIG_INTAKE),
};
