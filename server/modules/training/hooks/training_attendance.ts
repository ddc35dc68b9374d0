import type { ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';
import { ATTENDED, creditedHours, trainingById } from '../attendance.ts';

/**
 * The organiser's hand corrections of the attendance sheet (请假, a trainee who signed on paper):
 * the credited hours follow the result, and a hand-marked attendance says so.
 */
export const trainingAttendanceHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    if (!current) throw badRequest('参训人员请在培训的参训名单中添加');
    if ('training_id' in values && values.training_id !== current.training_id) throw badRequest('不能更改签到记录所属的培训');
    if ('staff_id' in values && values.staff_id !== current.staff_id) throw badRequest('不能更改签到记录的参训人');
    if (!('result' in values) || values.result === current.result) return;
    const t = await trainingById(trx, current.training_id as number);
    if (t?.status === 'cancelled') throw badRequest('培训已取消，不能登记出勤');
    if (values.result === 'pending' && current.signed_in_at !== null) throw badRequest('已扫码签到的记录不能改回未签到');
    values.hours_credited = creditedHours(values.result, t?.hours);
    if (ATTENDED.includes(values.result as (typeof ATTENDED)[number]) && current.signed_in_at === null) values.sign_way = 'manual';
    if (!ATTENDED.includes(values.result as (typeof ATTENDED)[number]) && current.signed_in_at === null) values.sign_way = null;
  },
};
