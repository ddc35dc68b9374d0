import { lazyPage } from '../app/lazyPage.ts';

/** Screens written in React, named by `component` in their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  HomeIndex: lazyPage(() => import('./home/HomeIndex.tsx')),
  PatrolLocationType: lazyPage(() => import('./patrol/LocationType.tsx')),
  PatrolLocationManage: lazyPage(() => import('./patrol/LocationManage.tsx')),
  PatrolRoutingPlan: lazyPage(() => import('./patrol/RoutingPlan.tsx')),
  PatrolRoutingTask: lazyPage(() => import('./patrol/RoutingTask.tsx')),
  PatrolInspectionLog: lazyPage(() => import('./patrol/InspectionLog.tsx')),
  PatrolStatistics: lazyPage(() => import('./patrol/Statistics.tsx')),
  PatrolQrcode: lazyPage(() => import('./patrol/Qrcode.tsx')),
  PatrolExport: lazyPage(() => import('./patrol/PatrolExport.tsx')),
  PatrolLocationDownload: lazyPage(() => import('./patrol/LocationDownload.tsx')),
  NoticeList: lazyPage(() => import('../push/NoticeList.tsx')),
  WorkOrderDetail: lazyPage(() => import('./workorder/WorkOrderDetail.tsx')),
  WorkOrderOaDetail: lazyPage(() => import('./workorder/WorkOrderOaDetail.tsx')),
  HotlineDesk: lazyPage(() => import('./hotline/HotlineDesk.tsx')),
  ReturnQuestionnaire: lazyPage(() => import('./returnVisit/ReturnQuestionnaire.tsx')),
  QuestionnaireCollect: lazyPage(() => import('./returnVisit/QuestionnaireCollect.tsx')),
};
