import type { Column, ResourceDef } from '../../src/shared/schemaTypes.ts';

/** Problems of a resource's `lateness` (path, message): its deadlines are datetime fields of the resource. */
export function latenessProblems(resource: ResourceDef): [string, string][] {
  const late = resource.lateness;
  if (!late) return [];
  const problems: [string, string][] = [];
  const isTime = (name: string) => resource.fields[name]?.type === 'datetime';
  late.deadlines.forEach((d, i) => {
    for (const key of ['due', 'done'] as const) if (!isTime(d[key])) problems.push([`/lateness/deadlines/${i}/${key}`, `"${d[key]}" is not a datetime field of resource "${resource.name}"`]);
  });
  if (late.unless && !(late.unless.field in resource.fields)) problems.push(['/lateness/unless/field', `"${late.unless.field}" is not a field of resource "${resource.name}"`]);
  if ('lateness' in resource.fields || 'lateness_of' in resource.fields || resource.computed?.lateness) problems.push(['/lateness', '"lateness" and "lateness_of" are the names of the columns it adds: no field or computed column may have them']);
  return problems;
}

/** A column of the lateness: field "lateness" with cell "lateness", of a resource declaring `lateness`. */
export const isLatenessColumn = (resource: ResourceDef, c: Column) => c.field === 'lateness' && Boolean(resource.lateness);

/** Problems of a lateness column (path inside the column, message). */
export function latenessColumnProblems(resource: ResourceDef, c: Column): [string, string][] {
  if (c.cell !== 'lateness' && !(c.field === 'lateness' && resource.lateness)) return [];
  if (!resource.lateness) return [['/cell', `resource "${resource.name}" declares no "lateness" (its deadlines)`]];
  if (c.field !== 'lateness') return [['/field', 'a "lateness" cell shows the field "lateness"']];
  if (c.cell !== 'lateness') return [['/cell', 'the field "lateness" is shown by the cell "lateness"']];
  return [];
}
