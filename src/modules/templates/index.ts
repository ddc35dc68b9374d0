import { lazyPage } from '../../engine/lazyPage.ts';

/** The standard-work module's screens, by the `component` name of their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  TaskDetail: lazyPage(() => import('./TaskDetail.tsx')),
};
