import type { AnyDB, Row } from '../../engine/hooks.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { externalWorkers } from '../org/public.ts';
import { shiftOn } from './days.ts';
import { dayKey, punchResult, punchTypeAt, punchWindow, type PunchType, type Shift } from './punchRules.ts';

const hhmm = (at: number) => new Date(at).toTimeString().slice(0, 5);

export interface PunchInput {
  staffId: number;
  at: number;
  source: 'app' | 'face' | 'manual';
  punchType?: PunchType;
  location?: string | null;
  /** The face device a face punch was made at. */
  deviceId?: number;
}

/**
 * What a punch stores besides what was sent: the worker's project and supplier, the shift they
 * are on that day, the day, the type (by the time when not stated) and the result judged by the
 * shift. A face punch names an enabled face device of the worker's project. Refused when the worker is unknown or disabled, has no shift that day, or punched
 * outside the shift's punch range.
 */
export async function judgePunch(db: AnyDB, input: PunchInput): Promise<{ values: Row; shift: Row; worker: { name: string; supplier: string; project_id: number } }> {
  const [worker] = await externalWorkers(db, [input.staffId]);
  if (!worker) throw badRequest('考勤人员不存在或已被删除');
  if (!worker.enabled) throw badRequest(`「${worker.name}」已停用，不能打卡`);
  const day = dayKey(input.at);
  const shift = await shiftOn(db, worker.id, day);
  if (!shift) throw badRequest(`「${worker.name}」${day} 没有排班`);
  const rules = shift as unknown as Shift;
  const window = punchWindow(rules, day);
  if (input.at < window.from || input.at > window.to) throw badRequest(`打卡时间不在班次「${String(shift.name)}」的打卡范围内（${hhmm(window.from)} 至 ${hhmm(window.to)}）`);
  if (input.source === 'face') {
    const device = (await db.selectFrom('access_device').select(['project_id', 'type', 'enabled', 'name']).where('id', '=', input.deviceId ?? 0).executeTakeFirst()) as Row | undefined;
    if (!device || device.type !== 'face') throw badRequest('人脸打卡须来自人脸门禁设备');
    if (device.project_id !== worker.project_id) throw badRequest(`设备「${String(device.name)}」不在「${worker.name}」工作的项目`);
    if (!device.enabled) throw badRequest(`设备「${String(device.name)}」已停用`);
  }
  const punchType = input.punchType ?? punchTypeAt(rules, day, input.at);
  const values: Row = {
    external_staff_id: worker.id, project_id: worker.project_id, supplier: worker.supplier, shift_id: shift.id, work_date: day,
    punch_at: input.at, punch_type: punchType, source: input.source, device_id: input.source === 'face' ? input.deviceId : null, location: input.location ?? null,
    result: punchResult(rules, day, input.at, punchType, input.location),
  };
  return { values, shift, worker };
}
