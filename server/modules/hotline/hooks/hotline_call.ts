import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest, conflict, forbidden, notFound, ok } from '../../../platform/http/envelope.ts';
import type { StaffContext } from '../../../platform/types.ts';
import { findCallers, PHONE_MESSAGE, PHONE_PATTERN, recordCall, seatOf } from '../calls.ts';

const id = { type: 'integer', minimum: 1 } as const;
const body = (properties: Record<string, object>, required: string[]) => ({ body: { type: 'object', additionalProperties: false, required, properties } });

/** One of the operator's own calls, or a refusal. */
async function ownCall(db: AnyDB, staff: StaffContext, callId: number): Promise<Row> {
  const call = (await db.selectFrom('hotline_call').selectAll().where('id', '=', callId).executeTakeFirst()) as Row | undefined;
  if (!call) throw notFound('通话记录不存在');
  if (call.staff_id !== staff.id) throw forbidden('只能处理本人接听或呼出的通话');
  return call;
}

/**
 * The call history (spec 7.5 "call history") and the hotline desk's calls: an incoming call is
 * recorded when the operator answers it (with the customers its number belongs to), an order
 * created during the call is linked to it, and the call ends with a summary. Operators see the
 * calls of the projects they may see, and their own.
 */
export const hotlineCallHooks: ResourceHooks = {
  // Every read (list, detail, options, export) through scopeRows; it was the list's filter only (issue 40).
  visibleRows: ({ staff, projects }) => (eb) => eb.or([eb('hotline_call.staff_id', '=', staff.id), ...(projects.length ? [eb('hotline_call.caller_project_id', 'in', projects)] : [])]),

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;

    /** Owner info by phone (spec 7.5): the whole number, or its last 4 to 10 digits. */
    app.get(
      '/ownerInfo',
      { config: { btnCode: 'hotline:call' }, schema: { querystring: { type: 'object', additionalProperties: false, required: ['phone'], properties: { phone: { type: 'string', maxLength: 20 } } } } },
      async (request) => {
        const phone = (request.query as { phone: string }).phone.trim();
        if (!/^\d{4,12}$/.test(phone.replace('-', ''))) throw badRequest('请输入完整号码或至少 4 位尾号');
        return ok(await findCallers(app, request.staff!, phone));
      },
    );

    /** The operator answers an incoming call: it is recorded, and the customers of its number are answered. */
    app.post('/receive', { config: { btnCode: 'hotline:call' }, schema: body({ phone: { type: 'string', maxLength: 20 } }, ['phone']) }, async (request) => {
      const staff = request.staff!;
      const phone = (request.body as { phone: string }).phone.trim();
      if (!new RegExp(PHONE_PATTERN).test(phone)) throw badRequest(`来电号码不正确：${PHONE_MESSAGE}`);
      const callers = await findCallers(app, staff, phone);
      const seat = await seatOf(db, staff.id);
      const callId = await db.transaction().execute((trx) =>
        recordCall(trx, staff, { direction: 'in', phone, status: 'received', agentNum: seat?.agent_num ?? null, message: null, caller: callers.length === 1 ? callers[0] : undefined }),
      );
      return ok({ callId, callers }, callers.length ? `已接听来电，找到 ${callers.length} 位客户` : '已接听来电，未找到该号码的客户');
    });

    /**
     * Links the order created during the call (the work order's own add created it), and the
     * customer it was created for when the number matched several or none.
     */
    app.post('/link', { config: { btnCode: 'hotline:call' }, schema: body({ id, workOrderId: id }, ['id', 'workOrderId']) }, async (request) => {
      const staff = request.staff!;
      const { id: callId, workOrderId } = request.body as { id: number; workOrderId: number };
      await db.transaction().execute(async (trx) => {
        const call = await ownCall(trx, staff, callId);
        if (call.work_order_id) throw conflict(`该通话已关联工单 ${String(call.work_order_code)}`);
        const order = (await trx.selectFrom('work_order').select(['id', 'code', 'project_id', 'customer_id', 'created_by']).where('id', '=', workOrderId).executeTakeFirst()) as Row | undefined;
        if (!order || order.created_by !== staff.id) throw badRequest('只能关联本人在通话中创建的工单');
        const customer = order.customer_id
          ? ((await trx.selectFrom('customer').select(['id', 'name']).where('id', '=', order.customer_id).executeTakeFirst()) as Row | undefined)
          : undefined;
        await trx
          .updateTable('hotline_call')
          .set({
            work_order_id: order.id,
            work_order_code: order.code,
            caller_project_id: order.project_id,
            ...(customer ? { customer_id: customer.id, customer_name: customer.name } : {}),
            updated_at: Date.now(),
          })
          .where('id', '=', callId)
          .execute();
      });
      return ok({ id: callId }, '工单已关联到本次通话');
    });

    /** The call ends, with what was said. */
    app.post(
      '/finish',
      { config: { btnCode: 'hotline:call' }, schema: body({ id, summary: { type: 'string', maxLength: 500 } }, ['id']) },
      async (request) => {
        const staff = request.staff!;
        const { id: callId, summary } = request.body as { id: number; summary?: string };
        await db.transaction().execute(async (trx) => {
          const call = await ownCall(trx, staff, callId);
          if (call.ended_at) throw conflict('该通话已结束');
          const now = Date.now();
          await trx.updateTable('hotline_call').set({ ended_at: now, summary: summary?.trim() || null, updated_at: now }).where('id', '=', callId).execute();
        });
        return ok({ id: callId }, '通话已结束');
      },
    );
  },
};
