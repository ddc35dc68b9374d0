import type { FastifyInstance } from 'fastify';
import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { conflict } from '../../../platform/http/envelope.ts';
import { assertEditable, completeOrder, nextCode } from '../intake.ts';
import { workOrderRoutes } from '../routes.ts';
import { runSlaSweep } from '../sla.ts';
import { afterStep } from '../steps.ts';
import { checkIntake, receiveOrder } from '../intakeRules.ts';
import { feeColumns, priceFees } from '../fees.ts';
import { orderListFilter, ownOrders } from '../visibility.ts';

const stateText = (app: FastifyInstance) => (state: string) => app.catalogue.resources.get('work_order')?.workflow?.states[state]?.text ?? state;

/**
 * Service work orders (issue 9) over the core work_order table: the lifecycle is the JSON's
 * workflow; these hooks add what JSON cannot say (see server/modules/workorder/).
 */
export const workOrderHooks: ResourceHooks = {
  async beforeSave({ trx, app, id, values, current }) {
    if (current) {
      assertEditable(current, stateText(app), '修改');
      // Whether an order starts as a draft is decided once, when it is created.
      delete values.save_as_draft;
    } else {
      values.code = await nextCode(trx, Date.now());
      if (values.save_as_draft) values.status = 'draft';
    }
    await completeOrder(trx, values, current);
    // Charges are priced by the server from the price list whenever the items or the kind change.
    if ('fee_items' in values || (current && 'kind' in values)) {
      Object.assign(values, feeColumns(await priceFees(trx, String(values.kind ?? current?.kind), values.fee_items ?? current?.fee_items)));
    }
    // The project's parameters and other modules' rules (online repair open, paid repair open).
    if (!current || 'fee_items' in values || 'source' in values || 'kind' in values) await checkIntake(app, trx, { ...(current ?? {}), ...values });
    if (id === null && !values.code) throw conflict('工单编号生成失败，请重试');
  },

  async afterSave({ trx, app, id, created }) {
    if (!created) return;
    const order = (await trx.selectFrom('work_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
    if (order.status === 'draft') {
      // The engine writes every creation as the initial state; a draft starts as a draft.
      await trx.updateTable('resource_timeline').set({ to_state: 'draft', note: '保存为草稿' }).where('resource', '=', 'work_order').where('record_id', '=', id).where('action', '=', 'create').execute();
      return;
    }
    await receiveOrder(app, trx, order, Number(order.created_at));
  },

  async beforeDelete({ trx, app, ids }) {
    const rows = (await trx.selectFrom('work_order').select(['id', 'status']).where('id', 'in', ids).execute()) as Row[];
    for (const row of rows) if (row.status !== 'draft') throw conflict(`只能删除草稿；当前状态为「${stateText(app)(String(row.status))}」的工单请走异常关闭`);
    await trx.deleteFrom('resource_timeline').where('resource', '=', 'work_order').where('record_id', 'in', ids).execute();
  },

  async afterTransition(step) {
    // The technician finishing the job confirms the items done on site: priced again, at that day's list.
    if (step.action === 'handle') {
      await step.trx.updateTable('work_order').set(feeColumns(await priceFees(step.trx, String(step.record.kind), step.record.fee_items))).where('id', '=', step.id).execute();
    }
    await afterStep(step);
  },

  ownRows: ({ db, staff }) => ownOrders(db, staff),

  listFilter: ({ db, staff, query, filters }) => orderListFilter(db, staff, query, filters),

  async routes(app) {
    await workOrderRoutes(app);
    // Warnings run on the workflow timers' clock (every minute; tests pass their own time). They
    // move no record, so they add nothing to the timers' count of moves.
    app.workflowTimers.add(async (now) => {
      await runSlaSweep(app, now);
      return 0;
    });
  },
};
