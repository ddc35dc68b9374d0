import type { AnyDB, Row } from '../../engine/hooks.ts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import { ownerOf } from './context.ts';
import { houseOf, pageQuery, text, perOwner } from './input.ts';
import { ownedPictures, pictureField, pictureIds } from './pictures.ts';

const feedbackBody = {
  type: 'object',
  required: ['type', 'content'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['bug', 'ux', 'content', 'other'] },
    content: { type: 'string', maxLength: 2000 },
    appVersion: { type: 'string', maxLength: 100 },
    deviceModel: { type: 'string', maxLength: 100 },
    os: { type: 'string', maxLength: 100 },
    images: pictureIds,
  },
} as const;

/** The owner's view of their feedback (staff states in the owner's words). */
const OWNER_STATE: Record<string, string> = { new: '待处理', done: '已回复', ignored: '不予处理' };

/**
 * 意见反馈 about the app itself, from the owner: the operations screen's 待处理, in the project of
 * their house and linked to that house's customer record (the sender on the screen, the history
 * on the customer profile); and the owner's own past feedback with the answers staff gave.
 */
export default async function feedbackRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  app.post('/feedback/submit', { config: { owner: true, rateLimit: perOwner(10, '1 hour') }, schema: { body: feedbackBody } }, async (request) => {
    const owner = ownerOf(request);
    const body = request.body as { type: string; content: string; appVersion?: string; deviceModel?: string; os?: string; images?: string[] };
    const content = text(body.content, '反馈内容', 500)!;
    const appVersion = text(body.appVersion, 'App 版本', 20, false);
    const deviceModel = text(body.deviceModel, '设备型号', 40, false);
    const os = text(body.os, '系统版本', 40, false);
    const house = owner.houses.find((h) => h.houseId !== null) ? houseOf(owner, undefined) : owner.houses[0]!;
    const images = await ownedPictures(db, owner, pictureField(app, 'app_feedback', 'images'), body.images);
    const now = Date.now();
    const { id } = (await db
      .insertInto('app_feedback')
      .values({ type: body.type, content, images, customer_id: house.customerId, customer_name: house.name, contact: owner.mobile, app_version: appVersion, device_model: deviceModel, os, submitted_at: now, status: 'new', state_at: now, project_id: house.projectId, created_by: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    return ok({ id }, '感谢您的反馈');
  });

  /** The owner's feedback, newest first: the answer once handled, and the reason when it was not taken up. */
  app.get('/feedback/list', { config: { owner: true }, schema: { querystring: pageQuery } }, async (request) => {
    const { pageNum = 1, pageSize = 20 } = request.query as { pageNum?: number; pageSize?: number };
    const rows = (await db
      .selectFrom('app_feedback')
      .select(['id', 'type', 'content', 'images', 'submitted_at', 'status', 'reply', 'handled_at'])
      .where('customer_id', 'in', ownerOf(request).houses.map((h) => h.customerId))
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute()) as Row[];
    const ignored = rows.filter((r) => r.status === 'ignored').map((r) => r.id as number);
    // 不予处理 takes a required note (its timeline), which is the owner's answer.
    const reasons = ignored.length
      ? new Map(((await db.selectFrom('resource_timeline').select(['record_id', 'note']).where('resource', '=', 'app_feedback').where('record_id', 'in', ignored).where('to_state', '=', 'ignored').execute()) as Row[]).map((t) => [t.record_id, t.note]))
      : new Map();
    return ok(
      rows.map(({ images, status, reply, ...r }) => ({
        ...r,
        images: typeof images === 'string' ? JSON.parse(images) : (images ?? []),
        state: OWNER_STATE[status as string] ?? '待处理',
        reply: status === 'ignored' ? (reasons.get(r.id) ?? null) : (reply ?? null),
      })),
    );
  });
}
