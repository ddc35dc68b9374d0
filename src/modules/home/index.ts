import { lazyPage } from '../../engine/lazyPage.ts';

/** The home module's screens, by the `component` name of their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  HomeIndex: lazyPage(() => import('./HomeIndex.tsx')),
};
