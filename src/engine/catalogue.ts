import type { EndpointCatalogue, EndpointDef } from '../shared/schemaTypes.ts';
import type { ReportEndpointsMeta } from '../shared/reportMeta.ts';
import type { ClientResource } from '../shared/resourceMeta.ts';
import { reportEndpoints, resourceEndpoints } from '../shared/endpoints.ts';

/**
 * The browser's view of schemas/: every resource (its endpoints and workflow), report (its endpoints) and endpoint, bundled
 * with the renderer (and hot-reloaded by Vite under `npm run dev`); page schemas are in pageIndex.ts, report definitions in
 * reportCatalogue.ts.
 */
const resourceModules = import.meta.glob<ClientResource>('../../schemas/*/resources/*.json', { eager: true, import: 'default', query: '?client' });
const reportModules = import.meta.glob<ReportEndpointsMeta>('../../schemas/*/reports/*.json', { eager: true, import: 'default', query: '?endpoints' });
const endpointModules = import.meta.glob<EndpointCatalogue>('../../schemas/endpoints.json', { eager: true, import: 'default' });

export const RESOURCES = new Map(Object.values(resourceModules).map((r) => [r.name, r]));

const ENDPOINTS = new Map<string, EndpointDef>();
for (const resource of RESOURCES.values()) for (const e of resourceEndpoints(resource)) ENDPOINTS.set(e.id, e);
for (const report of Object.values(reportModules)) for (const e of reportEndpoints(report)) ENDPOINTS.set(e.id, e);
for (const catalogue of Object.values(endpointModules)) for (const e of catalogue.endpoints) ENDPOINTS.set(e.id, e);

export function endpoint(id: string): EndpointDef {
  const found = ENDPOINTS.get(id);
  if (!found) throw new Error(`unknown endpoint "${id}"`);
  return found;
}

export const hasEndpoint = (id: string) => ENDPOINTS.has(id);
