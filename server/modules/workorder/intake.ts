import { badRequest, conflict } from '../../platform/http/envelope.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { nextSequenceCode } from '../../engine/codes.ts';

/** Orders that may still be edited: not yet given to anyone. */
export const EDITABLE_STATES = ['draft', 'pending'];

/** The next code of the day: WO + yyyymmdd + a five-digit sequence; db is the order's insert transaction. */
export async function nextCode(db: AnyDB, now: number): Promise<string> {
  const d = new Date(now);
  const day = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  return nextSequenceCode(db, 'work_order', `WO${day}`, 5);
}

/**
 * The service type an order's words point to: among the enabled types of its kind, the one
 * whose AI labels (keywords) occur most often in the title and description; null when none does.
 */
export async function classify(db: AnyDB, kind: string, text: string): Promise<number | null> {
  const types = (await db.selectFrom('service_type').select(['id', 'ai_labels']).where('kind', '=', kind).where('parent_id', 'is not', null).where('enabled', '=', 1).orderBy('sort').execute()) as Row[];
  let best: { id: number; score: number } | null = null;
  for (const t of types) {
    const labels = parseList(t.ai_labels);
    const score = labels.filter((l) => l && text.includes(l)).length;
    if (score > 0 && (!best || score > best.score)) best = { id: Number(t.id), score };
  }
  return best?.id ?? null;
}

function parseList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || !value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * Checks and completes an order before it is written (add and update): the house and customer
 * belong to the order's project, the building and location follow the house, the contact
 * follows the customer, the service type is a type (not a category) of the order's kind, and
 * a new order without one is classified by the types' AI labels.
 */
export async function completeOrder(trx: AnyDB, values: Row, current: Row | null): Promise<void> {
  const merged = { ...(current ?? {}), ...values };
  const projectId = Number(merged.project_id);
  if ('house_id' in values || !current) {
    if (merged.house_id) {
      const house = (await trx
        .selectFrom('house')
        .innerJoin('building', 'building.id', 'house.building_id')
        .select(['house.id', 'building.project_id', 'house.building_id', 'building.name as building_name', 'house.unit_no', 'house.room_no'])
        .where('house.id', '=', merged.house_id)
        .executeTakeFirst()) as Row | undefined;
      if (!house) throw badRequest('所选房屋不存在或已被删除');
      if (Number(house.project_id) !== projectId) throw badRequest('所选房屋不属于该工单的项目');
      values.building_id = house.building_id;
      if (!merged.address) values.address = `${String(house.building_name ?? '')} ${String(house.unit_no)}单元 ${String(house.room_no)}`.trim();
    } else {
      values.building_id = null;
    }
  }
  if (merged.customer_id && ('customer_id' in values || !current)) {
    const customer = (await trx.selectFrom('customer').select(['id', 'project_id', 'name', 'mobile']).where('id', '=', merged.customer_id).executeTakeFirst()) as Row | undefined;
    if (!customer) throw badRequest('所选客户不存在或已被删除');
    if (Number(customer.project_id) !== projectId) throw badRequest('所选客户不属于该工单的项目');
    if (!merged.contact_name) values.contact_name = customer.name;
    if (!merged.contact_phone) values.contact_phone = customer.mobile;
  }
  if (!merged.house_id && !values.address && !merged.address) throw badRequest('请选择房屋或填写报事位置');

  if (merged.service_type_id && ('service_type_id' in values || 'kind' in values || !current)) {
    const type = (await trx.selectFrom('service_type').select(['name', 'kind', 'parent_id', 'enabled']).where('id', '=', merged.service_type_id).executeTakeFirst()) as Row | undefined;
    if (!type) throw badRequest('服务类型不存在或已被删除');
    if (!type.parent_id) throw badRequest(`「${String(type.name)}」是服务类别，请选择其下的具体服务类型`);
    if (!type.enabled) throw badRequest(`服务类型「${String(type.name)}」已停用`);
    if (type.kind !== merged.kind) throw badRequest(`服务类型「${String(type.name)}」不属于所选的工单类型`);
  } else if (!current && !merged.service_type_id) {
    values.service_type_id = await classify(trx, String(merged.kind), `${String(merged.title ?? '')} ${String(merged.content ?? '')}`);
  }
}

/** Only orders not yet given out may be edited or deleted. */
export function assertEditable(current: Row, stateText: (state: string) => string, verb: string): void {
  const status = String(current.status);
  if (!EDITABLE_STATES.includes(status)) throw conflict(`当前状态为「${stateText(status)}」，不能${verb}工单`);
}
