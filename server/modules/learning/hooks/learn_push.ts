import type { FastifyInstance } from 'fastify';
import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';
import { deliverPush, remindDue } from '../pushes.ts';

const TABLES = { course: ['course', '课程', ['published']], map: ['learning_map', '学习地图', ['published']], exam: ['exam', '考试', ['published']] } as const;

/**
 * A push names exactly the content of its type, which must be open to learners (a published
 * course, map or exam); going out (by hand or at its time) assigns and notifies its scope.
 */
export const learnPushHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    const merged: Row = { ...(current ?? {}), ...values };
    const type = merged.content_type as keyof typeof TABLES;
    const [table, label, open] = TABLES[type];
    const id = merged[`${type}_id`];
    if (!id) throw badRequest(`请选择要推送的${label}`);
    for (const other of Object.keys(TABLES)) if (other !== type) values[`${other}_id`] = null;
    const row = await trx.selectFrom(table).select(['name', 'status']).where('id', '=', id as number).executeTakeFirst();
    if (!row) throw badRequest(`${label}不存在或已被删除`);
    if (!(open as readonly string[]).includes(String(row.status))) throw badRequest(`${label}「${row.name}」未发布，不能推送`);
  },
  async beforeDelete({ trx, ids }) {
    const sent = await trx.selectFrom('learn_push').select('title').where('id', 'in', ids).where('status', '=', 'pushed').executeTakeFirst();
    if (sent) throw badRequest(`「${sent.title}」已推送，不能删除`);
  },
  async afterTransition({ trx, app, id, to, record }) {
    if (to === 'pushed') await deliverPush(app, trx, { ...record, id }, Date.now());
  },
  async routes(app: FastifyInstance) {
    app.workflowTimers.add((now) => remindDue(app, now));
  },
};
