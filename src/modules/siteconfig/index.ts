import { lazyPage } from '../../engine/lazyPage.ts';

/** The project-configuration screens written in React, by the `component` name of their page schema (kind "bespoke"). */
export const BESPOKE_PAGES = {
  SetProject: lazyPage(() => import('./SetProject.tsx')),
  ProjectConfigurations: lazyPage(() => import('./ProjectConfigurations.tsx')),
};
