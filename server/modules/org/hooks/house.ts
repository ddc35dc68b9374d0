import { badRequest, conflict } from '../../../platform/http/envelope.ts';
import type { ResourceHooks, Row } from '../../../engine/hooks.ts';

interface Building {
  project_id: number;
  name: string;
  floors: number;
  units: number;
}

const houseName = (h: Row) => `${String(h.building_name ?? '')} ${String(h.unit_no)} 单元 ${String(h.room_no)}`;

/**
 * A house lies inside its building (unit and floor within its counts, same project), its room
 * number is unique within the building unit, and a house with customers or work orders stays.
 */
export const houseHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const merged = { ...current, ...values };
    const building = (await trx.selectFrom('building').select(['project_id', 'name', 'floors', 'units']).where('id', '=', merged.building_id).executeTakeFirst()) as Building | undefined;
    if (!building) throw badRequest('所属楼栋不存在或已被删除');
    if (building.project_id !== merged.project_id) throw badRequest(`楼栋「${building.name}」不属于所选项目`);
    if (Number(merged.unit_no) > building.units) throw badRequest(`「${building.name}」只有 ${building.units} 个单元，单元不能大于 ${building.units}`);
    if (Number(merged.floor) > building.floors) throw badRequest(`「${building.name}」共 ${building.floors} 层，楼层不能大于 ${building.floors}`);
    let twin = trx.selectFrom('house').select('id').where('building_id', '=', merged.building_id).where('unit_no', '=', merged.unit_no).where('room_no', '=', merged.room_no);
    if (id !== null) twin = twin.where('id', '!=', id);
    if (await twin.executeTakeFirst()) throw conflict(`${building.name} ${String(merged.unit_no)} 单元已有房号 ${String(merged.room_no)}`);
    values.building_name = building.name;
  },

  async beforeDelete({ trx, ids }) {
    const houses = (await trx.selectFrom('house').select(['id', 'building_name', 'unit_no', 'room_no']).where('id', 'in', ids).execute()) as Row[];
    for (const house of houses) {
      const customers = (await trx.selectFrom('customer').select((eb) => eb.fn.countAll().as('n')).where('house_id', '=', house.id).executeTakeFirst()) as { n: number };
      if (Number(customers.n)) throw conflict(`房屋「${houseName(house)}」下还有 ${customers.n} 位客户，不能删除`);
      const order = await trx.selectFrom('work_order').select('id').where('house_id', '=', house.id).executeTakeFirst();
      if (order) throw conflict(`房屋「${houseName(house)}」有关联的工单，不能删除`);
    }
  },
};
