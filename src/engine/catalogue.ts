import type { EndpointCatalogue, EndpointDef, MenuCatalogue, PageSchema, ReportDef, ResourceDef } from './schemaTypes.ts';
import { reportEndpoints, resourceEndpoints } from './endpoints.ts';
import menus from '../../schemas/menus.json';

/**
 * The browser's view of schemas/: every page schema and resource, bundled at build time
 * (and hot-reloaded by Vite under `npm run dev`), so adding a screen is adding a JSON file.
 */
const pageModules = import.meta.glob<PageSchema>('../../schemas/pages/*.json', { eager: true, import: 'default' });
const resourceModules = import.meta.glob<ResourceDef>('../../schemas/resources/*.json', { eager: true, import: 'default' });
const reportModules = import.meta.glob<ReportDef>('../../schemas/reports/*.json', { eager: true, import: 'default' });
const endpointModules = import.meta.glob<EndpointCatalogue>('../../schemas/endpoints.json', { eager: true, import: 'default' });

export const PAGES: PageSchema[] = Object.values(pageModules);
export const RESOURCES = new Map(Object.values(resourceModules).map((r) => [r.name, r]));
export const REPORTS = new Map(Object.values(reportModules).map((r) => [r.name, r]));
export const MENU_GROUPS: MenuCatalogue['groups'] = (menus as MenuCatalogue).groups;

const ENDPOINTS = new Map<string, EndpointDef>();
for (const resource of RESOURCES.values()) for (const e of resourceEndpoints(resource)) ENDPOINTS.set(e.id, e);
for (const report of REPORTS.values()) for (const e of reportEndpoints(report)) ENDPOINTS.set(e.id, e);
for (const catalogue of Object.values(endpointModules)) for (const e of catalogue.endpoints) ENDPOINTS.set(e.id, e);

export function endpoint(id: string): EndpointDef {
  const found = ENDPOINTS.get(id);
  if (!found) throw new Error(`unknown endpoint "${id}"`);
  return found;
}

export const hasEndpoint = (id: string) => ENDPOINTS.has(id);

export function pageByRoute(route: string): PageSchema | undefined {
  return PAGES.find((p) => p.route === route);
}
