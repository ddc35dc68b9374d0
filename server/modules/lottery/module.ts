import type { ServerModule } from '../../engine/module.ts';
import { lotteryInviteHooks, signSeededInvites } from './hooks/lottery_invite.ts';
import { lotteryPrizeHooks } from './hooks/lottery_prize.ts';
import lotteryPublicRoutes from './publicRoutes.ts';
import { LOTTERY_DEMO_GRANTS, seedLottery } from './seed.ts';

/**
 * 抽奖 (issue 32, design notes 3.5): campaigns of one project with a time window, prizes with
 * stock and rates (at most 100 % together), per-person limits, winners with verification codes
 * redeemed by staff, and the owners' public wheel, opened through a signed invite link, whose
 * result the server decides in one transaction.
 */
export const lotteryModule: ServerModule = {
  name: 'lottery',
  dependsOn: ['org'],
  hooks: { lottery_prize: lotteryPrizeHooks, lottery_invite: lotteryInviteHooks },
  routes: { lottery: lotteryPublicRoutes },
  background(app) {
    // Before the server answers: a test or a quick restart that closes it at once must not close the pool under it.
    app.addHook('onReady', () => signSeededInvites(app).catch((error: unknown) => app.log.error({ err: error }, 'signing the seeded lottery invites failed')));
  },
  demoGrants: LOTTERY_DEMO_GRANTS,
  seed: seedLottery,
};
