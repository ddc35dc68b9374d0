import type { ResourceDef } from './schemaTypes.ts';

/**
 * The keys of a resource definition the browser uses: its endpoints (resourceEndpoints, with the
 * caches its writes make stale) and its workflow (state cells, transition buttons and dialogs).
 * The build serves them alone as `schemas/<module>/resources/<x>.json?client` (vite.config.ts):
 * the field definitions, which only the server needs, were most of the renderer's weight on
 * every list page.
 */
export const RESOURCE_CLIENT_KEYS = ['name', 'service', 'path', 'permissions', 'enable', 'readOnly', 'workflow', 'invalidates', 'orderField'] as const;

export type ClientResource = Pick<ResourceDef, (typeof RESOURCE_CLIENT_KEYS)[number]> & {
  /** The masked fields' titles by name (`mask` in the fields): the reveal endpoint and dialog need no more of the fields. */
  masked?: Record<string, string>;
  /** The resource has a scope picker (`audience` in the fields): it answers `<name>.audienceOptions`. */
  audience?: true;
};

export function clientResource(resource: ResourceDef): ClientResource {
  const client = Object.fromEntries(RESOURCE_CLIENT_KEYS.filter((k) => k in resource).map((k) => [k, resource[k]])) as unknown as ClientResource;
  const masked = Object.entries(resource.fields).filter(([, f]) => f.mask);
  if (masked.length) client.masked = Object.fromEntries(masked.map(([name, f]) => [name, f.title]));
  if (Object.values(resource.fields).some((f) => f.audience)) client.audience = true;
  return client;
}
