import { lazyPage } from '../../engine/lazyPage.ts';

/** The messages module's screens, by the `component` name of their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  NoticeList: lazyPage(() => import('./NoticeList.tsx')),
};

/** The messages module's dashboard cards, by their `widget` name in a dashboard page schema. */
export const WIDGETS = {
  UnreadNotices: lazyPage(() => import('./UnreadNotices.tsx')),
};
