import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { badRequest, ok } from '../../platform/http/envelope.ts';

/** What a device report route gets: the shared checks, so every report is signed and aged alike. */
export interface DeviceReport {
  db: AnyDB;
  config: Record<string, unknown>;
  code: Record<string, unknown>;
  sign: Record<string, unknown>;
  deviceOf(code: string, timestamp: number, fields: (string | number)[], given: string): Promise<Row>;
}

const DAY = 86_400_000;
/** Records a device kept while its network was down arrive later; older than this they are refused. */
const MAX_BACKLOG_MS = 30 * DAY;
const KINDS = ['open', 'face_register'];
const METHODS = ['face', 'card', 'qrcode', 'password', 'remote'];
const PERSON_TYPES = ['owner', 'tenant', 'family', 'visitor', 'staff', 'supplier', 'unknown'];

/**
 * What the door devices record (openings, and face registrations on face devices), sent signed
 * like heartbeats and punches (the device's key over the fields joined by |, method and name empty
 * when absent). The device's own record number makes a resend (a retry after a lost answer)
 * change nothing: it answers the record already kept.
 */
export function recordRoute(app: FastifyInstance, { db, config, code, sign, deviceOf }: DeviceReport): void {
  app.post(
    '/record',
    {
      config,
      schema: {
        body: {
          type: 'object',
          required: ['code', 'recordNo', 'kind', 'personType', 'result', 'occurredAt', 'timestamp', 'sign'],
          additionalProperties: false,
          properties: {
            code,
            recordNo: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' },
            kind: { type: 'string', enum: KINDS },
            method: { type: 'string', enum: METHODS },
            personType: { type: 'string', enum: PERSON_TYPES },
            personName: { type: 'string', pattern: '^[\\u4e00-\\u9fa5A-Za-z·]{1,20}$' },
            result: { type: 'string', enum: ['success', 'fail'] },
            occurredAt: { type: 'integer' },
            timestamp: { type: 'integer' },
            sign,
          },
        },
      },
    },
    async (request) => {
      const b = request.body as { code: string; recordNo: string; kind: string; method?: string; personType: string; personName?: string; result: string; occurredAt: number; timestamp: number; sign: string };
      const device = await deviceOf(b.code, b.timestamp, [b.recordNo, b.kind, b.method ?? '', b.personType, b.personName ?? '', b.result, b.occurredAt], b.sign);
      if (b.kind === 'face_register' && device.type !== 'face') throw badRequest('只有人脸门禁设备可以上报人脸注册');
      if (b.kind === 'open' && device.type === 'screen') throw badRequest('广告屏不能上报开门记录');
      if (b.kind === 'open' && !b.method) throw badRequest('开门记录须说明开门方式');
      const now = Date.now();
      if (b.occurredAt > now + 5 * 60_000 || b.occurredAt < now - MAX_BACKLOG_MS) throw badRequest('记录时间超出可接收范围（30 天内）');
      const kept = await db.transaction().execute(async (trx) => {
        const again = (await trx.selectFrom('access_record').select('id').where('device_id', '=', device.id as number).where('record_no', '=', b.recordNo).executeTakeFirst()) as Row | undefined;
        if (again) return { id: again.id as number, duplicate: true };
        const made = await trx
          .insertInto('access_record')
          .values({ project_id: device.project_id, device_id: device.id, record_no: b.recordNo, kind: b.kind, method: b.kind === 'open' ? b.method : null, person_type: b.personType, person_name: b.personName ?? null, result: b.result, occurred_at: b.occurredAt, created_by: null, created_at: now, updated_at: now })
          .onConflict((oc) => oc.columns(['device_id', 'record_no']).doNothing())
          .returning('id')
          .executeTakeFirst();
        // A resend racing the first (another instance) finds the first's row.
        if (!made) return { id: ((await trx.selectFrom('access_record').select('id').where('device_id', '=', device.id as number).where('record_no', '=', b.recordNo).executeTakeFirstOrThrow()) as Row).id as number, duplicate: true };
        return { id: made.id as number, duplicate: false };
      });
      return ok(kept, kept.duplicate ? '该记录已接收过' : '记录已接收');
    },
  );
}
