import type { ResourceDef } from '../../src/shared/schemaTypes.ts';

const SYSTEM = ['id', 'enabled', 'project_id', 'created_by', 'created_at', 'updated_at', 'state_at'];
const isColumn = (r: ResourceDef, name: string) => name in r.fields || SYSTEM.includes(name);

/**
 * What the lint says of a resource's related columns and filters, as [JSON pointer, message]:
 * each reaches an existing resource through a declared reference (or match) and names its
 * columns; a related column never shows personal data (a masked field).
 */
export function relatedProblems(resource: ResourceDef, resources: Map<string, ResourceDef>): [string, string][] {
  const problems: [string, string][] = [];
  const taken = (name: string) => name in resource.fields || SYSTEM.includes(name) || name in (resource.computed ?? {});
  for (const [name, def] of Object.entries(resource.related ?? {})) {
    const at = `/related/${name}`;
    if (taken(name)) problems.push([at, `"${name}" is already a field, system or computed column of this resource; give the related column its own name`]);
    const via = resource.fields[def.via];
    const target = via?.ref && !via.through ? resources.get(via.ref) : undefined;
    if (!target) {
      problems.push([`${at}/via`, `"${def.via}" must be a field of this resource whose "ref" names a resource (not a many-to-many link)`]);
      continue;
    }
    if (target.name === resource.name) problems.push([`${at}/via`, 'a related column reads another resource; a record of the same resource is read by its own screen']);
    const field = target.fields[def.field];
    if (!field && !SYSTEM.includes(def.field)) problems.push([`${at}/field`, `"${def.field}" is not a field of resource "${target.name}"`]);
    else if (field?.mask) problems.push([`${at}/field`, `"${def.field}" of "${target.name}" is personal data (masked); a related column never shows it`]);
    else if (field?.through) problems.push([`${at}/field`, `"${def.field}" of "${target.name}" is a many-to-many link; read it on that resource's own screen`]);
    else if (field?.type === 'json' && (def.sortable || def.filter)) problems.push([`${at}/${def.filter ? 'filter' : 'sortable'}`, `"${def.field}" of "${target.name}" is a JSON value; it neither sorts nor filters`]);
    if (def.filter === 'like' && field && field.type !== 'string' && field.type !== 'text') problems.push([`${at}/filter`, `"like" searches text; "${def.field}" of "${target.name}" is ${field.type}, filter it by "eq"`]);
  }
  for (const [name, def] of Object.entries(resource.relatedFilters ?? {})) {
    const at = `/relatedFilters/${name}`;
    if (taken(name) || name in (resource.related ?? {})) problems.push([at, `"${name}" is already a field or column of this resource; give the filter its own name`]);
    const target = resources.get(def.resource);
    if (!target) {
      problems.push([`${at}/resource`, `no resource "${def.resource}"`]);
      continue;
    }
    if (target.name === resource.name) problems.push([`${at}/resource`, 'a related filter looks at another resource']);
    for (const [theirs, own] of Object.entries(def.match)) {
      if (!isColumn(target, theirs)) problems.push([`${at}/match/${theirs}`, `"${theirs}" is not a field of resource "${target.name}"`]);
      if (!isColumn(resource, own)) problems.push([`${at}/match/${theirs}`, `"${own}" is not a field of this resource`]);
    }
    def.where?.forEach((c, i) => {
      if (!isColumn(target, c.field)) problems.push([`${at}/where/${i}/field`, `"${c.field}" is not a field of resource "${target.name}"`]);
    });
  }
  return problems;
}
