// What other modules may use of the files module (.dependency-cruiser.cjs: modules meet only here).
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { AnyDB } from '../../engine/hooks.ts';
import { notFound } from '../../platform/http/envelope.ts';
import { IMAGE_TYPES, receiveUploads, safeDisplayName, type UploadAccepts } from './uploads.ts';

export { IMAGE_TYPES, receiveUploads, type UploadAccepts };

/** A file the product made itself (a stamped PDF, a seal image): what a file field holds, and its SHA-256. */
export interface GeneratedFile {
  url: string;
  name: string;
  size: number;
  sha256: string;
}

/**
 * Stores bytes the server produced the way uploads are stored (data/files/<month>/<uuid>.<ext>,
 * a file_object row with its hash), so they are served, checked and downloaded like any upload.
 * `ext` is one the file service accepts (pdf, png...) and must match the bytes.
 */
export async function storeGeneratedFile(q: AnyDB, dataDir: string, bytes: Uint8Array, file: { name: string; mime: string; ext: string; staffId: number; at?: number }): Promise<GeneratedFile> {
  const at = file.at ?? Date.now();
  const month = new Date(at).toISOString().slice(0, 7).replace('-', '');
  const id = randomUUID().replace(/-/g, '');
  const storedPath = `${month}/${id}.${file.ext}`;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const name = safeDisplayName(file.name);
  fs.mkdirSync(path.join(dataDir, 'files', month), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files', storedPath), bytes, { flag: 'wx' });
  await q.insertInto('file_object').values({ id, stored_path: storedPath, original_name: name, mime: file.mime, size: bytes.length, sha256, uploaded_by: file.staffId, created_at: at }).execute();
  return { url: `/files/${storedPath}`, name, size: bytes.length, sha256 };
}

/** The bytes of a stored file named by its path (/files/<month>/<name>), refused when it is not one. */
export async function readStoredFile(q: AnyDB, dataDir: string, url: string): Promise<{ bytes: Buffer; mime: string; name: string }> {
  const stored = url.startsWith('/files/') ? url.slice('/files/'.length) : '';
  const row = (await q.selectFrom('file_object').select(['stored_path', 'mime', 'original_name']).where('stored_path', '=', stored).executeTakeFirst()) as { stored_path: string; mime: string; original_name: string } | undefined;
  if (!row) throw notFound('文件不存在或已被删除');
  return { bytes: fs.readFileSync(path.join(dataDir, 'files', row.stored_path)), mime: row.mime, name: row.original_name };
}
