import { lazyPage } from '../../engine/lazyPage.ts';

/** The seal module's screens written in React: placing seals on a PDF (spec: /seal/pdf, /seal/template/edit), and the public check of a stamped file (/sealVerify). */
export const BESPOKE_PAGES = {
  SealPdf: lazyPage(() => import('./SealPdf.tsx')),
  SealTemplateEdit: lazyPage(() => import('./SealTemplateEdit.tsx')),
  SealVerify: lazyPage(() => import('./SealVerify.tsx')),
};
