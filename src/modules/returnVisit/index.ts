import { lazyPage } from '../../engine/lazyPage.ts';

/** The return-visit module's screens, by the `component` name of their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  ReturnQuestionnaire: lazyPage(() => import('./ReturnQuestionnaire.tsx')),
  QuestionnaireCollect: lazyPage(() => import('./QuestionnaireCollect.tsx')),
};
