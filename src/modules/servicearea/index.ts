import { lazyPage } from '../../engine/lazyPage.ts';

/** The service-area screen written in React: every area of a project on one map (/serviceAreaConfig). */
export const BESPOKE_PAGES = {
  ServiceAreaConfig: lazyPage(() => import('./ServiceAreaConfig.tsx')),
};
