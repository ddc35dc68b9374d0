import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { notFound, ok } from '../../../platform/http/envelope.ts';
import { deviceRoutes } from '../deviceRoutes.ts';

/**
 * Access devices: 同步 asks a device to take the project's faces again (同步中 until its next
 * heartbeat says it finished); the devices' own signed reports (deviceRoutes.ts).
 */
export const accessDeviceHooks: ResourceHooks = {
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.post('/sync', { config: { btnCode: 'accessDevice:edit' }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer' } } } } }, async (request) => {
      const { id } = request.body as { id: number };
      const visible = await scopeRows({ db, staff: request.staff! }, { name: 'access_device', scope: 'project' }, db.selectFrom('access_device').select(['id', 'enabled']).where('id', '=', id));
      const device = (await visible.executeTakeFirst()) as Row | undefined;
      if (!device) throw notFound();
      await db.updateTable('access_device').set({ sync_state: 'syncing', updated_at: Date.now() }).where('id', '=', id).execute();
      return ok({ id }, '已下发同步，设备下次心跳时完成');
    });
    deviceRoutes(app);
  },
};
