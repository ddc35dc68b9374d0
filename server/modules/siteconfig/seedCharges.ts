import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { mulberry32 } from '../../platform/db/random.ts';
import { effectiveConfig } from './params.ts';
import { feeColumns, intakeWorkOrder, PAID_KINDS, priceFees } from '../workorder/public.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The price list's items by service type, and each kind's items (for a type without its own). */
async function itemsByType(trx: AnyDB): Promise<{ byType: Map<number, number[]>; byKind: Map<string, number[]> }> {
  const rows = (await trx.selectFrom('repair_item as i').innerJoin('service_type as t', 't.id', 'i.service_type_id').select(['i.id', 'i.service_type_id', 't.kind']).where('i.enabled', '=', 1).orderBy('i.id').execute()) as Row[];
  const byType = new Map<number, number[]>();
  const byKind = new Map<string, number[]>();
  for (const r of rows) {
    byType.set(Number(r.service_type_id), [...(byType.get(Number(r.service_type_id)) ?? []), Number(r.id)]);
    byKind.set(String(r.kind), [...(byKind.get(String(r.kind)) ?? []), Number(r.id)]);
  }
  return { byType, byKind };
}

/** One or two items of the order's type with a quantity fitting their unit (hours, square metres). */
function chooseItems(rnd: () => number, pool: number[]): { item_id: number; quantity: number }[] {
  const first = pool[Math.floor(rnd() * pool.length)]!;
  const chosen = [{ item_id: first, quantity: 1 + Math.floor(rnd() * 3) }];
  const second = pool[Math.floor(rnd() * pool.length)]!;
  if (second !== first && rnd() < 0.4) chosen.push({ item_id: second, quantity: 1 });
  return chosen;
}

/**
 * Charges on the demo's orders (issue 33, paid repairs): the finished home services and about
 * half of the finished in-home repairs carry items of the price list, priced by the work-order
 * module's own function; and six months of closed home-service and paid-repair orders per
 * project, so the home-service revenue report (家政服务收入) has a history to compare.
 */
export async function seedCharges(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  // A sequence of its own: drawing from the seed's shared one would change every later module's demo.
  const rnd = mulberry32(3303);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const { byType, byKind } = await itemsByType(trx);
  const poolOf = (kind: string, typeId: unknown) => byType.get(Number(typeId)) ?? byKind.get(kind) ?? [];
  // A project that has not opened paid repair (有偿维修) charges home services only.
  const paidRepair = new Map<number, boolean>();
  for (const p of (await trx.selectFrom('org').select('id').where('type', '=', 'project').execute()) as Row[]) paidRepair.set(Number(p.id), (await effectiveConfig(trx, Number(p.id), 'paid_repair'))?.value === true);

  const done = (await trx.selectFrom('work_order').select(['id', 'kind', 'service_type_id', 'project_id']).where('kind', 'in', PAID_KINDS).where('status', 'in', ['to_confirm', 'finished', 'closed']).where('house_id', 'is not', null).orderBy('id').execute()) as Row[];
  for (const order of done) {
    const pool = poolOf(String(order.kind), order.service_type_id);
    if (!pool.length || (order.kind === 'repair' && (!paidRepair.get(Number(order.project_id)) || rnd() < 0.5))) continue;
    const priced = await priceFees(trx, String(order.kind), chooseItems(rnd, pool));
    await trx.updateTable('work_order').set(feeColumns(priced)).where('id', '=', order.id).execute();
  }

  const projects = (await trx.selectFrom('org').select(['id', 'name']).where('type', '=', 'project').orderBy('id').execute()) as Row[];
  const types = (await trx.selectFrom('service_type').select(['id', 'name', 'kind']).where('kind', 'in', PAID_KINDS).where('parent_id', 'is not', null).execute()) as Row[];
  const TITLES: Record<string, string[]> = { 保洁服务: ['三室两厅日常保洁', '新房开荒保洁', '全屋擦玻璃'], 清洗服务: ['客厅窗帘清洗', '油烟机深度清洗', '空调清洗'], 水电维修: ['厨房水龙头更换', '卫生间下水道疏通'], 门窗维修: ['入户门锁芯更换', '阳台推拉门滑轮更换'], 家电维修: ['空调加氟', '热水器不出热水'], 墙面地面: ['次卧墙面修补刷漆'] };
  for (const project of projects) {
    const byRole = async (role: string) =>
      (await trx.selectFrom('staff as s').innerJoin('staff_role as sr', 'sr.staff_id', 's.id').innerJoin('role as r', 'r.id', 'sr.role_id').select(['s.id', 's.name']).where('s.org_id', '=', project.id).where('r.code', '=', role).orderBy('s.id').execute()) as Row[];
    const technicians = await byRole('technician');
    const desk = (await byRole('customer_service'))[0] ?? (await byRole('dispatcher'))[0];
    const houses = (await trx.selectFrom('customer').select(['id', 'house_id']).where('project_id', '=', project.id).where('house_id', 'is not', null).orderBy('id').execute()) as Row[];
    if (!technicians.length || !desk || !houses.length) continue;
    for (let back = 6; back >= 1; back--) {
      const count = 3 + Math.floor(rnd() * 4);
      for (let n = 0; n < count; n++) {
        const type = rnd() < 0.65 || !paidRepair.get(Number(project.id)) ? pick(types.filter((t) => t.kind === 'home_service')) : pick(types.filter((t) => t.kind === 'repair'));
        const pool = poolOf(String(type.kind), type.id);
        if (!pool.length) continue;
        const created = now - back * 30 * DAY + Math.floor(rnd() * 25) * DAY + (8 + Math.floor(rnd() * 9)) * HOUR;
        const customer = pick(houses);
        const title = pick(TITLES[String(type.name)] ?? [String(type.name)]);
        const staff = { id: Number(desk.id), name: String(desk.name) } as never;
        const { id } = await intakeWorkOrder(null, trx, staff, { project_id: Number(project.id), kind: String(type.kind), title, content: `${title}，业主预约上门`, source: rnd() < 0.5 ? 'owner_app' : '400', priority: 'normal', house_id: Number(customer.house_id), origin: '业主预约有偿服务', at: created });
        const tech = pick(technicians);
        const given = created + (10 + Math.floor(rnd() * 20)) * 60_000;
        const accepted = given + (5 + Math.floor(rnd() * 25)) * 60_000;
        const handled = accepted + (2 + Math.floor(rnd() * 20)) * HOUR;
        const finished = handled + (1 + Math.floor(rnd() * 5)) * HOUR;
        const closed = finished + (2 + Math.floor(rnd() * 20)) * HOUR;
        const score = rnd() < 0.8 ? 5 : 4;
        const priced = await priceFees(trx, String(type.kind), chooseItems(rnd, pool));
        await trx
          .updateTable('work_order')
          .set({ ...feeColumns(priced), service_type_id: type.id, customer_id: customer.id, status: 'closed', processor_id: tech.id, dispatcher_id: desk.id, given_at: given, accepted_at: accepted, handled_at: handled, finished_at: finished, closed_at: closed, evaluated_at: closed, evaluation_score: score, handle_result: '已按预约时间上门完成服务，业主现场验收', sla_state: 'normal', state_at: closed, updated_at: closed })
          .where('id', '=', id)
          .execute();
        const steps: [string, string, string, Row, number][] = [
          ['giveOut', 'pending', 'dispatched', desk, given],
          ['accept', 'dispatched', 'processing', tech, accepted],
          ['handle', 'processing', 'to_confirm', tech, handled],
          ['confirm', 'to_confirm', 'finished', desk, finished],
          ['evaluate', 'finished', 'closed', desk, closed],
        ];
        for (const [action, from, to, who, at] of steps) {
          await trx.insertInto('resource_timeline').values({ resource: 'work_order', record_id: id, action, from_state: from, to_state: to, note: null, staff_id: who.id, staff_name: who.name, at }).execute();
        }
      }
    }
  }
}
