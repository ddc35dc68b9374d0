import { lazyPage } from '../../engine/lazyPage.ts';

/** The messages module's screens, by the `component` name of their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  NoticeList: lazyPage(() => import('./NoticeList.tsx')),
};
