import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import { massNoticeHooks } from './hooks/mass_notice.ts';
import { activityHooks, activitySignupHooks } from './hooks/activity.ts';
import { communityLetterHooks } from './hooks/community_letter.ts';
import { communityProfileHooks } from './hooks/community_profile.ts';
import { COMMUNITY_DEMO_GRANTS, seedCommunity } from './seed.ts';

/**
 * Operations content owners see (issue 32): mass notices reviewed through the approvals engine
 * (kind `notice`) and sent to the owners their audience resolves to, with who received and read them;
 * activities and votes reviewed the same way (kind `activity`), their sign-ups and vote tallies;
 * the community mailbox, whose replies are reviewed (kind `mailbox`); the projects' owner-facing profiles.
 */
export const communityModule: ServerModule = {
  name: 'community',
  dependsOn: ['org', 'approval', 'workorder'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  hooks: { mass_notice: massNoticeHooks, activity: activityHooks, activity_signup: activitySignupHooks, community_letter: communityLetterHooks, community_profile: communityProfileHooks },
  demoGrants: COMMUNITY_DEMO_GRANTS,
  seed: seedCommunity,
};
