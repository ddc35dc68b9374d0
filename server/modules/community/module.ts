import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import { massNoticeHooks } from './hooks/mass_notice.ts';
import { activityHooks, activitySignupHooks } from './hooks/activity.ts';
import { COMMUNITY_DEMO_GRANTS, seedCommunity } from './seed.ts';

/**
 * Operations content owners see (issue 32): mass notices reviewed through the approvals engine
 * (kind `notice`) and sent to the owners their audience resolves to, with who received and read them;
 * activities and votes reviewed the same way (kind `activity`), their sign-ups and vote tallies.
 */
export const communityModule: ServerModule = {
  name: 'community',
  dependsOn: ['org', 'approval'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  hooks: { mass_notice: massNoticeHooks, activity: activityHooks, activity_signup: activitySignupHooks },
  demoGrants: COMMUNITY_DEMO_GRANTS,
  seed: seedCommunity,
};
