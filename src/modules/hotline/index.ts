import { lazyPage } from '../../engine/lazyPage.ts';

/** The hotline module's screens, by the `component` name of their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  HotlineDesk: lazyPage(() => import('./HotlineDesk.tsx')),
};
