import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { ApiError, badRequest, ok } from '../../platform/http/envelope.ts';
import { refreshDay } from './days.ts';
import { judgePunch } from './punches.ts';
import { recordRoute } from './recordRoute.ts';
import { writeTimeline } from '../../engine/resources/workflow.ts';

/**
 * What the face devices report: heartbeats (with whether they finished syncing) and the face
 * punches of supplier workers, each signed with the device's own key, HMAC-SHA256 keyed by
 * PMS_SIGN_SEED and the device code (the installer provisions it), over the fields joined by |.
 * A report is accepted within five minutes of its timestamp; a disabled or unknown device is refused.
 */
const MAX_AGE_MS = 5 * 60_000;

/** A device's key: what the installer writes into the device with its code. */
export const deviceKey = (seed: string, code: string): string => createHmac('sha256', `access-device:${seed}`).update(code).digest('hex');
export const deviceSign = (seed: string, code: string, fields: readonly (string | number)[]): string => createHmac('sha256', deviceKey(seed, code)).update([code, ...fields].join('|')).digest('hex');

export function deviceRoutes(app: FastifyInstance): void {
  const db = app.db as unknown as AnyDB;
  const config = { public: true, unsigned: true, rateLimit: { max: 600, timeWindow: '1 minute' } };
  const code = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$' };
  const sign = { type: 'string', pattern: '^[0-9a-f]{64}$' };

  /** The device a report names, once its signature and age are checked. */
  async function deviceOf(c: string, timestamp: number, fields: (string | number)[], given: string): Promise<Row> {
    const expected = Buffer.from(deviceSign(app.config.signSeed, c, [...fields, timestamp]));
    if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), expected)) throw new ApiError(401, '设备签名无效');
    if (Math.abs(Date.now() - timestamp) > MAX_AGE_MS) throw new ApiError(401, '设备上报已过期');
    const device = (await db.selectFrom('access_device').selectAll().where('code', '=', c).executeTakeFirst()) as Row | undefined;
    if (!device) throw badRequest('设备未登记');
    if (!device.enabled) throw badRequest('设备已停用');
    return device;
  }

  app.post(
    '/heartbeat',
    { config, schema: { body: { type: 'object', required: ['code', 'synced', 'timestamp', 'sign'], additionalProperties: false, properties: { code, synced: { type: 'integer', enum: [0, 1] }, timestamp: { type: 'integer' }, sign } } } },
    async (request) => {
      const b = request.body as { code: string; synced: 0 | 1; timestamp: number; sign: string };
      const device = await deviceOf(b.code, b.timestamp, [b.synced], b.sign);
      const now = Date.now();
      // A device that finished what it was asked to sync says so with its heartbeat.
      const state = b.synced && device.sync_state === 'syncing' ? 'synced' : device.sync_state;
      await db.transaction().execute(async (trx) => {
        // Heard again: online until its window passes without another (the silent_at date timer).
        const silentAt = now + (device.heartbeat_minutes as number) * 60_000;
        await trx.updateTable('access_device').set({ last_heartbeat: now, sync_state: state, silent_at: silentAt, online_state: 'online', ...(device.online_state === 'online' ? {} : { state_at: now }), updated_at: now }).where('id', '=', device.id as number).execute();
        if (device.online_state !== 'online') await writeTimeline(trx, 'access_device', { id: device.id as number, action: 'heartbeat', from: device.online_state as string, to: 'online', note: '设备心跳恢复' }, null);
      });
      return ok({ syncState: state }, '心跳已接收');
    },
  );

  app.post(
    '/punch',
    { config, schema: { body: { type: 'object', required: ['code', 'idNumber', 'punchAt', 'timestamp', 'sign'], additionalProperties: false, properties: { code, idNumber: { type: 'string', pattern: '^\\d{17}[\\dX]$' }, punchAt: { type: 'integer' }, timestamp: { type: 'integer' }, sign } } } },
    async (request) => {
      const b = request.body as { code: string; idNumber: string; punchAt: number; timestamp: number; sign: string };
      const device = await deviceOf(b.code, b.timestamp, [b.idNumber, b.punchAt], b.sign);
      if (device.type !== 'face') throw badRequest('只有人脸门禁设备可以上报考勤打卡');
      const result = await db.transaction().execute(async (trx) => {
        const worker = (await trx.selectFrom('external_staff').select('id').where('id_number', '=', b.idNumber).executeTakeFirst()) as Row | undefined;
        if (!worker) throw badRequest('未找到该身份证号的供应商人员');
        const { values, shift } = await judgePunch(trx, { staffId: worker.id as number, at: b.punchAt, source: 'face', deviceId: device.id as number });
        // The same punch sent twice (a retry after a lost answer) is kept once.
        const again = await trx.selectFrom('attendance_punch').select(['id', 'result']).where('external_staff_id', '=', worker.id as number).where('punch_at', '=', b.punchAt).where('device_id', '=', device.id as number).executeTakeFirst();
        if (again) return again as Row;
        const now = Date.now();
        const made = await trx.insertInto('attendance_punch').values({ ...values, photo: null, reason: null, remark: null, created_by: null, created_at: now, updated_at: now }).returning(['id', 'result']).executeTakeFirstOrThrow();
        await refreshDay(trx, shift, worker.id as number, values.work_date as string, values.supplier as string, now);
        return made as Row;
      });
      return ok({ id: result.id, result: result.result }, '打卡已接收');
    },
  );

  recordRoute(app, { db, config, code, sign, deviceOf });
}
