import type { SeedContext } from '../../engine/module.ts';
import { seedParams } from './seedParams.ts';
import { seedDoorCards } from './seedDoorCards.ts';
import { seedRepairItems } from './seedRepair.ts';
import { seedSpaces } from './seedSpaces.ts';
import { seedCharges } from './seedCharges.ts';

/** The operations specialist (运营专员) runs project configuration and the community spaces for the projects of their region. */
export const SITECONFIG_DEMO_GRANTS: Record<string, string[]> = {
  operations: [
    'configKey:view', 'configKey:add', 'configKey:edit', 'configKey:delete', 'configKey:enable', 'configKey:export',
    'projectConfig:view', 'projectConfig:set', 'projectConfig:export', 'configChange:view', 'configChange:export',
    'space:view', 'space:add', 'space:edit', 'space:delete', 'space:enable', 'space:export', 'space:reveal',
    'spaceBooking:view', 'spaceBooking:add', 'spaceBooking:edit', 'spaceBooking:export', 'spaceBooking:reveal',
    'repairItem:view', 'repairItem:add', 'repairItem:edit', 'repairItem:delete', 'repairItem:enable', 'repairItem:export', 'repairItem:import',
    'doorCard:view', 'doorCard:add', 'doorCard:edit', 'doorCard:delete', 'doorCard:enable', 'doorCard:export',
    // The revenue of paid services priced from the list they keep (家政服务收入).
    'report-homeService:view', 'report-homeService:export',
  ],
  // A project manager reads their own project's configuration and its spaces' bookings.
  project_manager: ['projectConfig:view', 'space:view', 'spaceBooking:view', 'doorCard:view'],
};

export async function seedSiteconfig(ctx: SeedContext): Promise<void> {
  await seedParams(ctx);
  await seedSpaces(ctx);
  await seedRepairItems(ctx);
  await seedCharges(ctx);
  await seedDoorCards(ctx);
}
