import { badRequest } from '../../platform/http/envelope.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';

/** Kinds of order that may carry charges: a paid in-home repair, a home service (家政). */
export const PAID_KINDS = ['repair', 'home_service'];

/** One charged line as stored on the order: the price list's figures when it was priced, never the browser's. */
export interface FeeLine {
  item_id: number;
  item_name: string;
  unit: string;
  quantity: number;
  labour_fee: number;
  material_fee: number;
  unit_price: number;
  amount: number;
  warranty_days: number;
}

export interface Priced {
  lines: FeeLine[];
  amount: number;
  labour: number;
  material: number;
}

const UNITS: Record<string, string> = { time: '次', piece: '个', metre: '米', hour: '小时', sqm: '平方米' };
const fen = (yuan: unknown) => Math.round(Number(yuan ?? 0) * 100);

function parseLines(value: unknown): { item_id: number; quantity: number }[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? (list as { item_id: number; quantity: number }[]) : [];
}

/**
 * Prices the chosen items of an order from the repair price list (维修服务) as it is now: each
 * item must be enabled and belong to a service type of the order's kind, once per order; the
 * quantity is kept to two decimals and every amount is counted in fen, so the total is exact.
 * Whatever figures the browser sent beside item and quantity are dropped.
 */
export async function priceFees(trx: AnyDB, kind: string, chosen: unknown): Promise<Priced> {
  const wanted = parseLines(chosen);
  if (!wanted.length) return { lines: [], amount: 0, labour: 0, material: 0 };
  if (!PAID_KINDS.includes(kind)) throw badRequest('只有报修和家政服务工单可以选择收费项目');
  const ids = wanted.map((w) => Number(w.item_id));
  const items = new Map(
    (
      (await trx
        .selectFrom('repair_item as i')
        .innerJoin('service_type as t', 't.id', 'i.service_type_id')
        .select(['i.id', 'i.item_name', 'i.unit', 'i.labour_fee', 'i.material_fee', 'i.warranty_days', 'i.enabled', 't.kind'])
        .where('i.id', 'in', ids)
        .execute()) as Row[]
    ).map((r) => [Number(r.id), r]),
  );
  const seen = new Set<number>();
  const lines: FeeLine[] = [];
  let labour = 0;
  let material = 0;
  for (const w of wanted) {
    const item = items.get(Number(w.item_id));
    if (!item) throw badRequest('所选收费项目不存在或已被删除');
    const name = String(item.item_name);
    if (!item.enabled) throw badRequest(`收费项目「${name}」已停用`);
    if (item.kind !== kind) throw badRequest(`收费项目「${name}」不属于该工单类型的服务`);
    if (seen.has(Number(item.id))) throw badRequest(`收费项目「${name}」重复，请合并数量`);
    seen.add(Number(item.id));
    const quantity = Math.round(Number(w.quantity) * 100) / 100;
    if (!(quantity > 0)) throw badRequest(`收费项目「${name}」的数量须大于 0`);
    const lineLabour = Math.round(fen(item.labour_fee) * quantity);
    const lineMaterial = Math.round(fen(item.material_fee) * quantity);
    labour += lineLabour;
    material += lineMaterial;
    lines.push({
      item_id: Number(item.id),
      item_name: name,
      unit: UNITS[String(item.unit)] ?? String(item.unit),
      quantity,
      labour_fee: Number(item.labour_fee),
      material_fee: Number(item.material_fee),
      unit_price: (fen(item.labour_fee) + fen(item.material_fee)) / 100,
      amount: (lineLabour + lineMaterial) / 100,
      warranty_days: Number(item.warranty_days),
    });
  }
  return { lines, amount: (labour + material) / 100, labour: labour / 100, material: material / 100 };
}

/** The columns an order's charges are written to: the snapshot and its totals (none when nothing is charged). */
export function feeColumns(priced: Priced): Row {
  if (!priced.lines.length) return { fee_items: JSON.stringify([]), amount: null, labour_amount: null, material_amount: null };
  return { fee_items: JSON.stringify(priced.lines), amount: priced.amount, labour_amount: priced.labour, material_amount: priced.material };
}

/** The price list as a tree for the forms: service type → its enabled items with their unit price; only the kind's types when a kind is given. */
export async function feeItemTree(db: AnyDB, kind: string | undefined): Promise<{ label: string; value: string; selectable: false; children: { label: string; value: number }[] }[]> {
  let q = db
    .selectFrom('repair_item as i')
    .innerJoin('service_type as t', 't.id', 'i.service_type_id')
    .select(['i.id', 'i.item_name', 'i.unit', 'i.total_price', 't.id as type_id', 't.name as type_name'])
    .where('i.enabled', '=', 1)
    .where('t.kind', 'in', PAID_KINDS)
    .orderBy('t.sort')
    .orderBy('i.sort')
    .orderBy('i.id');
  if (kind) q = q.where('t.kind', '=', kind);
  const groups = new Map<number, { label: string; value: string; selectable: false; children: { label: string; value: number }[] }>();
  for (const r of (await q.execute()) as Row[]) {
    const typeId = Number(r.type_id);
    if (!groups.has(typeId)) groups.set(typeId, { label: String(r.type_name), value: `t${typeId}`, selectable: false, children: [] });
    groups.get(typeId)!.children.push({ label: `${String(r.item_name)}（¥${Number(r.total_price).toFixed(2)}/${UNITS[String(r.unit)] ?? String(r.unit)}）`, value: Number(r.id) });
  }
  return [...groups.values()];
}
