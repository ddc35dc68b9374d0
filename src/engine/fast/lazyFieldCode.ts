/**
 * The field components whose code loads on first use, by the chunk that holds them (each its
 * export of the same name): fields.tsx makes its lazy components from this list. A page's
 * routing meta names the chunks its schema uses (pageMeta.ts), so the router fetches them
 * beside the page's schema and renderer instead of after both: a form with date pickers
 * waited one more round of fetching and parsing before it could render (#11).
 */
export const LAZY_FIELD_CHUNK = {
  DatePicker: 'datePicker',
  TimePicker: 'timePicker',
  NumberPicker: 'numberPicker',
  ArrayItems: 'arrayItems',
  PermissionTree: 'remote',
  ImageUpload: 'remote',
  FileUpload: 'remote',
  TreeSelectRemote: 'remote',
  CascaderRemote: 'remote',
  MapPicker: 'map',
} as const;

export type LazyFieldChunk = (typeof LAZY_FIELD_CHUNK)[keyof typeof LAZY_FIELD_CHUNK];

/** The lazy chunks that the `x-component`s anywhere in `schema` need. */
export function lazyFieldChunks(schema: unknown): LazyFieldChunk[] {
  const chunks = new Set<LazyFieldChunk>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const name = (node as { 'x-component'?: unknown })['x-component'];
    const chunk = typeof name === 'string' ? LAZY_FIELD_CHUNK[name.split('.')[0] as keyof typeof LAZY_FIELD_CHUNK] : undefined;
    if (chunk) chunks.add(chunk);
    Object.values(node).forEach(visit);
  };
  visit(schema);
  return [...chunks];
}
