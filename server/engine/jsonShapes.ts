import type { FileKind, JsonShape, ResourceField } from '../../src/shared/schemaTypes.ts';
import { badRequest } from '../platform/http/envelope.ts';
import type { AnyDB } from './hooks.ts';

/** A path the file service answers for a stored file (`cdnUrl` of an upload). */
export const STORED_FILE_PATH = '^/files/[A-Za-z0-9/_-]+\\.[a-z0-9]{2,5}$';

/** The JSON schema ajv checks for a declared shape: members not declared are refused. */
export function shapeSchema(shape: JsonShape): Record<string, unknown> {
  // accept and maxBytes are checked against the stored file (checkFileRefs), not by ajv.
  const { file, items, properties, additionalProperties, accept: _accept, maxBytes: _maxBytes, ...plain } = shape;
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
  if ((shape.accept || shape.maxBytes !== undefined) && !shape.file) problems.push(`${at || '/'}: "accept" and "maxBytes" go with "file": true`);
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

/** The file paths a value holds where its shape says `file`, each with that shape (the value already matches the shape). */
export function fileRefs(shape: JsonShape, value: unknown, out: { path: string; shape: JsonShape }[] = []): { path: string; shape: JsonShape }[] {
  if (shape.file && typeof value === 'string') out.push({ path: value, shape });
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

/** Which of the paths name files the product stored, with each one's size; given by the files module (storedFiles). */
type StoredFiles = (q: AnyDB, paths: string[]) => Promise<Map<string, { size: number }>>;
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
  const refs = fileRefs(field.shape, parsed(value));
  const paths = [...new Set(refs.map((r) => r.path))];
  if (!paths.length) return;
  const known = storedFiles ? await storedFiles(q, paths) : new Map<string, { size: number }>();
  if (paths.some((p) => !known.has(p))) throw badRequest(fileRefRefusal(field.title));
  for (const { path, shape } of refs) {
    const refusal = fileKindRefusal(field.title, shape, path, known.get(path)!.size);
    if (refusal) throw badRequest(refusal);
  }
}

const KIND_NAMES: Partial<Record<FileKind, string>> = { pdf: 'PDF', docx: 'Word', doc: 'Word', xlsx: 'Excel', pptx: 'PowerPoint', mp4: 'MP4 视频', mp3: 'MP3 音频', zip: 'ZIP 压缩包' };
const kindName = (kind: FileKind) => KIND_NAMES[kind] ?? kind.toUpperCase();

/** Size in the units people read: 512 KB, 10 MB. */
export const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * The refusal of a stored file its shape does not accept (null: accepted). The kind is the
 * extension the file service gave the file from its magic bytes, so a renamed file cannot pass.
 */
export function fileKindRefusal(title: string, shape: JsonShape, path: string, size: number): string | null {
  const kind = path.slice(path.lastIndexOf('.') + 1) as FileKind;
  if (shape.accept && !shape.accept.includes(kind)) return `${title}只接受 ${[...new Set(shape.accept.map(kindName))].join('、')} 文件`;
  if (shape.maxBytes !== undefined && size > shape.maxBytes) return `${title}的文件不能大于 ${sizeText(shape.maxBytes)}`;
  return null;
}
