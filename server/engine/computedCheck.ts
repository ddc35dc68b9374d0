import type { ResourceDef } from '../../src/shared/schemaTypes.ts';

const NUMBERS = new Set(['integer', 'number', 'boolean']);

/**
 * What the lint says of a resource's computed columns, as [JSON pointer, message]: each names an
 * existing child resource, a child field holding this record's id, and number fields to aggregate.
 */
export function computedProblems(resource: ResourceDef, resources: Map<string, ResourceDef>): [string, string][] {
  const problems: [string, string][] = [];
  for (const [name, def] of Object.entries(resource.computed ?? {})) {
    const at = `/computed/${name}`;
    if (name in resource.fields || ['id', 'enabled', 'project_id', 'project_name', 'created_by', 'created_at', 'updated_at', 'state_at'].includes(name)) {
      problems.push([at, `"${name}" is already a field or system column of this resource; give the computed column its own name`]);
    }
    const child = resources.get(def.resource);
    if (!child) {
      problems.push([`${at}/resource`, `no resource "${def.resource}"`]);
      continue;
    }
    const by = child.fields[def.by];
    if (!by || by.type !== 'integer' || by.through || by.ref !== resource.name) problems.push([`${at}/by`, `"${def.by}" must be an integer field of "${def.resource}" with "ref": "${resource.name}" (the record its children belong to)`]);
    if (def.op !== 'count' && !def.field) problems.push([`${at}/field`, `"${def.op}" needs "field", the child's number field it aggregates`]);
    if (def.op === 'count' && (def.field || def.times)) problems.push([`${at}/op`, 'a count counts records: drop "field" and "times", or use sum']);
    if (def.times && def.op !== 'sum' && def.op !== 'avg') problems.push([`${at}/times`, '"times" weighs a sum or an average only']);
    for (const key of ['field', 'times'] as const) {
      const f = def[key];
      if (f && !(child.fields[f] && NUMBERS.has(child.fields[f]!.type))) problems.push([`${at}/${key}`, `"${f}" is not a number field of "${def.resource}"`]);
    }
    def.where?.forEach((c, i) => {
      if (!(c.field in child.fields) && !['id', 'enabled', 'project_id', 'created_by'].includes(c.field)) problems.push([`${at}/where/${i}/field`, `"${c.field}" is not a field of "${def.resource}"`]);
    });
  }
  return problems;
}
