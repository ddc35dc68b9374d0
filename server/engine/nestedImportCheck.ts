import type { ResourceDef } from '../../src/shared/schemaTypes.ts';

/**
 * What the lint says of a resource's nested import, as [JSON pointer, message]: the import is
 * granted, the field is a JSON list of objects, and each child column fills a member of its items
 * under a header no record column already uses.
 */
export function nestedImportProblems(resource: ResourceDef): [string, string][] {
  const nested = resource.nestedImport;
  if (!nested) return [];
  const problems: [string, string][] = [];
  if (!resource.permissions.import) problems.push(['/nestedImport', 'a nested import needs "permissions.import"']);
  const field = resource.fields[nested.field];
  const items = field?.shape?.items;
  const isObjects = (t: unknown) => (Array.isArray(t) ? t.includes('object') : t === 'object');
  if (!field || field.type !== 'json' || field.through || !items || !isObjects(items.type) || !items.properties) {
    problems.push(['/nestedImport/field', `"${nested.field}" must be a json field whose shape is a list of objects with "properties"`]);
    return problems;
  }
  const recordTitles = new Set(Object.entries(resource.fields).filter(([n]) => n !== nested.field).map(([, f]) => f.title));
  const seen = new Set<string>();
  nested.columns.forEach((c, i) => {
    if (!(c.key in items.properties!)) problems.push([`/nestedImport/columns/${i}/key`, `"${c.key}" is not a member of the items of "${nested.field}"`]);
    if (recordTitles.has(c.title) || seen.has(c.title)) problems.push([`/nestedImport/columns/${i}/title`, `the header "${c.title}" is used twice in the import template`]);
    seen.add(c.title);
  });
  return problems;
}
