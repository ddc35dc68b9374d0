import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest, conflict, notFound, ok } from '../../../platform/http/envelope.ts';
import { sendTask, taskById } from '../send.ts';

const RESULT: Record<string, string> = { sent: '重新发送成功', retrying: '重新发送失败，稍后将自动重试', failed: '重新发送失败' };

/** 重试: sends a task again at once, through the same code as the timer's sends, and answers how it went. */
export const syncTaskHooks: ResourceHooks = {
  async routes(app: FastifyInstance) {
    app.post('/retry', { config: { btnCode: 'transport:retry' }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } } }, async (request) => {
      const { id } = request.body as { id: number };
      if (!app.config.transportUrl) throw badRequest('未配置数据传输接收地址（PMS_TRANSPORT_URL），无法发送');
      const task = await taskById(app.db as unknown as AnyDB, id);
      if (!task) throw notFound();
      if (task.status === 'sent') throw conflict('该任务已发送成功，无需重试');
      // A retry by hand starts a fresh round of attempts.
      const outcome = await sendTask(app, { ...task, attempts: task.status === 'failed' ? 0 : task.attempts });
      const row = await taskById(app.db as unknown as AnyDB, id);
      return ok({ status: outcome, attempts: row?.attempts }, RESULT[outcome]);
    });
  },
};
