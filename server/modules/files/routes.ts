import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { notFound } from '../../platform/http/envelope.ts';
import { INLINE, receiveUploads } from './uploads.ts';

export default async function fileService(app: FastifyInstance) {
  const root = path.join(app.config.filesDir, 'files');
  const tmp = path.join(app.config.filesDir, 'tmp');
  fs.mkdirSync(root, { recursive: true });
  fs.mkdirSync(tmp, { recursive: true });
  const raw = (data: unknown) => ({ status: '200', code: '200', message: '上传成功', data });
  /** The staff member's files, answered in the raw shape of spec 3 (without the row id). */
  const receive = async (request: FastifyRequest, many: boolean) => (await receiveUploads(app, request, { many, uploadedBy: request.staff!.id })).map(({ id: _id, ...file }) => file);

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
