import type { ResourceDef, ResourceField } from '../../src/shared/schemaTypes.ts';

// The schema lint's checks of map geometry (src/shared/geo.ts) and its picker, kept beside each other.

const GEO_KINDS = ['point', 'polygon'];

/** What is wrong with a resource field declaring `geo` (empty: nothing). */
export function geoFieldProblems(field: ResourceField): string[] {
  if (field.geo === undefined) return [];
  const problems: string[] = [];
  if (field.type !== 'json') problems.push('"geo" belongs to a JSON field (it stores a GeoJSON Point or Polygon)');
  if (!GEO_KINDS.includes(field.geo)) problems.push(`"geo" is "point" or "polygon", not "${String(field.geo)}"`);
  if (field.shape) problems.push('a "geo" field has the engine\'s shape (src/shared/geo.ts); remove "shape"');
  if (field.through || field.ref || field.enum || field.dict || field.audience || field.form) problems.push('a "geo" field takes no "through", "ref", "enum", "dict", "audience" or "form"');
  return problems;
}

/**
 * What is wrong with a MapPicker in a form over `resource`: it must edit a `geo` field of the
 * resource and draw what that field holds (`mode`); an overlay needs its image and two corners.
 */
export function mapPickerProblems(name: string, props: Record<string, unknown>, resource: ResourceDef | undefined): string[] {
  if (!resource) return ['MapPicker belongs to a form over a resource with a "geo" field'];
  const field = resource.fields[name];
  if (!field?.geo || field.type !== 'json') return [`MapPicker edits a JSON field with "geo" (a GeoJSON point or polygon); "${name}" of resource "${resource.name}" is not one`];
  const problems: string[] = [];
  if (props.mode !== field.geo) problems.push(`"mode" must be "${field.geo}", as the field "${name}" declares`);
  const overlay = props.overlay as { url?: unknown; bounds?: unknown } | undefined;
  if (overlay !== undefined) {
    const pair = (p: unknown) => Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number');
    if (typeof overlay?.url !== 'string' || !overlay.url.startsWith('/')) problems.push('"overlay.url" is a path of the product (a stored /files/... image or an app path): no outside address, which an intranet may not reach');
    if (!Array.isArray(overlay?.bounds) || overlay.bounds.length !== 2 || !overlay.bounds.every(pair)) problems.push('"overlay.bounds" is [[south, west], [north, east]] in degrees');
  }
  return problems;
}
