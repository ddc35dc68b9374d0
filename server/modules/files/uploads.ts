import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromFile } from 'file-type';
import { ApiError } from '../../platform/http/envelope.ts';
import { markupScan } from './markupScan.ts';

/** What may be uploaded, by the type its bytes show (never by name or declared type). */
const ALLOWED = new Map<string, string>([
  ['image/jpeg', 'jpg'], ['image/png', 'png'], ['image/gif', 'gif'], ['image/webp', 'webp'], ['image/bmp', 'bmp'],
  ['application/pdf', 'pdf'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
  ['application/x-cfb', 'doc'],
  ['video/mp4', 'mp4'], ['audio/mpeg', 'mp3'], ['application/zip', 'zip'],
]);
/** The image types among them. */
export const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);
/** Shown inline (image viewer, PDF preview); everything else downloads as an attachment. */
export const INLINE = new Set([...IMAGE_TYPES, 'application/pdf']);

/** The raw upload answer of spec 3: status, message, data { cdnUrl, fileSize, fileSampleName, fileFullName }. */
export interface RawUpload {
  cdnUrl: string;
  fileSize: number;
  fileSampleName: string;
  fileFullName: string;
}

/** Which types a route takes (a subset of ALLOWED) and what it says of any other. */
export interface UploadAccepts {
  types: ReadonlySet<string>;
  refusal: string;
}
const ANY_ALLOWED: UploadAccepts = { types: new Set(ALLOWED.keys()), refusal: '不支持的文件类型，请上传图片、PDF、Office 文档、音视频或压缩包' };

/** Names Windows will not save a file under, whatever the extension (CON, NUL.txt, COM1.png...). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/**
 * The name shown and offered on download (never used on disk): no path, no control, bidi or other
 * invisible format characters (a right-to-left override makes "gpj.exe" look like an image), no
 * characters Windows refuses, not a reserved device name, at most 120 characters keeping the extension.
 */
export function safeDisplayName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>:"|?*]/gu, '').trim().replace(/[. ]+$/, '');
  const chars = [...(WINDOWS_RESERVED.test(base) ? `_${base}` : base)];
  return chars.slice(-120).join('') || '未命名文件';
}

/** The upload size limit as the messages say it (20 MB, 64 KB). */
const limitText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

/** Streams one part to a temp file, checks size and type, then moves it under a server-generated name. */
async function store(app: FastifyInstance, part: MultipartFile, uploadedBy: number | null, accepts: UploadAccepts): Promise<RawUpload & { id: string }> {
  const root = path.join(app.config.filesDir, 'files');
  const id = randomUUID().replace(/-/g, '');
  const temp = path.join(app.config.filesDir, 'tmp', `${id}.part`);
  const hash = createHash('sha256');
  const markup = markupScan();
  part.file.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    markup.feed(chunk);
  });
  try {
    await pipeline(part.file, fs.createWriteStream(temp, { flags: 'wx' }));
    if (part.file.truncated) throw new ApiError(413, `文件大小超过限制（最大 ${limitText(app.config.uploadMaxBytes)}）`);
    const size = fs.statSync(temp).size;
    if (size === 0) throw new ApiError(400, '文件内容为空');
    const type = await fileTypeFromFile(temp);
    const ext = type && accepts.types.has(type.mime) ? ALLOWED.get(type.mime) : undefined;
    if (!type || !ext) throw new ApiError(415, accepts.refusal);
    if (INLINE.has(type.mime) && markup.found) throw new ApiError(415, '文件内容含有网页代码，不能作为图片或 PDF 上传');
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    const storedPath = `${month}/${id}.${ext}`;
    fs.mkdirSync(path.join(root, month), { recursive: true });
    fs.renameSync(temp, path.join(root, storedPath));
    const originalName = safeDisplayName(part.filename);
    await app.db
      .insertInto('file_object')
      .values({ id, stored_path: storedPath, original_name: originalName, mime: type.mime, size, sha256: hash.digest('hex'), uploaded_by: uploadedBy, created_at: Date.now() })
      .execute();
    return { id, cdnUrl: `/files/${storedPath}`, fileSize: size, fileSampleName: originalName, fileFullName: storedPath };
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Removes a stored upload and its row (an upload that failed part-way). */
async function discard(app: FastifyInstance, storedPath: string) {
  fs.rmSync(path.join(app.config.filesDir, 'files', storedPath), { force: true });
  await app.db.deleteFrom('file_object').where('stored_path', '=', storedPath).execute();
}

/**
 * The files of a multipart upload (field `file`), each checked (size, type by its bytes, markup
 * in images and PDFs) and stored under a server-generated name with its file_object row;
 * `uploadedBy` is the staff member (null for an owner of the owner app, whose own table links it).
 * Nothing half-stored: an upload that fails removes what it already stored.
 */
export async function receiveUploads(app: FastifyInstance, request: FastifyRequest, options: { many: boolean; uploadedBy: number | null; accepts?: UploadAccepts }): Promise<(RawUpload & { id: string })[]> {
  if (!request.isMultipart()) throw new ApiError(400, '请以 multipart/form-data 上传，文件字段名为 file');
  const stored: (RawUpload & { id: string })[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new ApiError(400, '文件字段名应为 file');
      }
      if (!options.many && stored.length === 1) {
        part.file.resume();
        throw new ApiError(400, '该接口一次只能上传一个文件');
      }
      stored.push(await store(app, part, options.uploadedBy, options.accepts ?? ANY_ALLOWED));
    }
  } catch (error) {
    for (const file of stored) await discard(app, file.fileFullName);
    const code = (error as { code?: string }).code;
    // The client went away mid-body: nobody reads the answer, but it is no server error either.
    if (code === 'ECONNRESET') throw new ApiError(400, '上传已中断');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `文件大小超过限制（最大 ${limitText(app.config.uploadMaxBytes)}）`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiError(413, '一次上传的文件或字段过多');
    throw error;
  }
  if (stored.length === 0) throw new ApiError(400, '没有收到文件');
  return stored;
}
