import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromFile } from 'file-type';
import { create as contentDisposition } from 'content-disposition';
import { ApiError, notFound } from '../../platform/http/envelope.ts';
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
/** Shown inline (image viewer, PDF preview); everything else downloads as an attachment. */
const INLINE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'application/pdf']);

/** The raw upload answer of spec 3: status, message, data { cdnUrl, fileSize, fileSampleName, fileFullName }. */
export interface RawUpload {
  cdnUrl: string;
  fileSize: number;
  fileSampleName: string;
  fileFullName: string;
}

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

export default async function fileService(app: FastifyInstance) {
  const root = path.join(app.config.filesDir, 'files');
  const tmp = path.join(app.config.filesDir, 'tmp');
  fs.mkdirSync(root, { recursive: true });
  fs.mkdirSync(tmp, { recursive: true });
  const limit = app.config.uploadMaxBytes >= 1024 * 1024 ? `${Math.round(app.config.uploadMaxBytes / 1024 / 1024)} MB` : `${Math.round(app.config.uploadMaxBytes / 1024)} KB`;

  /** Streams one part to a temp file, checks size and type, then moves it under a server-generated name. */
  async function store(part: MultipartFile, staffId: number): Promise<RawUpload> {
    const id = randomUUID().replace(/-/g, '');
    const temp = path.join(tmp, `${id}.part`);
    const hash = createHash('sha256');
    const markup = markupScan();
    part.file.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      markup.feed(chunk);
    });
    try {
      await pipeline(part.file, fs.createWriteStream(temp, { flags: 'wx' }));
      if (part.file.truncated) throw new ApiError(413, `文件大小超过限制（最大 ${limit}）`);
      const size = fs.statSync(temp).size;
      if (size === 0) throw new ApiError(400, '文件内容为空');
      const type = await fileTypeFromFile(temp);
      const ext = type ? ALLOWED.get(type.mime) : undefined;
      if (!type || !ext) throw new ApiError(415, '不支持的文件类型，请上传图片、PDF、Office 文档、音视频或压缩包');
      if (INLINE.has(type.mime) && markup.found) throw new ApiError(415, '文件内容含有网页代码，不能作为图片或 PDF 上传');
      const month = new Date().toISOString().slice(0, 7).replace('-', '');
      const storedPath = `${month}/${id}.${ext}`;
      fs.mkdirSync(path.join(root, month), { recursive: true });
      fs.renameSync(temp, path.join(root, storedPath));
      const originalName = safeDisplayName(part.filename);
      await app.db
        .insertInto('file_object')
        .values({ id, stored_path: storedPath, original_name: originalName, mime: type.mime, size, sha256: hash.digest('hex'), uploaded_by: staffId, created_at: Date.now() })
        .execute();
      return { cdnUrl: `/files/${storedPath}`, fileSize: size, fileSampleName: originalName, fileFullName: storedPath };
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }

  async function receive(request: FastifyRequest, many: boolean): Promise<RawUpload[]> {
    if (!request.isMultipart()) throw new ApiError(400, '请以 multipart/form-data 上传，文件字段名为 file');
    const stored: RawUpload[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new ApiError(400, '文件字段名应为 file');
        }
        if (!many && stored.length === 1) {
          part.file.resume();
          throw new ApiError(400, '该接口一次只能上传一个文件');
        }
        stored.push(await store(part, request.staff!.id));
      }
    } catch (error) {
      // Nothing half-stored: an upload that fails removes what it already stored.
      for (const file of stored) await discard(file.fileFullName);
      const code = (error as { code?: string }).code;
      // The client went away mid-body: nobody reads the answer, but it is no server error either.
      if (code === 'ECONNRESET') throw new ApiError(400, '上传已中断');
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `文件大小超过限制（最大 ${limit}）`);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiError(413, '一次上传的文件或字段过多');
      throw error;
    }
    if (stored.length === 0) throw new ApiError(400, '没有收到文件');
    return stored;
  }

  async function discard(storedPath: string) {
    fs.rmSync(path.join(root, storedPath), { force: true });
    await app.db.deleteFrom('file_object').where('stored_path', '=', storedPath).execute();
  }

  const raw = (data: unknown) => ({ status: '200', code: '200', message: '上传成功', data });

  app.post('/upload', { config: { anyStaff: true } }, async (request) => raw((await receive(request, false))[0]));
  app.post('/uploadMulti', { config: { anyStaff: true } }, async (request) => raw(await receive(request, true)));
  /** Files for the CDN: the same storage, served with long-lived caching under /files. */
  app.post('/cdnUpload', { config: { anyStaff: true } }, async (request) => raw((await receive(request, false))[0]));

  /** An attachment with its original (often Chinese) name. */
  app.get('/download/:month/:name', { config: { anyStaff: true }, schema: { params: { type: 'object', properties: { month: { type: 'string', pattern: '^\\d{6}$' }, name: { type: 'string', pattern: '^[0-9a-f]{32}\\.[a-z0-9]{2,5}$' } } } } }, async (request, reply) => {
    const { month, name } = request.params as { month: string; name: string };
    const row = await app.db.selectFrom('file_object').selectAll().where('stored_path', '=', `${month}/${name}`).executeTakeFirst();
    if (!row) throw notFound('文件不存在或已被删除');
    return sendStored(reply, path.join(root, row.stored_path), row.mime, row.original_name, true);
  });
}

export function sendStored(reply: FastifyReply, file: string, mime: string, name: string, attachment: boolean) {
  reply
    .header('content-type', mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    .header('content-disposition', contentDisposition(name, { type: attachment || !INLINE.has(mime) ? 'attachment' : 'inline' }))
    .header('content-length', fs.statSync(file).size);
  return reply.send(fs.createReadStream(file));
}

/** GET /files/<month>/<name>: stored files by their unguessable server-generated names. */
export async function registerFileServing(app: FastifyInstance) {
  const root = path.join(app.config.filesDir, 'files');
  app.get('/files/:month/:name', async (request, reply) => {
    const { month, name } = request.params as { month: string; name: string };
    if (!/^\d{6}$/.test(month) || !/^[0-9a-f]{32}\.[a-z0-9]{2,5}$/.test(name)) throw notFound('文件不存在');
    const row = await app.db.selectFrom('file_object').select(['mime', 'original_name']).where('stored_path', '=', `${month}/${name}`).executeTakeFirst();
    if (!row) throw notFound('文件不存在');
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    return sendStored(reply, path.join(root, month, name), row.mime, row.original_name, false);
  });
}
