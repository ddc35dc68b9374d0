import type { EndpointCatalogue, EndpointDef, ReportDef } from '../shared/schemaTypes.ts';
import type { ClientResource } from '../shared/resourceMeta.ts';
import { reportEndpoints, resourceEndpoints } from '../shared/endpoints.ts';

/**
 * The browser's view of schemas/: every resource (its endpoints and workflow), report and endpoint, bundled with the
 * renderer (and hot-reloaded by Vite under `npm run dev`); page schemas are in pageIndex.ts.
 */
const resourceModules = import.meta.glob<ClientResource>('../../schemas/*/resources/*.json', { eager: true, import: 'default', query: '?client' });
const reportModules = import.meta.glob<ReportDef>('../../schemas/*/reports/*.json', { eager: true, import: 'default' });
const endpointModules = import.meta.glob<EndpointCatalogue>('../../schemas/endpoints.json', { eager: true, import: 'default' });

export const RESOURCES = new Map(Object.values(resourceModules).map((r) => [r.name, r]));
export const REPORTS = new Map(Object.values(reportModules).map((r) => [r.name, r]));

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
