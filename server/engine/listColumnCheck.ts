import type { Column, ResourceDef } from '../../src/shared/schemaTypes.ts';
import { isLatenessColumn } from './latenessCheck.ts';

/** Columns every resource table has besides its fields, as pages may name them. */
export const SYSTEM_FIELDS = new Set(['id', 'enabled', 'project_id', 'created_by', 'created_at', 'updated_at', 'state_at']);

/** "<field>_label": the list and detail answer the label of the record a `ref` field points at. */
export const isRefLabel = (resource: ResourceDef, field: string) => {
  const f = field.endsWith('_label') ? resource.fields[field.slice(0, -'_label'.length)] : undefined;
  // A reference's label, or a multi-select's names (choiceLabels).
  return Boolean(f?.ref || (f?.type === 'json' && (f.enum || f.dict)));
};

/**
 * What the lint says of a list page's column over its resource, as [JSON pointer under the column,
 * message]: the list answers its field (a field or its sub-key, a computed or related column, a
 * system column, the project's name, a reference's label, the lateness), sorts by it only where
 * the resource does, and its `of` and `dict` are those of its cell.
 */
export function listColumnProblems(c: Column, resource: ResourceDef): [string, string][] {
  const problems: [string, string][] = [];
  const name = resource.name;
  const computed = resource.computed?.[c.field];
  const related = resource.related?.[c.field];
  if (related && c.sortable && !related.sortable) problems.push(['/sortable', `resource "${name}" does not sort by its related column "${c.field}"; mark it "sortable"`]);
  const known = computed || related || isLatenessColumn(resource, c) || c.field.split('.')[0]! in resource.fields || SYSTEM_FIELDS.has(c.field) || (resource.scope === 'project' && c.field === 'project_name') || isRefLabel(resource, c.field);
  if (!known) problems.push(['/field', `"${c.field}" is not a field of resource "${name}"`]);
  if (c.sortable && c.field in resource.fields && !resource.fields[c.field]!.sortable) problems.push(['/sortable', `resource "${name}" does not sort by "${c.field}"; mark the field "sortable"`]);
  if (c.sortable && computed && !computed.sortable) problems.push(['/sortable', `resource "${name}" does not sort by its computed column "${c.field}"; mark it "sortable"`]);
  if (c.of && !(c.of in resource.fields) && !resource.computed?.[c.of]) problems.push(['/of', `"${c.of}" is not a field or computed column of resource "${name}"`]);
  if (c.of && c.cell !== 'percent' && c.cell !== 'progress') problems.push(['/of', '"of" is the 100 % of a "percent" or "progress" cell only']);
  if (c.cell === 'dict' && !c.dict) problems.push(['', 'a "dict" cell needs "dict", the dictionary code']);
  return problems;
}
