import type { SeedContext } from '../../engine/module.ts';

type Item = [type: string, name: string, unit: string, labour: number, material: number, warranty: number, quote: boolean, remark: string | null];
/** The company's price list for in-home repairs and home services (家政), by service type (as the workorder seed names them). */
const ITEMS: Item[] = [
  ['水电维修', '更换水龙头', 'piece', 30, 45, 180, false, '含普通陶瓷阀芯龙头一个'],
  ['水电维修', '疏通下水道', 'time', 80, 0, 30, false, null],
  ['水电维修', '更换插座面板', 'piece', 20, 15, 180, false, null],
  ['水电维修', '水管漏水维修', 'time', 60, 30, 90, true, '暗管漏水需上门查看后报价'],
  ['水电维修', '线路跳闸排查', 'time', 50, 0, 30, false, null],
  ['门窗维修', '更换门锁锁芯', 'piece', 40, 120, 365, false, 'C 级锁芯'],
  ['门窗维修', '推拉门滑轮更换', 'piece', 35, 25, 180, false, null],
  ['门窗维修', '窗户密封条更换', 'metre', 5, 8, 180, false, null],
  ['家电维修', '空调清洗', 'time', 80, 0, 30, false, '挂机'],
  ['家电维修', '空调加氟', 'time', 60, 120, 90, false, null],
  ['家电维修', '热水器维修', 'time', 80, 0, 90, true, '配件费另计'],
  ['家电维修', '更换灯具', 'piece', 30, 0, 90, false, '灯具由业主自备'],
  ['墙面地面', '墙面修补刷漆', 'sqm', 25, 15, 365, false, null],
  ['墙面地面', '瓷砖空鼓修复', 'piece', 60, 20, 365, true, null],
  ['保洁服务', '日常保洁', 'hour', 45, 5, 0, false, '含清洁剂，3 小时起'],
  ['保洁服务', '开荒保洁', 'sqm', 8, 2, 0, false, '新房交付后首次保洁'],
  ['保洁服务', '擦玻璃', 'sqm', 6, 1, 0, false, null],
  ['清洗服务', '窗帘清洗', 'metre', 12, 3, 0, false, '含拆装'],
  ['清洗服务', '油烟机深度清洗', 'time', 150, 20, 30, false, null],
  ['清洗服务', '家电清洗（空调/洗衣机）', 'time', 100, 10, 30, false, null],
];

export async function seedRepairItems(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const types = new Map((await trx.selectFrom('service_type').select(['id', 'name']).where('parent_id', 'is not', null).execute()).map((t) => [t.name as string, t.id as number]));
  for (const [i, [type, item_name, unit, labour_fee, material_fee, warranty_days, quote, remark]] of ITEMS.entries()) {
    const service_type_id = types.get(type);
    if (!service_type_id) continue;
    await trx.insertInto('repair_item').values({ service_type_id, item_name, unit, labour_fee, material_fee, total_price: labour_fee + material_fee, warranty_days, need_onsite_quote: quote ? 1 : 0, sort: (i + 1) * 10, remark, enabled: 1, created_by: null, created_at: now - 100 * 86_400_000, updated_at: now - 100 * 86_400_000 }).execute();
  }
}
