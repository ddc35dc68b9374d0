import { lazyPage } from '../../engine/lazyPage.ts';

/** The lottery's owner-facing screens (spec 2.2 public pages): the lucky wheel and its rules and prizes. */
export const BESPOKE_PAGES = {
  LotteryWheel: lazyPage(() => import('./LotteryWheel.tsx')),
  LotteryDetail: lazyPage(() => import('./LotteryDetail.tsx')),
};
