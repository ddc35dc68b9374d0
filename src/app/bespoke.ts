import { lazyPage } from './lazyPage.ts';

/** Screens written in React, named by `component` in their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  HomeIndex: lazyPage(() => import('../modules/home/HomeIndex.tsx')),
  PatrolLocationType: lazyPage(() => import('../modules/patrol/LocationType.tsx')),
  PatrolLocationManage: lazyPage(() => import('../modules/patrol/LocationManage.tsx')),
  PatrolRoutingPlan: lazyPage(() => import('../modules/patrol/RoutingPlan.tsx')),
  PatrolRoutingTask: lazyPage(() => import('../modules/patrol/RoutingTask.tsx')),
  PatrolInspectionLog: lazyPage(() => import('../modules/patrol/InspectionLog.tsx')),
  PatrolStatistics: lazyPage(() => import('../modules/patrol/Statistics.tsx')),
  PatrolQrcode: lazyPage(() => import('../modules/patrol/Qrcode.tsx')),
  PatrolExport: lazyPage(() => import('../modules/patrol/PatrolExport.tsx')),
  PatrolLocationDownload: lazyPage(() => import('../modules/patrol/LocationDownload.tsx')),
  NoticeList: lazyPage(() => import('../modules/messages/NoticeList.tsx')),
  WorkOrderDetail: lazyPage(() => import('../modules/workorder/WorkOrderDetail.tsx')),
  WorkOrderOaDetail: lazyPage(() => import('../modules/workorder/WorkOrderOaDetail.tsx')),
  HotlineDesk: lazyPage(() => import('../modules/hotline/HotlineDesk.tsx')),
  ReturnQuestionnaire: lazyPage(() => import('../modules/returnVisit/ReturnQuestionnaire.tsx')),
  QuestionnaireCollect: lazyPage(() => import('../modules/returnVisit/QuestionnaireCollect.tsx')),
};
