import type { ComponentType } from 'react';
import type { PageSchema } from '../shared/schemaTypes.ts';

type Kind = Exclude<PageSchema['kind'], 'bespoke'>;

/**
 * The renderer of each kind of page schema, each a lazy chunk: a list screen does not load
 * the form, detail or chart code, and the sign-in page loads none of them.
 */
export interface PageKind {
  default: ComponentType<{ page: never }>;
  /** Starts loading the lazily loaded code a page of this kind will need, once its schema is known. */
  preload?: (page: never) => Promise<unknown> | undefined;
}

export const PAGE_KINDS: Record<Kind, () => Promise<PageKind>> = {
  list: () => import('./ListPage.tsx'),
  form: () => import('./FormRoute.tsx'),
  detail: () => import('./DetailPage.tsx'),
  alias: () => import('./AliasPage.tsx'),
  tabs: () => import('./TabsPage.tsx'),
  settings: () => import('./SettingsPage.tsx'),
  report: () => import('./ReportPage.tsx'),
  dashboard: () => import('./DashboardPage.tsx'),
  calendar: () => import('./CalendarPage.tsx'),
  drill: () => import('./DrillPage.tsx'),
};
