import type { SeedContext } from '../../engine/module.ts';
import { seedParams } from './seedParams.ts';

/** The operations specialist (运营专员) runs project configuration for the projects of their region. */
export const SITECONFIG_DEMO_GRANTS: Record<string, string[]> = {
  operations: [
    'configKey:view', 'configKey:add', 'configKey:edit', 'configKey:delete', 'configKey:enable', 'configKey:export',
    'projectConfig:view', 'projectConfig:set', 'projectConfig:export', 'configChange:view', 'configChange:export',
  ],
};

export async function seedSiteconfig(ctx: SeedContext): Promise<void> {
  await seedParams(ctx);
}
