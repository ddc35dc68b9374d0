import type { FastifyInstance } from 'fastify';
import type { AnyDB } from '../../engine/hooks.ts';

/**
 * Push notice types of spec 9 that pick the browser's sound: 121 and 103 handle (a new order to
 * take, work coming back), 109 rob-order (the seize pool), 154 comment (an evaluation),
 * pending_receive_msg expire (nobody took the order in time).
 */
export const NOTICE = {
  handle: '121',
  back: '103',
  rob: '109',
  comment: '154',
  expire: 'pending_receive_msg',
  /** Reminders (category 2): progress of an order the recipient follows, SLA warnings. */
  progress: 'workorder_progress',
  warning: 'workorder_warning',
} as const;

export interface OrderRef {
  id: number;
  code: string;
  title: string;
}

/**
 * One notice about a work order to some staff: functionId is the order's id, so the notice's
 * 查看 opens /newTaskDetail?quesTaskId=<id>. Category '1' is a to-do, '2' a reminder. Sent
 * inside the step's transaction: a refused step pushes nothing.
 */
export async function notifyOrder(
  app: FastifyInstance,
  trx: AnyDB,
  order: OrderRef,
  to: (number | null | undefined)[],
  notice: { category: '1' | '2'; type: string; content: string },
): Promise<void> {
  const staffIds = [...new Set(to.filter((id): id is number => typeof id === 'number' && id > 0))];
  if (!staffIds.length) return;
  await app.notices.send(trx, { staffIds, category: notice.category, type: notice.type, title: `工单 ${order.code}`, content: notice.content, functionId: order.id });
}

/** 工单 WO… 「厨房水管漏水」, as notices name an order. */
export const named = (order: OrderRef) => `工单 ${order.code}「${order.title}」`;
