import type { BtnGuard, PageSchema, ResourceDef } from '../../src/shared/schemaTypes.ts';
import type { Catalogue } from './catalogue.ts';
import { guardCodes } from './catalogue.ts';

/** The endpoints of `<resource>.options` a form or filter's fields call (RemoteSelect and the like), found anywhere under them. */
function optionsCalled(fields: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(fields)) for (const f of fields) optionsCalled(f, into);
  else if (fields && typeof fields === 'object') {
    for (const [key, value] of Object.entries(fields)) {
      if (key === 'endpoint' && typeof value === 'string' && value.endsWith('.options')) into.add(value.slice(0, -'.options'.length));
      else optionsCalled(value, into);
    }
  }
  return into;
}

/**
 * Who may read a resource's lookup (`<name>.options`: labels and ids only) besides its viewers:
 * whoever holds a button of a screen whose form or filter picks records of it. A form's are the
 * codes that open it (its resource's add and update, or its submit endpoint's), a list's filter
 * its resource's view, a workflow move's inputs the move's code. So a staff select is never empty
 * for someone who may fill the form but not open the staff screen.
 */
function lookupGuards(catalogue: Catalogue): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  const grant = (resources: Set<string>, guards: (BtnGuard | undefined)[]) => {
    for (const r of resources) for (const code of guards.flatMap(guardCodes)) out.set(r, (out.get(r) ?? new Set()).add(code));
  };
  const resourceOf = (page: PageSchema): ResourceDef | undefined => ('resource' in page && typeof page.resource === 'string' ? catalogue.resources.get(page.resource) : undefined);
  for (const page of catalogue.pages) {
    const resource = resourceOf(page);
    if (page.kind === 'form') {
      const submit = page.submit ? catalogue.endpoints.get(page.submit)?.btnCode : undefined;
      grant(optionsCalled(page.fields, new Set()), page.submit ? [submit] : [resource?.permissions.add, resource?.permissions.update]);
    } else if (page.kind === 'list' && page.filters) grant(optionsCalled(page.filters, new Set()), [resource?.permissions.view]);
  }
  for (const resource of catalogue.resources.values()) {
    for (const t of resource.workflow?.transitions ?? []) if (t.inputs) grant(optionsCalled(t.inputs, new Set()), [t.btnCode]);
  }
  return new Map([...out].map(([r, codes]) => [r, [...codes]]));
}

const cache = new WeakMap<Catalogue, Map<string, string[]>>();

/** The codes that open `<resource>.options`: its view code and those its pickers imply (lookupGuards). */
export function lookupCodes(catalogue: Catalogue, resource: ResourceDef): string[] {
  let guards = cache.get(catalogue);
  if (!guards) cache.set(catalogue, (guards = lookupGuards(catalogue)));
  return [...new Set([...guardCodes(resource.permissions.view), ...(guards.get(resource.name) ?? [])])];
}
