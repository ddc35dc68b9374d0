import { lazyPage } from '../../engine/lazyPage.ts';

/** The learner's own screen (我的学习): assigned courses and today's required reading, studied against the learning services. */
export const BESPOKE_PAGES = {
  MyStudy: lazyPage(() => import('./MyStudy.tsx')),
};
