import { lazyPage } from '../../engine/lazyPage.ts';

/** The seal module's screens written in React: placing seals on a PDF (spec: /seal/pdf, /seal/template/edit). */
export const BESPOKE_PAGES = {
  SealPdf: lazyPage(() => import('./SealPdf.tsx')),
  SealTemplateEdit: lazyPage(() => import('./SealTemplateEdit.tsx')),
};
