import type { JsonShape, ResourceField } from '../../src/shared/schemaTypes.ts';
import { badRequest } from '../platform/http/envelope.ts';
import type { AnyDB } from './hooks.ts';

/** A path the file service answers for a stored file (`cdnUrl` of an upload). */
export const STORED_FILE_PATH = '^/files/[A-Za-z0-9/_-]+\\.[a-z0-9]{2,5}$';

/** The JSON schema ajv checks for a declared shape: members not declared are refused. */
export function shapeSchema(shape: JsonShape): Record<string, unknown> {
  const { file, items, properties, additionalProperties, ...plain } = shape;
  const s: Record<string, unknown> = { ...plain };
  if (file) s.pattern = STORED_FILE_PATH;
  if (items) s.items = shapeSchema(items);
  if (properties) s.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, shapeSchema(v)]));
  if (types(shape).includes('object')) s.additionalProperties = additionalProperties ? shapeSchema(additionalProperties) : false;
  return s;
}

const types = (shape: JsonShape) => (Array.isArray(shape.type) ? shape.type : [shape.type]);

/**
 * What a shape lacks to bound its value, as sentences for the schema lint (empty: none): every
 * list a maximum length, every text a maximum length (or a fixed set of values, or a file path),
 * every object its members or a bounded map.
 */
export function shapeProblems(shape: JsonShape, at = ''): string[] {
  const problems: string[] = [];
  const t = types(shape);
  if (t.includes('array')) {
    if (shape.maxItems === undefined) problems.push(`${at || '/'}: a list needs "maxItems"`);
    if (!shape.items) problems.push(`${at || '/'}: a list needs "items" (the shape of each item)`);
  }
  if (t.includes('string') && shape.maxLength === undefined && !shape.enum && !shape.file) problems.push(`${at || '/'}: a text needs "maxLength", "enum" or "file"`);
  if (shape.file && !t.includes('string')) problems.push(`${at || '/'}: "file" is for a text (the stored file's path)`);
  if (t.includes('object')) {
    if (!shape.properties && !shape.additionalProperties) problems.push(`${at || '/'}: an object needs "properties" or "additionalProperties"`);
    if (shape.additionalProperties && shape.maxProperties === undefined) problems.push(`${at || '/'}: a map ("additionalProperties") needs "maxProperties"`);
  }
  if (shape.items) problems.push(...shapeProblems(shape.items, `${at}/items`));
  for (const [k, v] of Object.entries(shape.properties ?? {})) problems.push(...shapeProblems(v, `${at}/properties/${k}`));
  if (shape.additionalProperties) problems.push(...shapeProblems(shape.additionalProperties, `${at}/additionalProperties`));
  for (const name of shape.required ?? []) if (!shape.properties?.[name]) problems.push(`${at || '/'}: required "${name}" is not in "properties"`);
  return problems;
}

/** The file paths a value holds where its shape says `file` (the value already matches the shape). */
export function fileRefs(shape: JsonShape, value: unknown, out: string[] = []): string[] {
  if (shape.file && typeof value === 'string') out.push(value);
  else if (Array.isArray(value) && shape.items) for (const v of value) fileRefs(shape.items, v, out);
  else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      const member = shape.properties?.[k] ?? shape.additionalProperties;
      if (member) fileRefs(member, v, out);
    }
  }
  return out;
}

/** The refusal of a file reference that is not one of the product's stored files. */
export const fileRefRefusal = (title: string) => `${title}中有文件不是本系统上传的文件，请重新上传`;

/** Which of the paths name files the product stored; given by the files module (storedFiles). */
type StoredFiles = (q: AnyDB, paths: string[]) => Promise<Set<string>>;
let storedFiles: StoredFiles | null = null;

/** The files module tells the engine how to look a stored file up (the engine knows no module). */
export function setStoredFiles(lookup: StoredFiles): void {
  storedFiles = lookup;
}

const parsed = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/**
 * Refuses a JSON field whose file references are not files this product stored: a link to
 * another site or a made-up path would be shown to other staff as an attachment.
 */
export async function checkFileRefs(q: AnyDB, field: ResourceField, value: unknown): Promise<void> {
  if (!field.shape) return;
  const paths = [...new Set(fileRefs(field.shape, parsed(value)))];
  if (!paths.length) return;
  const known = storedFiles ? await storedFiles(q, paths) : new Set<string>();
  if (paths.some((p) => !known.has(p))) throw badRequest(fileRefRefusal(field.title));
}
