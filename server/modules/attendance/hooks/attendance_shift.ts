import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import { badRequest, ok } from '../../../platform/http/envelope.ts';
import type { DB } from '../../../platform/db/index.ts';
import { externalWorkers, externalWorkersAt } from '../../org/public.ts';

const WEEKDAYS = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const days = (value: unknown): string[] => (Array.isArray(value) ? value : JSON.parse(String(value ?? '[]'))).map(String);

/**
 * A shift's people must be enabled supplier workers of the shift's own project and supplier,
 * and nobody works two enabled shifts on one weekday (their day would have two results). The
 * punch point is all three of latitude, longitude and radius, or none.
 */
async function checkShift(trx: AnyDB, id: number | null, shift: Row, staffIds: number[]): Promise<void> {
  const located = ['latitude', 'longitude', 'radius_m'].filter((f) => shift[f] !== null && shift[f] !== undefined);
  if (located.length && located.length < 3) throw badRequest('打卡点须同时填写纬度、经度和打卡半径');
  const workers = await externalWorkers(trx, staffIds);
  for (const staffId of staffIds) {
    const w = workers.find((x) => x.id === staffId);
    if (!w) throw badRequest('考勤人员不存在或已被删除');
    if (w.project_id !== Number(shift.project_id)) throw badRequest(`「${w.name}」不在该班次的项目工作`);
    if (w.supplier !== shift.supplier) throw badRequest(`「${w.name}」不属于供应商「${String(shift.supplier)}」`);
    if (!w.enabled) throw badRequest(`「${w.name}」已停用，不能排班`);
  }
  if (!staffIds.length || shift.enabled === 0) return;
  let others = trx
    .selectFrom('attendance_shift_staff as l')
    .innerJoin('attendance_shift as s', 's.id', 'l.shift_id')
    .innerJoin('external_staff as e', 'e.id', 'l.external_staff_id')
    .select(['s.name', 's.work_days', 'e.name as person'])
    .where('l.external_staff_id', 'in', staffIds)
    .where('s.enabled', '=', 1);
  if (id !== null) others = others.where('s.id', '!=', id);
  const mine = days(shift.work_days);
  for (const o of (await others.execute()) as Row[]) {
    const shared = days(o.work_days).filter((d) => mine.includes(d));
    if (shared.length) throw badRequest(`「${String(o.person)}」${WEEKDAYS[Number(shared[0])]}已排在班次「${String(o.name)}」，同一天只能排一个班次`);
  }
}

export const attendanceShiftHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const shift = { ...(current ?? {}), ...values };
    const staffIds =
      'staff_ids' in values
        ? ((values.staff_ids as number[] | null) ?? [])
        : ((await trx.selectFrom('attendance_shift_staff').select('external_staff_id').where('shift_id', '=', id).execute()) as Row[]).map((r) => Number(r.external_staff_id));
    await checkShift(trx, id, shift, staffIds);
  },
  async afterEnable({ trx, id, enabled }) {
    if (!enabled) return;
    const shift = (await trx.selectFrom('attendance_shift').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
    const staffIds = ((await trx.selectFrom('attendance_shift_staff').select('external_staff_id').where('shift_id', '=', id).execute()) as Row[]).map((r) => Number(r.external_staff_id));
    await checkShift(trx, id, shift, staffIds);
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    const config = { btnCode: ['attendanceShift:add', 'attendanceShift:edit'] };
    const query = (props: Record<string, unknown>) => ({ querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' }, ...props } } });
    /** The projects of the caller's scope that a request names (none named: all of them). */
    const projectsOf = async (staff: Parameters<typeof visibleProjectIds>[1], projectId?: number) => {
      const visible = await visibleProjectIds(app.db as unknown as DB, staff);
      return projectId === undefined ? visible : visible.filter((p) => p === projectId);
    };
    /** Suppliers with workers at the chosen project: the shift form's choices. */
    app.get('/suppliers', { config, schema: query({ projectId: { type: 'integer' } }) }, async (request) => {
      const { projectId } = request.query as { projectId?: number };
      const workers = await externalWorkersAt(db, await projectsOf(request.staff!, projectId));
      return ok([...new Set(workers.map((w) => w.supplier))].map((s) => ({ label: s, value: s })));
    });
    /** The enabled workers of one project and supplier. */
    app.get('/workers', { config, schema: query({ projectId: { type: 'integer' }, supplier: { type: 'string', maxLength: 50 } }) }, async (request) => {
      const { projectId, supplier } = request.query as { projectId?: number; supplier?: string };
      if (!supplier) return ok([]);
      const workers = await externalWorkersAt(db, await projectsOf(request.staff!, projectId), supplier);
      return ok(workers.map((w) => ({ label: w.name, value: w.id })));
    });
  },
};
