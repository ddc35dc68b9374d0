import type { AnyDB } from '../../engine/hooks.ts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import { ownerOf } from './context.ts';
import { houseOf, text, perOwner } from './input.ts';

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
  },
} as const;

/** 意见反馈 about the app itself, from the owner: the operations screen's 待处理, in the project of their house. */
export default async function feedbackRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  app.post('/feedback/submit', { config: { owner: true, rateLimit: perOwner(10, '1 hour') }, schema: { body: feedbackBody } }, async (request) => {
    const owner = ownerOf(request);
    const body = request.body as { type: string; content: string; appVersion?: string; deviceModel?: string; os?: string };
    const content = text(body.content, '反馈内容', 500)!;
    const appVersion = text(body.appVersion, 'App 版本', 20, false);
    const deviceModel = text(body.deviceModel, '设备型号', 40, false);
    const os = text(body.os, '系统版本', 40, false);
    const house = owner.houses.find((h) => h.houseId !== null) ? houseOf(owner, undefined) : owner.houses[0]!;
    const now = Date.now();
    const { id } = (await db
      .insertInto('app_feedback')
      .values({ type: body.type, content, images: null, customer_name: house.name, contact: owner.mobile, app_version: appVersion, device_model: deviceModel, os, submitted_at: now, status: 'new', state_at: now, project_id: house.projectId, created_by: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    return ok({ id }, '感谢您的反馈');
  });
}
