import { use } from 'react';
import menus from '../../schemas/menus.json';
import type { PageMeta } from './pageMeta.ts';
import type { MenuCatalogue, PageSchema } from '../shared/schemaTypes.ts';
import { byFileName } from '../shared/schemaLayout.ts';

/**
 * Every page schema's routing keys (route, title, kind, menu and permission flags) are bundled
 * with the app shell; each full schema is a lazy chunk of its own, loaded with its screen.
 */
const metaModules = import.meta.glob<PageMeta>('../../schemas/*/pages/*.json', { eager: true, import: 'default', query: '?meta' });
const pageModules = import.meta.glob<PageSchema>('../../schemas/*/pages/*.json', { import: 'default' });

/** In the server's order (menu order), whatever module each page is in. */
export const PAGE_METAS: PageMeta[] = Object.keys(metaModules)
  .sort(byFileName)
  .map((file) => metaModules[file]!);
export const MENU_GROUPS: MenuCatalogue['groups'] = (menus as MenuCatalogue).groups;

/** Route → the schema's loader. */
const loaders = new Map(Object.entries(metaModules).map(([file, meta]) => [meta.route, pageModules[file.replace(/\?meta$/, '')]!]));
const loaded = new Map<string, Promise<PageSchema | undefined>>();

/** The page schema of a route, loaded once. */
export function loadPage(route: string): Promise<PageSchema | undefined> {
  let page = loaded.get(route);
  if (!page) loaded.set(route, (page = loaders.get(route)?.() ?? Promise.resolve(undefined)));
  return page;
}

/** The page schema of a route; suspends while its chunk loads. */
export function usePage(route: string): PageSchema | undefined {
  return use(loadPage(route));
}
