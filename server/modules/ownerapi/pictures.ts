import type { FastifyInstance } from 'fastify';
import type { ResourceField } from '../../../src/shared/schemaTypes.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { checkFileRefs } from '../../engine/jsonShapes.ts';
import { badRequest, ok } from '../../platform/http/envelope.ts';
import { IMAGE_TYPES, receiveUploads, type UploadAccepts } from '../files/public.ts';
import { ownerOf, type OwnerContext } from './context.ts';
import { perOwner } from './input.ts';

/** The owner app sends pictures only: any other file, whatever its name says, is refused by its bytes. */
const OWNER_PICTURES: UploadAccepts = { types: IMAGE_TYPES, refusal: '只能上传图片（JPG、PNG、GIF、WEBP、BMP 格式）' };

/** The ids of uploaded pictures a letter or a feedback names (the upload answer's id); the count is the field's own limit. */
export const pictureIds = { type: 'array', maxItems: 50, items: { type: 'string', pattern: '^[0-9a-f]{32}$' } } as const;

/** The declared JSON field that holds a record's pictures (its shape: how many, which kinds, how large). */
export const pictureField = (app: FastifyInstance, resource: string, field: string): ResourceField => app.catalogue.resources.get(resource)!.fields[field]!;

/**
 * The stored paths of the pictures an owner attaches, in their order (null: none): at most the
 * field's declared number, each uploaded by this owner through the app, and each of a kind and
 * size the field accepts (the engine's own check of a file field, as for staff writes).
 */
export async function ownedPictures(db: AnyDB, owner: OwnerContext, field: ResourceField, ids: readonly string[] | undefined): Promise<string | null> {
  if (!ids?.length) return null;
  const max = field.shape?.maxItems ?? 0;
  if (ids.length > max) throw badRequest(`${field.title}最多 ${max} 张`);
  if (new Set(ids).size !== ids.length) throw badRequest(`${field.title}不能重复`);
  const rows = (await db
    .selectFrom('owner_upload as u')
    .innerJoin('file_object as f', 'f.id', 'u.file_id')
    .select(['f.id', 'f.stored_path'])
    .where('u.file_id', 'in', [...ids])
    .where('u.customer_id', 'in', owner.houses.map((h) => h.customerId))
    .execute()) as Row[];
  const paths = new Map(rows.map((r) => [r.id as string, `/files/${r.stored_path as string}`]));
  if (paths.size !== ids.length) throw badRequest(`${field.title}不存在或不是您上传的，请重新上传`);
  const urls = ids.map((id) => paths.get(id)!);
  await checkFileRefs(db, field, urls);
  return JSON.stringify(urls);
}

/**
 * POST /api/owner/file/upload: one picture from the owner app, checked by the files module's own
 * upload checks (size, type by its bytes, markup) and linked to the owner, who alone may attach it.
 */
export default async function pictureRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  app.post('/file/upload', { config: { owner: true, rateLimit: perOwner(60, '1 hour') } }, async (request) => {
    const owner = ownerOf(request);
    const [file] = await receiveUploads(app, request, { many: false, uploadedBy: null, accepts: OWNER_PICTURES });
    await db.insertInto('owner_upload').values({ file_id: file!.id, customer_id: owner.customerId, created_at: Date.now() }).execute();
    return ok({ id: file!.id, url: file!.cdnUrl, size: file!.fileSize, name: file!.fileSampleName }, '上传成功');
  });
}
