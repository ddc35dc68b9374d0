import { ok } from '../../platform/http/envelope.ts';
import type { Row } from '../hooks.ts';
import type { ResourceContext } from './context.ts';

const reorderBody = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: { ids: { type: 'array', minItems: 2, maxItems: 500, uniqueItems: true, items: { type: 'integer', minimum: 1 } } },
};

/**
 * The order values the records held, ascending, made strictly increasing (records that shared a
 * value, or had none, get distinct ones), so the dragged order is exactly the order listed.
 */
export function orderSlots(held: (number | null)[]): number[] {
  const sorted = held.map((v) => (typeof v === 'number' ? v : Number.MAX_SAFE_INTEGER)).sort((a, b) => a - b);
  const slots: number[] = [];
  for (const v of sorted) {
    const base = v === Number.MAX_SAFE_INTEGER ? (slots.at(-1) ?? 0) + 1 : v;
    slots.push(slots.length && base <= slots.at(-1)! ? slots.at(-1)! + 1 : base);
  }
  return slots;
}

/**
 * `/reorder` (`orderField` with `permissions.reorder`): the ids of the rows the user dragged, in
 * their new order, take the order values those same rows held. Rows elsewhere keep theirs, so
 * reordering one page (or one filtered group) never moves rows the user did not see. Every id
 * must be visible to the caller (data scope); all or nothing, in one transaction.
 */
export function registerReorder(ctx: ResourceContext): void {
  const { app, db, resource, table, p } = ctx;
  const field = resource.orderField;
  if (!field || !p.reorder) return;
  app.post('/reorder', { config: { btnCode: p.reorder }, schema: { body: reorderBody } }, async (request) => {
    const { ids } = request.body as { ids: number[] };
    const staff = request.staff!;
    await db.transaction().execute(async (trx) => {
      const held: (number | null)[] = [];
      for (const id of ids) {
        // Order is not content: a record locked for edits (online, under approval) is still reordered.
        const row: Row = await ctx.findVisible(id, staff, trx);
        held.push(row[field] as number | null);
      }
      const slots = orderSlots(held);
      const now = Date.now();
      for (const [i, id] of ids.entries()) await trx.updateTable(table).set({ [field]: slots[i], updated_at: now }).where('id', '=', id).execute();
    });
    return ok({ count: ids.length }, '排序已保存');
  });
}
