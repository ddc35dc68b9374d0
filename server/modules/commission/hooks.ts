import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, ok } from '../../platform/http/envelope.ts';
import type { AnyDB, ResourceHooks, Row } from '../../engine/hooks.ts';
import { scopeRows } from '../../engine/scope.ts';
import { fen, shown, yuan } from './money.ts';
import { computeFromSources, heldFen, poolFen, refreshPool, type Computed } from './pools.ts';
import { SOURCE_KINDS } from './rules.ts';
import { writeCommissionLogs } from './logs.ts';
import { lockedRows } from '../../platform/db/dialect.ts';
import { oaCallbackRoute, oaSubmitted } from './oa.ts';

const BIZ: Record<string, string> = { repair_paid: '有偿维修', home_service: '家政服务', rental: '房屋租售', parking: '车位销售', group_buy: '社区团购', referral: '推荐奖励' };

/** The columns a computation from source orders writes: income, pool, the count and the rules it used, and when. */
const computedColumns = (c: Computed, heldFen: number) => ({ income_amount: yuan(c.incomeFen), rate: null, pool_amount: yuan(c.poolFen), balance: yuan(c.poolFen - heldFen), orders_count: c.orders, rule_basis: JSON.stringify(c.basis), computed_at: Date.now() });

export const poolHooks: ResourceHooks = {
  // A repair or home-service pool is computed from its source orders by the commission rules
  // whenever it is saved while collecting; other types take the income and rate entered.
  async beforeSave({ trx, values, current }) {
    if (current && current.status !== 'open') throw conflict('佣金池已锁定或结清，不能修改；如需调整请先解锁');
    const m = { ...(current ?? {}), ...values };
    const project = await trx.selectFrom('org').select('name').where('id', '=', m.project_id as number).executeTakeFirst();
    const held = current ? await heldFen(trx, current.id as number, null) : 0;
    const title = `${project?.name ?? ''} ${m.period} ${BIZ[m.biz_type as string] ?? ''}`;
    if (SOURCE_KINDS[m.biz_type as string]) {
      const computed = await computeFromSources(trx, m.project_id as number, m.period as string, m.biz_type as string);
      if (computed.poolFen < held) throw conflict(`核算后佣金池金额 ${shown(computed.poolFen)} 元少于已分配的 ${shown(held)} 元`);
      Object.assign(values, { title, distributed_amount: yuan(held), ...computedColumns(computed, held) });
      return;
    }
    if (m.income_amount === null || m.income_amount === undefined || m.rate === null || m.rate === undefined) throw badRequest('请填写收入与提成比例');
    const amount = poolFen(m.income_amount, m.rate);
    if (amount < held) throw conflict(`佣金池金额 ${shown(amount)} 元少于已分配的 ${shown(held)} 元`);
    Object.assign(values, { title, pool_amount: yuan(amount), distributed_amount: yuan(held), balance: yuan(amount - held), orders_count: null, rule_basis: null, computed_at: null });
  },
  async afterTransition({ trx, id, action }) {
    if (action !== 'unlock') return;
    const held = await trx.selectFrom('commission_distribution').select('id').where('pool_id', '=', id).where('status', 'in', ['approving', 'approved', 'paid']).executeTakeFirst();
    if (held) throw conflict('佣金池已有审批中或已通过的分配单，不能解锁');
  },
  async routes(app: FastifyInstance) {
    app.post('/compute', { config: { btnCode: 'commissionPool:edit' }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } } }, async (request) => {
      const { id } = request.body as { id: number };
      const staff = request.staff!;
      const computed = await (app.db as unknown as AnyDB).transaction().execute(async (trx) => {
        const pool = (await (await scopeRows({ db: trx, staff }, { name: 'commission_pool', scope: 'project' }, trx.selectFrom('commission_pool').selectAll().where('id', '=', id))).executeTakeFirst()) as Row | undefined;
        if (!pool) throw badRequest('佣金池不存在或无权访问');
        if (!SOURCE_KINDS[pool.biz_type as string]) throw badRequest('只有有偿维修、家政服务佣金池可按工单核算');
        if (pool.status !== 'open') throw conflict('佣金池已锁定或结清，不能重新核算');
        const computed = await computeFromSources(trx, pool.project_id as number, pool.period as string, pool.biz_type as string);
        const held = await heldFen(trx, id, null);
        if (computed.poolFen < held) throw conflict(`核算后佣金池金额 ${shown(computed.poolFen)} 元少于已分配的 ${shown(held)} 元`);
        await trx.updateTable('commission_pool').set({ ...computedColumns(computed, held), updated_at: Date.now() }).where('id', '=', id).execute();
        return computed;
      });
      return ok({ id, income_amount: yuan(computed.incomeFen), pool_amount: yuan(computed.poolFen), orders_count: computed.orders }, `核算完成：本期 ${computed.orders} 单，收入 ${shown(computed.incomeFen)} 元，佣金 ${shown(computed.poolFen)} 元`);
    });
  },
};

export const distributionHooks: ResourceHooks = {
  async beforeSave({ trx, staff, id, values, current }) {
    if (current && !['draft', 'rejected'].includes(current.status as string)) throw conflict('分配单已提交，不能修改');
    const m = { ...(current ?? {}), ...values };
    // The pool row is locked until the write commits: two distributions checking the same balance take turns.
    const pool = await lockedRows(trx.selectFrom('commission_pool').selectAll().where('id', '=', m.pool_id as number)).executeTakeFirst();
    if (!pool) return;
    if (pool.project_id !== m.project_id) throw badRequest('佣金池不属于所选项目');
    if (pool.status !== 'locked') throw conflict('佣金池未锁定或已结清，不能分配：请先锁定佣金池');
    const lines = (typeof m.lines === 'string' ? JSON.parse(m.lines) : m.lines) as { staff_id: number; amount: number; reason?: string | null; staff_name?: string | null }[];
    if (!lines.length) throw badRequest('请至少添加一位员工的分配明细');
    const ids = lines.map((l) => l.staff_id);
    if (new Set(ids).size !== ids.length) throw badRequest('分配明细中同一员工只能出现一次');
    const names = new Map((await trx.selectFrom('staff').select(['id', 'name']).where('id', 'in', ids).execute()).map((s) => [s.id as number, s.name as string]));
    const missing = ids.find((i) => !names.has(i));
    if (missing) throw badRequest('分配明细中的员工不存在或已被删除');
    if (lines.some((l) => fen(l.amount) / 100 !== Number(l.amount))) throw badRequest('分配金额最多两位小数');
    const total = lines.reduce((sum, l) => sum + fen(l.amount), 0);
    if (total !== fen(m.amount)) throw badRequest(`分配明细合计 ${shown(total)} 元，与分配总额 ${shown(fen(m.amount))} 元不一致`);
    const balance = fen(pool.pool_amount) - (await heldFen(trx, pool.id as number, id));
    if (total > balance) throw conflict(`分配总额 ${shown(total)} 元超过佣金池余额 ${shown(balance)} 元`);
    values.lines = JSON.stringify(lines.map((l) => ({ staff_id: l.staff_id, staff_name: names.get(l.staff_id)!, amount: l.amount, reason: l.reason ?? null })));
    values.headcount = lines.length;
    if (!current) {
      values.applicant_id = staff.id;
      const today = new Date();
      const day = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
      const { count } = (await trx.selectFrom('commission_distribution').select((eb) => eb.fn.countAll().as('count')).where('code', 'like', `FP${day}%`).executeTakeFirstOrThrow()) as { count: number };
      values.code = `FP${day}${String(Number(count) + 1).padStart(4, '0')}`;
    }
  },
  async afterSave({ trx, values, id }) {
    const row = await trx.selectFrom('commission_distribution').select('pool_id').where('id', '=', id).executeTakeFirstOrThrow();
    await refreshPool(trx, (values.pool_id as number | undefined) ?? (row.pool_id as number));
  },
  async beforeDelete({ trx, ids }) {
    const rows = await trx.selectFrom('commission_distribution').select(['pool_id', 'status']).where('id', 'in', ids).execute();
    if (rows.some((r) => r.status !== 'draft')) throw conflict('只能删除草稿状态的分配单');
    // The balance is refreshed without them: the rows are gone when the transaction commits.
    for (const { pool_id } of rows) {
      const held = await heldFen(trx, pool_id as number, null);
      const gone = (await trx.selectFrom('commission_distribution').select('amount').where('id', 'in', ids).where('pool_id', '=', pool_id as number).execute()).reduce((s, r) => s + fen(r.amount), 0);
      const pool = await trx.selectFrom('commission_pool').select('pool_amount').where('id', '=', pool_id as number).executeTakeFirstOrThrow();
      await trx.updateTable('commission_pool').set({ distributed_amount: yuan(held - gone), balance: yuan(fen(pool.pool_amount) - held + gone) }).where('id', '=', pool_id as number).execute();
    }
  },
  async routes(app: FastifyInstance) {
    oaCallbackRoute(app);
  },
  async afterTransition({ trx, app, id, action, record }) {
    if (action === 'submit') {
      // Resubmitting a rejected one holds its amount again: it must still fit the pool.
      const pool = await lockedRows(trx.selectFrom('commission_pool').select(['pool_amount', 'status']).where('id', '=', record.pool_id as number)).executeTakeFirstOrThrow();
      const balance = fen(pool.pool_amount) - (await heldFen(trx, record.pool_id as number, id));
      if (fen(record.amount) > balance) throw conflict(`分配总额 ${shown(fen(record.amount))} 元超过佣金池余额 ${shown(balance)} 元`);
      if (pool.status !== 'locked') throw conflict('佣金池未锁定或已结清，不能提交');
      await oaSubmitted(app, trx, id);
    }
    if (action === 'pay') await writeCommissionLogs(trx, record);
    await refreshPool(trx, record.pool_id as number);
  },
};

/** Staff see their own commission; `commissionLog:all` sees everyone's within the data scope. */
export const commissionLogHooks: ResourceHooks = {
  // A technician whose data scope is "own records" owns the log rows that pay them.
  ownRows: ({ staff }) => (eb) => eb('commission_log.staff_id', '=', staff.id),
  listFilter({ staff, query }) {
    return staff.buttons.has('commissionLog:all') ? query : query.where('commission_log.staff_id', '=', staff.id);
  },
};
