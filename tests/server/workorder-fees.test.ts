import { beforeAll, describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { signedSheet } from '../support/exports.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';
import type { AnyDB } from '../../server/engine/hooks.ts';

/**
 * Paid repairs and home services (issue 33): an order of a paid kind picks items of the repair
 * price list (维修服务) with quantities; the server prices them from the list as it is then,
 * stores the snapshot and the amount on the order, and never takes the browser's figures.
 */
const server = setUpServer();
const [admin, kefu, diaodu, weixiu, yunying, xmjl] = setUpApis(server, 'admin', 'kefu', 'diaodu', 'weixiu', 'yunying', 'xmjl');
const T = '/api/mkf/questionTask';
const W = '/api/wxmanage/repairItem';
const project = DEMO_PROJECTS.cuihu.id;
let house: { id: number; customer: number };
const item: Record<string, number> = {};

const db = () => server.app.db;
const order = async (id: number) => (await admin.get(`${T}/detail`, { id })).body.data;
const add = (values: Record<string, unknown>) => kefu.post(`${T}/add`, { project_id: project, kind: 'repair', title: '卫生间水龙头漏水', content: '业主来电：水龙头滴水，要求上门更换', house_id: house.id, customer_id: house.customer, ...values });

beforeAll(async () => {
  const c = await db().selectFrom('customer').select(['id', 'house_id']).where('project_id', '=', project).where('house_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  house = { id: c.house_id!, customer: c.id };
  for (const r of await (db() as unknown as AnyDB).selectFrom('repair_item').select(['id', 'item_name']).execute()) item[r.item_name as string] = r.id as number;
});

describe('paid work orders', () => {
  it('prices the chosen items from the price list, ignoring the figures the browser sends', async () => {
    // 更换水龙头: labour 30 + material 45 per piece; 疏通下水道: 80 a time.
    const answer = await add({ fee_items: [{ item_id: item['更换水龙头'], quantity: 2, unit_price: 0.01, amount: 0.02 }, { item_id: item['疏通下水道'], quantity: 1 }] });
    expect(answer.body.message).toBe('新增成功');
    const o = await order(answer.body.data.id);
    expect([o.amount, o.labour_amount, o.material_amount]).toEqual([230, 140, 90]);
    expect(o.fee_items).toEqual([
      { item_id: item['更换水龙头'], item_name: '更换水龙头', unit: '个', quantity: 2, labour_fee: 30, material_fee: 45, unit_price: 75, amount: 150, warranty_days: 180 },
      { item_id: item['疏通下水道'], item_name: '疏通下水道', unit: '次', quantity: 1, labour_fee: 80, material_fee: 0, unit_price: 80, amount: 80, warranty_days: 30 },
    ]);
    // The list shows the amount beside the order.
    const listed = (await kefu.post(`${T}/list`, { pageSize: 5, filters: { code: o.code } })).body.data.records;
    expect(listed.map((r: { amount: number }) => r.amount)).toEqual([230]);
  });

  it('keeps the snapshot when the price list changes later; a new order takes the new price', async () => {
    const first = (await add({ fee_items: [{ item_id: item['更换门锁锁芯'], quantity: 1 }] })).body.data.id;
    expect((await order(first)).amount).toBe(160);
    expect((await yunying.post(`${W}/update`, { id: item['更换门锁锁芯'], labour_fee: 50 })).body.message).toBe('保存成功');
    expect((await order(first)).amount).toBe(160);
    const second = (await add({ fee_items: [{ item_id: item['更换门锁锁芯'], quantity: 1 }] })).body.data.id;
    expect((await order(second)).amount).toBe(170);
    // Editing other fields leaves the charges alone; editing the items prices them afresh.
    expect((await kefu.post(`${T}/update`, { id: first, title: '入户门锁芯损坏' })).body.message).toBe('保存成功');
    expect((await order(first)).amount).toBe(160);
    await kefu.post(`${T}/update`, { id: first, fee_items: [{ item_id: item['更换门锁锁芯'], quantity: 2 }] });
    expect((await order(first)).amount).toBe(340);
  });

  it('refuses items of another kind, repeated or stopped items, a kind that is not paid, and a bad quantity, changing nothing', async () => {
    const before = (await db().selectFrom('work_order').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    const cases: [Record<string, unknown>, string][] = [
      [{ fee_items: [{ item_id: item['窗帘清洗'], quantity: 3 }] }, '收费项目「窗帘清洗」不属于该工单类型的服务'],
      [{ fee_items: [{ item_id: item['更换水龙头'], quantity: 1 }, { item_id: item['更换水龙头'], quantity: 2 }] }, '收费项目「更换水龙头」重复，请合并数量'],
      [{ kind: 'complaint', title: '楼上装修噪音', fee_items: [{ item_id: item['更换水龙头'], quantity: 1 }] }, '只有报修和家政服务工单可以选择收费项目'],
      [{ fee_items: [{ item_id: 999999, quantity: 1 }] }, '所选收费项目不存在或已被删除'],
    ];
    for (const [values, message] of cases) {
      const answer = await add(values);
      expect([answer.http, answer.body.message]).toEqual([400, message]);
    }
    expect((await add({ fee_items: [{ item_id: item['更换水龙头'], quantity: 0 }] })).http).toBe(400);
    await yunying.post(`${W}/enable`, { id: item['空调加氟'], enabled: 0 });
    expect((await add({ fee_items: [{ item_id: item['空调加氟'], quantity: 1 }] })).body.message).toBe('收费项目「空调加氟」已停用');
    await yunying.post(`${W}/enable`, { id: item['空调加氟'], enabled: 1 });
    expect((await db().selectFrom('work_order').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toBe(before);
  });

  it('the technician confirms the items done on site when finishing, priced by the server', async () => {
    const id = (await add({ fee_items: [{ item_id: item['更换插座面板'], quantity: 1 }] })).body.data.id;
    const weixiuId = (await db().selectFrom('staff').select('id').where('account', '=', 'weixiu').executeTakeFirstOrThrow()).id;
    await diaodu.post(`${T}/transition`, { id, action: 'giveOut', values: { processor_id: weixiuId } });
    await weixiu.post(`${T}/transition`, { id, action: 'accept' });
    const handled = await weixiu.post(`${T}/transition`, { id, action: 'handle', values: { handle_result: '更换插座面板 3 个，通电正常', fee_items: [{ item_id: item['更换插座面板'], quantity: 3, amount: 1 }] } });
    expect(handled.body.message).toBe('处理完成');
    const o = await order(id);
    expect([o.status, o.amount]).toEqual(['to_confirm', 105]);
    expect(o.fee_items[0]).toMatchObject({ item_name: '更换插座面板', quantity: 3, unit_price: 35, amount: 105 });
  });

  it('offers the price list by kind to whoever takes or handles orders', async () => {
    const tree = (await weixiu.get(`${T}/feeItems`, { kind: 'home_service' })).body.data as { label: string; children: { label: string }[] }[];
    expect(tree.map((g) => g.label)).toEqual(['保洁服务', '清洗服务']);
    expect(tree[1]!.children.map((c) => c.label)).toContain('窗帘清洗（¥15.00/米）');
    expect((await weixiu.get(`${T}/feeItems`, { kind: 'complaint' })).http).toBe(400);
  });

  it('the demo has months of charged home services and paid repairs, none where paid repair is closed', async () => {
    const charged = await db().selectFrom('work_order').select(['kind', 'project_id', 'finished_at', 'amount', 'fee_items']).where('amount', 'is not', null).where('status', '=', 'closed').execute();
    const months = new Set(charged.map((o) => new Date(Number(o.finished_at)).toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
    expect(new Set(charged.map((o) => o.kind))).toEqual(new Set(['repair', 'home_service']));
    expect(charged.some((o) => o.kind === 'repair' && o.project_id === DEMO_PROJECTS.jinxiu.id)).toBe(false);
    for (const o of charged.slice(0, 20)) {
      const lines = JSON.parse(String(o.fee_items)) as { amount: number }[];
      expect(Math.round(lines.reduce((s, l) => s + l.amount, 0) * 100) / 100).toBe(o.amount);
    }
  });
});

/** 家政服务收入 (/taskreport/homeServiceRevenue): the charged orders' amounts, recomputed from the rows. */
describe('home-service revenue report', () => {
  const R = '/api/task/report/homeServiceRevenue';
  const charged = async () =>
    (await db().selectFrom('work_order').select(['id', 'project_id', 'kind', 'service_type_id', 'house_id', 'amount', 'labour_amount', 'finished_at']).where('status', 'in', ['finished', 'closed']).where('amount', 'is not', null).execute()) as unknown as {
      project_id: number; kind: string; service_type_id: number; house_id: number; amount: number; labour_amount: number; finished_at: number;
    }[];
  const sum = (rows: { amount: number }[]) => Math.round(rows.reduce((s, r) => s + r.amount, 0) * 100) / 100;
  const monthOf = (ms: number) => { const d = new Date(ms); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`; };

  it('sums the amounts of finished charged orders by month, service item and kind', async () => {
    const rows = await charged();
    const byMonth = (await admin.post(`${R}/query`, { groupBy: 'month' })).body.data;
    expect(byMonth.totals.orders).toBe(rows.length);
    expect(byMonth.totals.revenue).toBeCloseTo(sum(rows), 2);
    expect(byMonth.totals.households).toBe(new Set(rows.map((r) => r.house_id)).size);
    expect(byMonth.rows.length).toBeGreaterThanOrEqual(6);
    for (const r of byMonth.rows) expect(r.revenue).toBeCloseTo(sum(rows.filter((o) => monthOf(o.finished_at) === r.key)), 2);
    const byItem = (await admin.post(`${R}/query`, { groupBy: 'serviceType', filters: { kind: 'home_service' } })).body.data;
    expect(byItem.rows.map((r: { label: string }) => r.label).sort()).toEqual(['保洁服务', '清洗服务']);
    expect(byItem.totals.revenue).toBeCloseTo(sum(rows.filter((o) => o.kind === 'home_service')), 2);
    expect(byItem.measures.find((m: { name: string }) => m.name === 'revenue').cell).toBe('money');
  });

  it('drills from a month to exactly its orders, and exports the table', async () => {
    const byMonth = (await admin.post(`${R}/query`, { groupBy: 'month' })).body.data;
    const row = byMonth.rows[0];
    const drill = (await admin.post(`${R}/drill`, { groupBy: 'month', key: row.key, measure: 'revenue', pageSize: 100 })).body.data;
    expect(drill.total).toBe(row.orders);
    expect(Math.round(drill.records.reduce((s: number, r: { amount: number }) => s + Number(r.amount), 0) * 100) / 100).toBeCloseTo(row.revenue, 2);
    const sheet = await signedSheet(admin, `${R}/export`, { query: JSON.stringify({ groupBy: 'project' }) });
    expect(sheet.status).toBe(200);
    expect(sheet.rows[0]).toContain('营业收入');
  });

  it('a project manager counts only their project, whatever they ask for', async () => {
    const rows = (await charged()).filter((o) => o.project_id === project);
    const mine = (await xmjl.post(`${R}/query`, { groupBy: 'project' })).body.data;
    expect(mine.rows.map((r: { key: number }) => r.key)).toEqual([project]);
    expect(mine.totals.revenue).toBeCloseTo(sum(rows), 2);
    expect((await xmjl.post(`${R}/query`, { project_id: DEMO_PROJECTS.jinxiu.id })).body.data.totals.orders).toBe(0);
    expect((await xmjl.post(`${R}/drill`, { groupBy: 'project', key: DEMO_PROJECTS.jinxiu.id, measure: 'orders' })).body.data.total).toBe(0);
    expect((await weixiu.post(`${R}/query`, {})).http).toBe(403);
  });
});
