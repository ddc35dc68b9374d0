import type { Row } from '../../engine/hooks.ts';
import type { IntakeRules } from '../workorder/public.ts';

/**
 * A new work order inside a service area goes to the area's default handler (默认处理人): the
 * area of the order's project that includes the order's building (the house's), the first such
 * area with a handler. The intake then checks that the handler still works there.
 */
export const SERVICEAREA_INTAKE: IntakeRules = {
  async handler(trx, order) {
    if (!order.building_id) return null;
    const area = (await trx
      .selectFrom('service_area as a')
      .innerJoin('service_area_building as b', 'b.service_area_id', 'a.id')
      .select(['a.name', 'a.handler_id'])
      .where('b.building_id', '=', Number(order.building_id))
      .where('a.project_id', '=', Number(order.project_id))
      .where('a.handler_id', 'is not', null)
      .orderBy('a.id')
      .executeTakeFirst()) as Row | undefined;
    return area ? { staffId: Number(area.handler_id), reason: `按服务区域「${String(area.name)}」的默认处理人自动派单` } : null;
  },
};
