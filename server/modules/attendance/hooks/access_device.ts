import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { badRequest, notFound, ok } from '../../../platform/http/envelope.ts';
import { deviceRoutes } from '../deviceRoutes.ts';

/**
 * Access devices: 同步 asks a device to take the project's faces again (同步中 until its next
 * heartbeat says it finished); a device silent past its heartbeat window is marked 离线 by the
 * silent_at date timer (a new window moves its moment); the devices' own signed reports (deviceRoutes.ts).
 */
export const accessDeviceHooks: ResourceHooks = {
  beforeSave({ values, current }) {
    const heard = current?.last_heartbeat as number | null | undefined;
    if (heard && values.heartbeat_minutes !== undefined) values.silent_at = heard + Number(values.heartbeat_minutes) * 60_000;
  },

  afterTransition({ staff, action, record }) {
    // The timer (系统) marks it when the window has passed; nobody may mark a device still heard.
    if (action === 'silence' && staff.id !== 0 && (record.silent_at as number) > Date.now()) throw badRequest('设备心跳未超时，不能标记离线');
  },

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
