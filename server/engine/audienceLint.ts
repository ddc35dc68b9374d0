import type { ResourceDef, ResourceField } from '../../src/shared/schemaTypes.ts';

// The schema lint's checks of the scope picker (engine/audience.ts), kept beside it.

/** What is wrong with a resource field declaring `audience` (empty: nothing). */
export function audienceFieldProblems(field: ResourceField): string[] {
  if (!field.audience) return [];
  const problems: string[] = [];
  if (field.type !== 'json') problems.push('"audience" belongs to a JSON field (the picker stores { mode, ids })');
  if (field.shape) problems.push('an "audience" field has the engine\'s shape; remove "shape"');
  if (field.through || field.ref || field.enum || field.dict) problems.push('an "audience" field takes no "through", "ref", "enum" or "dict"');
  return problems;
}

/**
 * What is wrong with an AudiencePicker in a form over `resource`: it must edit one of the
 * resource's audience fields, say the same audience, and read that resource's audienceOptions.
 */
export function audiencePickerProblems(name: string, props: Record<string, unknown>, resource: ResourceDef | undefined): string[] {
  if (!resource) return ['AudiencePicker belongs to a form over a resource with an "audience" field'];
  const field = resource.fields[name];
  if (!field?.audience) return [`AudiencePicker edits an "audience" field; "${name}" of resource "${resource.name}" is not one`];
  const problems: string[] = [];
  if (props.audience !== field.audience) problems.push(`"audience" must be "${field.audience}", as the field "${name}" declares`);
  if (props.endpoint !== `${resource.name}.audienceOptions`) problems.push(`"endpoint" must be "${resource.name}.audienceOptions"`);
  return problems;
}
