import type { AnyDB, Row } from '../../engine/hooks.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type { IntakeRules } from '../workorder/public.ts';
import { effectiveConfig } from './params.ts';

const projectName = async (trx: AnyDB, id: unknown) => String(((await trx.selectFrom('org').select('name').where('id', '=', Number(id)).executeTakeFirst()) as Row | undefined)?.name ?? '');
const charged = (feeItems: unknown) => {
  const list = typeof feeItems === 'string' ? (JSON.parse(feeItems) as unknown) : feeItems;
  return Array.isArray(list) && list.length > 0;
};

/**
 * The work-order intake follows each project's effective parameters (项目配置 over 全局参数):
 * an owner's repair from the app only where 在线报修 is open, charged items on a repair only
 * where 有偿维修 is open, and a repair's response limit no longer than 报修响应时限 where the project or the company set one.
 */
export const SITECONFIG_INTAKE: IntakeRules = {
  async check(trx, order) {
    if (order.kind !== 'repair') return;
    if (order.source === 'owner_app' && (await effectiveConfig(trx, Number(order.project_id), 'online_repair'))?.value === false) {
      throw badRequest(`项目「${await projectName(trx, order.project_id)}」未开通在线报修，不能受理业主 App 报修`);
    }
    if (charged(order.fee_items) && (await effectiveConfig(trx, Number(order.project_id), 'paid_repair'))?.value === false) {
      throw badRequest(`项目「${await projectName(trx, order.project_id)}」未开放有偿维修，不能选择收费项目`);
    }
  },
  async responseMinutes(trx, order) {
    if (order.kind !== 'repair') return null;
    // Only a limit someone set (the project's or the company's): the key's default leaves the service type's own.
    const limit = await effectiveConfig(trx, Number(order.project_id), 'repair_response_minutes');
    return limit && limit.source !== 'default' && typeof limit.value === 'number' ? limit.value : null;
  },
};
