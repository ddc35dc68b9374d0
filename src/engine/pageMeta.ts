import { lazyFieldChunks, type LazyFieldChunk } from './fast/lazyFieldCode.ts';
import type { PageSchema, PublicAccess } from '../shared/schemaTypes.ts';

/**
 * The keys of a page schema that the router, the menu and the permission checks need before
 * the screen is opened. The build serves them alone as `schemas/<module>/pages/<x>.json?meta`
 * (vite.config.ts), so the first load carries 120 routes, not 120 screens' columns and fields.
 */
export const PAGE_META_KEYS = ['route', 'title', 'kind', 'keepAlive', 'menu', 'access', 'permissionsOf', 'component', 'public'] as const;

type AnyPage = Partial<Record<(typeof PAGE_META_KEYS)[number], unknown>> & PageSchema;
export type PageMeta = Pick<PageSchema, 'route' | 'title' | 'kind' | 'keepAlive' | 'menu' | 'access' | 'permissionsOf'> & {
  /** The React screen of a bespoke page. */
  component?: string;
  /** A public page (a detail page read through a link's token): routed outside the signed-in layout. */
  public?: PublicAccess | true;
  /**
   * The page declares buttons, so a menu entry grants it. Only whether: the buttons themselves
   * are the server's permission catalogue, and half the routing keys' weight.
   */
  hasButtons?: true;
  /**
   * A form's lazy field code (lazyFieldCode.ts), fetched with its screen: a form renders once its
   * fields' code is there (FormRoute's preload). Other pages show their fields later, in dialogs
   * or filters that render without waiting, so fetching theirs first would only delay them.
   */
  lazyFields?: LazyFieldChunk[];
};

/** The meta keys of a page schema. */
export function pageMeta(page: AnyPage): PageMeta {
  const meta = Object.fromEntries(PAGE_META_KEYS.filter((k) => k in page).map((k) => [k, page[k]])) as PageMeta;
  const lazyFields = page.kind === 'form' ? lazyFieldChunks(page) : [];
  return { ...meta, ...(page.buttons?.length ? { hasButtons: true } : undefined), ...(lazyFields.length ? { lazyFields } : undefined) };
}
