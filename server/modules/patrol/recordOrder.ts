import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound, ok } from '../../platform/http/envelope.ts';
import type { StaffContext } from '../../platform/types.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { intakeWorkOrder } from '../workorder/public.ts';
import { idProp, parseJsonList, scopeOf } from './common.ts';
import { CODES } from './permissions.ts';

/** A checked standard of a record (tbp_record.items). */
interface Item {
  standardName: string;
  result: string;
  problemIds: number[];
  problems: string[];
  note: string | null;
  photos: string[];
  workOrderCode: string | null;
}

/**
 * A problem found on a round becomes a repair work order through the work-order intake (its
 * checks, code, deadlines, timeline and the dispatchers' notice), linked to the record.
 */
export async function raiseOrder(
  app: FastifyInstance,
  trx: AnyDB,
  staff: StaffContext,
  { recordId, task, point, item, serious }: { recordId: number; task: { id: number; name: string; project_id: number }; point: { id: number; name: string; location: string | null }; item: Item; serious: boolean },
): Promise<{ id: number; code: string }> {
  const order = await intakeWorkOrder(app, trx, staff, {
    project_id: task.project_id,
    kind: 'repair',
    title: `巡查问题：${point.name} ${item.standardName}`.slice(0, 50),
    content: `巡查任务「${task.name}」在「${point.name}」（${point.location ?? ''}）发现问题：${[...item.problems, item.note].filter(Boolean).join('；')}`.slice(0, 1000),
    source: 'patrol',
    priority: serious ? 'high' : 'normal',
    address: (point.location || point.name).slice(0, 100),
    photos: item.photos,
    origin: `由巡查记录转入（${point.name}）`,
  });
  await trx.insertInto('tbp_record_order').values({ record_id: recordId, work_order_id: order.id, point_id: point.id, task_id: task.id }).execute();
  return order;
}

/** The back office turns an abnormal record's problems that have no work order yet into work orders. */
export default async function recordOrderRoutes(app: FastifyInstance) {
  app.post('/tbpRecord/toWorkOrder', { config: { btnCode: CODES.recordHandle }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idProp } } } }, async (request) => {
    const { id } = request.body as { id: number };
    const staff = request.staff!;
    const scope = await scopeOf(app.db, staff);
    const codes = await app.db.transaction().execute(async (trx) => {
      const record = await trx.selectFrom('tbp_record').selectAll().where('id', '=', id).executeTakeFirst();
      if (!record || !(scope.all || scope.projects.includes(record.project_id))) throw notFound('巡查记录不存在或已被删除');
      if (record.problem_count === 0) throw badRequest('该记录没有问题，无需转工单');
      const items = parseJsonList<Item>(record.items);
      const open = items.filter((i) => i.result === 'fail' && !i.workOrderCode);
      if (!open.length) throw conflict('该记录的问题都已转为工单');
      const task = await trx.selectFrom('tbp_task').select(['id', 'name', 'project_id']).where('id', '=', record.task_id).executeTakeFirstOrThrow();
      const point = await trx.selectFrom('tbp_point').select(['id', 'name', 'location']).where('id', '=', record.point_id).executeTakeFirstOrThrow();
      const raised: string[] = [];
      for (const item of open) {
        const levels = item.problemIds.length ? await trx.selectFrom('tbp_standard_problem').select('level').where('id', 'in', item.problemIds).execute() : [];
        item.workOrderCode = (await raiseOrder(app, trx as unknown as AnyDB, staff, { recordId: id, task, point, item, serious: levels.some((l) => l.level === 'serious') })).code;
        raised.push(item.workOrderCode);
      }
      await trx.updateTable('tbp_record').set({ items: JSON.stringify(items), updated_at: Date.now() }).where('id', '=', id).execute();
      return raised;
    });
    return ok({ workOrders: codes }, `已转为工单 ${codes.join('、')}`);
  });
}
