import { lazyPage } from '../../engine/lazyPage.ts';

/** The work-order module's screens, by the `component` name of their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  WorkOrderDetail: lazyPage(() => import('./WorkOrderDetail.tsx')),
  WorkOrderOaDetail: lazyPage(() => import('./WorkOrderOaDetail.tsx')),
};
