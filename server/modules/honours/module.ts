import type { ServerModule } from '../../engine/module.ts';
import { cooperationRequestHooks } from './hooks/cooperation_request.ts';
import { honorNominationHooks } from './hooks/honor_nomination.ts';
import { honorRoundHooks } from './hooks/honor_round.ts';
import { honorVoteHooks } from './hooks/honor_vote.ts';
import { HONOURS_DEMO_GRANTS, seedHonours } from './seed.ts';

/**
 * Honours and cooperation: award rounds with their quotas per organisation, nominations held to
 * those quotas (also when two arrive at once), votes and review scores, approval through the
 * approvals engine (kind honor, at /honorApproval), awards published to the honour roll; cooperation
 * requests between teams; and the demo data of the city minimum-wage table (schemas/wages).
 */
export const honoursModule: ServerModule = {
  name: 'honours',
  dependsOn: ['org', 'approval'],
  hooks: { honor_round: honorRoundHooks, honor_nomination: honorNominationHooks, honor_vote: honorVoteHooks, cooperation_request: cooperationRequestHooks },
  demoGrants: HONOURS_DEMO_GRANTS,
  seed: seedHonours,
};
