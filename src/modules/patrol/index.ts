import { lazyPage } from '../../engine/lazyPage.ts';

/** The patrol module's screens, by the `component` name of their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  PatrolLocationType: lazyPage(() => import('./LocationType.tsx')),
  PatrolLocationManage: lazyPage(() => import('./LocationManage.tsx')),
  PatrolRoutingPlan: lazyPage(() => import('./RoutingPlan.tsx')),
  PatrolRoutingTask: lazyPage(() => import('./RoutingTask.tsx')),
  PatrolInspectionLog: lazyPage(() => import('./InspectionLog.tsx')),
  PatrolStatistics: lazyPage(() => import('./Statistics.tsx')),
  PatrolQrcode: lazyPage(() => import('./Qrcode.tsx')),
  PatrolExport: lazyPage(() => import('./PatrolExport.tsx')),
  PatrolLocationDownload: lazyPage(() => import('./LocationDownload.tsx')),
};
