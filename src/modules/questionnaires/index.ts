import { lazyPage } from '../../engine/lazyPage.ts';

/** The questionnaires module's screens, by the `component` name of their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  QuestFill: lazyPage(() => import('./QuestFill.tsx')),
  QuestPreview: lazyPage(() => import('./QuestPreview.tsx')),
  QuestSee: lazyPage(() => import('./QuestSee.tsx')),
  QuestAnalysis: lazyPage(() => import('./QuestAnalysis.tsx')),
};
