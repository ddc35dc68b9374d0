import type { ResourceDef } from './schemaTypes.ts';

/**
 * The keys of a resource definition the browser uses: its endpoints (resourceEndpoints, with the
 * caches its writes make stale) and its workflow (state cells, transition buttons and dialogs).
 * The build serves them alone as `schemas/<module>/resources/<x>.json?client` (vite.config.ts):
 * the field definitions, which only the server needs, were most of the renderer's weight on
 * every list page.
 */
export const RESOURCE_CLIENT_KEYS = ['name', 'service', 'path', 'permissions', 'enable', 'readOnly', 'workflow', 'invalidates'] as const;

export type ClientResource = Pick<ResourceDef, (typeof RESOURCE_CLIENT_KEYS)[number]>;

export function clientResource(resource: ResourceDef): ClientResource {
  return Object.fromEntries(RESOURCE_CLIENT_KEYS.filter((k) => k in resource).map((k) => [k, resource[k]])) as ClientResource;
}
