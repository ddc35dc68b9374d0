import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import type { DB } from '../../../platform/db/index.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { externalWorkersAt } from '../../org/public.ts';
import { badRequest } from '../../../platform/http/envelope.ts';
import { refreshDay } from '../days.ts';
import { judgePunch } from '../punches.ts';

const DAY = 86_400_000;
/** How far back a 补卡 may go. */
export const MANUAL_DAYS = 31;
const TYPE = { on: '上班', off: '下班' } as const;

/**
 * The console adds only 补卡 (manual punches, `attendancePunch:manual`): with a reason, not in the
 * future nor more than 31 days back, for a worker of the chosen project on a shift that day,
 * within its punch range, and only for a side of the day without a punch yet. The server judges
 * it like any punch, and a day already over is updated at once.
 */
export const attendancePunchHooks: ResourceHooks = {
  async beforeSave({ trx, values }) {
    const now = Date.now();
    if (!String(values.reason ?? '').trim()) throw badRequest('请填写补卡原因');
    const at = values.punch_at as number;
    if (at > now) throw badRequest('不能为未来的时间补卡');
    if (at < now - MANUAL_DAYS * DAY) throw badRequest(`只能补 ${MANUAL_DAYS} 天内的卡`);
    const { values: judged, worker } = await judgePunch(trx, { staffId: values.external_staff_id as number, at, source: 'manual', punchType: values.punch_type as 'on' | 'off' });
    if (judged.project_id !== values.project_id) throw badRequest(`「${worker.name}」不在该项目工作`);
    const existing = await trx.selectFrom('attendance_punch').select('id').where('external_staff_id', '=', judged.external_staff_id as number).where('work_date', '=', judged.work_date as string).where('punch_type', '=', judged.punch_type as string).executeTakeFirst();
    if (existing) throw badRequest(`「${worker.name}」${String(judged.work_date)} 已有${TYPE[judged.punch_type as 'on' | 'off']}打卡，无需补卡`);
    Object.assign(values, judged);
  },
  async afterSave({ trx, id }) {
    const values = (await trx.selectFrom('attendance_punch').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
    const shift = (await trx.selectFrom('attendance_shift').selectAll().where('id', '=', values.shift_id as number).executeTakeFirstOrThrow()) as Row;
    await refreshDay(trx, shift, values.external_staff_id as number, values.work_date as string, values.supplier as string, Date.now());
  },
  async routes(app: FastifyInstance) {
    /** The 补卡 form's choices: the enabled workers of the chosen project, within the caller's scope. */
    app.get(
      '/workers',
      { config: { btnCode: 'attendancePunch:manual' }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' }, projectId: { type: 'integer' } } } } },
      async (request) => {
        const { projectId } = request.query as { projectId?: number };
        const visible = await visibleProjectIds(app.db as unknown as DB, request.staff!);
        const workers = await externalWorkersAt(app.db as unknown as AnyDB, visible.filter((p) => projectId === undefined || p === projectId));
        return ok(workers.map((w) => ({ label: `${w.name}（${w.supplier}）`, value: w.id })));
      },
    );
  },
};
