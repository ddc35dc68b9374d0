import { lazyPage } from '../app/lazyPage.ts';

/** Screens written in React, named by `component` in their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  HomeIndex: lazyPage(() => import('./home/HomeIndex.tsx')),
  NoticeList: lazyPage(() => import('../push/NoticeList.tsx')),
  WorkOrderDetail: lazyPage(() => import('./workorder/WorkOrderDetail.tsx')),
  WorkOrderOaDetail: lazyPage(() => import('./workorder/WorkOrderOaDetail.tsx')),
  HotlineDesk: lazyPage(() => import('./hotline/HotlineDesk.tsx')),
  ReturnQuestionnaire: lazyPage(() => import('./returnVisit/ReturnQuestionnaire.tsx')),
  QuestionnaireCollect: lazyPage(() => import('./returnVisit/QuestionnaireCollect.tsx')),
};
