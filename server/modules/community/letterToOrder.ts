import type { AnyDB, HookContext, Row } from '../../engine/hooks.ts';
import type { StaffContext } from '../../platform/types.ts';
import { intakeWorkOrder } from '../workorder/public.ts';

/** Complaints and calls for help are dealt with before the rest. */
const PRIORITY: Record<string, 'high' | 'normal'> = { complaint: 'high', help: 'high' };

/**
 * A letter becomes a work order through the work-order module's own intake (its checks, code,
 * SLA deadlines and dispatch), never a direct insert; the letter then names its order. The
 * writer's house goes with it unless they wrote anonymously.
 */
export async function letterToOrder(app: HookContext['app'], trx: AnyDB, staff: StaffContext, letter: Row & { id: number }): Promise<void> {
  const order = await intakeWorkOrder(app, trx, staff, {
    project_id: letter.project_id as number,
    kind: String(letter.order_kind),
    title: String(letter.title),
    content: `${String(letter.content)}（社区信箱来信 ${String(letter.code)}）`,
    source: 'owner_app',
    priority: PRIORITY[String(letter.letter_type)] ?? 'normal',
    house_id: letter.anonymous ? null : ((letter.house_id as number | null) ?? null),
    origin: `由社区信箱来信 ${String(letter.code)} 转入`,
  });
  await trx.updateTable('community_letter').set({ work_order_id: order.id, work_order_code: order.code, handler_id: (letter.handler_id as number | null) ?? staff.id }).where('id', '=', letter.id).execute();
}
