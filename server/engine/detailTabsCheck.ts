import type { ChildListTab, ResourceDef } from '../../src/shared/schemaTypes.ts';

const SYSTEM = new Set(['id', 'enabled', 'project_id', 'project_name', 'created_by', 'created_at', 'updated_at', 'state_at']);

/**
 * What the lint says of a detail page's child-list tab, as [JSON pointer under the tab, message]:
 * the child resource exists and can be listed, `by` is its field referring to the page's
 * resource and filterable by equality (the tab's one filter), and every column is the child's.
 */
export function childTabProblems(tab: ChildListTab, parent: string, resources: Map<string, ResourceDef>): [string, string][] {
  const child = resources.get(tab.resource);
  if (!child) return [['/resource', `no resource "${tab.resource}"`]];
  const problems: [string, string][] = [];
  if (!child.permissions.view) problems.push(['/resource', `resource "${tab.resource}" has no "permissions.view", so it cannot be listed`]);
  const by = child.fields[tab.by];
  if (!by || by.type !== 'integer' || by.ref !== parent || by.filter !== 'eq') problems.push(['/by', `"${tab.by}" must be an integer field of "${tab.resource}" with "ref": "${parent}" and "filter": "eq" (the record its children belong to)`]);
  tab.columns.forEach((c, i) => {
    const field = c.field.split('.')[0]!;
    const known = field in child.fields || Boolean(child.computed?.[field]) || SYSTEM.has(field) || (field.endsWith('_label') && Boolean(child.fields[field.slice(0, -'_label'.length)]?.ref));
    if (!known) problems.push([`/columns/${i}/field`, `"${c.field}" is not a field of resource "${tab.resource}"`]);
  });
  return problems;
}
