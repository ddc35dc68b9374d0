import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * 佣金规则 (/commission/rule): a rate or a fixed sum per order, for one business type, company-wide
 * or for one project, over effective dates. A pool of source orders prices each order by the
 * rule in force on the day it finished, the project's own over the company's; a locked pool keeps
 * its figures when a rule changes later.
 */
const server = setUpServer();
const [xingzheng, weixiu] = setUpApis(server, 'xingzheng', 'weixiu');
const C = '/api/commission';
const [cuihu, jinxiu] = [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id];
/** Noon (UTC) of a day of May 2003, a month no demo record touches. */
const may = (day: number) => Date.UTC(2003, 4, day, 12);

/** A finished home-service or repair order with a charge, copied from a demo order of the project. */
async function order(projectId: number, kind: string, day: number, amount: number | null) {
  const db = server.app.db;
  const row = (await db.selectFrom('work_order').selectAll().where('project_id', '=', projectId).orderBy('id').executeTakeFirstOrThrow()) as Record<string, unknown>;
  delete row.id;
  const code = `RULE${projectId}${kind}${day}${amount ?? 0}`;
  await db.insertInto('work_order').values({ ...row, code, kind, status: 'closed', finished_at: may(day), amount, materials: null } as never).execute();
}

const addRule = (rule: Record<string, unknown>) => xingzheng.post(`${C}/rule/add`, { biz_type: 'home_service', ...rule });
const pool = async (id: number) => (await xingzheng.get(`${C}/pool/detail`, { id })).body.data as Record<string, any>;

describe('commission rules', () => {
  it('refuses a rule without its rate or sum, with its dates reversed, or overlapping another of the same reach', async () => {
    expect((await addRule({ name: '缺比例', mode: 'rate', effective_from: may(1) })).body.message).toBe('按比例计算的规则请填写提成比例');
    expect((await addRule({ name: '缺金额', mode: 'fixed', effective_from: may(1) })).body.message).toBe('每单固定金额的规则请填写每单金额');
    expect((await addRule({ name: '倒序', mode: 'rate', rate: 5, effective_from: may(10), effective_to: may(2) })).body.message).toBe('失效日期须晚于生效日期');
    expect((await addRule({ name: '不存在项目', mode: 'rate', rate: 5, scope_project_id: 999999, effective_from: may(1) })).http).not.toBe(200);
    expect((await weixiu.post(`${C}/rule/add`, { name: '越权', biz_type: 'home_service', mode: 'rate', rate: 5, effective_from: may(1) })).http).toBe(403);
  });

  it('prices each order by the rule in force on its day, the project\'s own first, and a locked pool keeps its figures', async () => {
    const company = await addRule({ name: '2003 上半月家政比例', mode: 'rate', rate: 10, effective_from: Date.UTC(2003, 0, 1), effective_to: may(15) });
    expect(company.body.message).toBe('新增成功');
    expect((await addRule({ name: '2003 下半月家政固定', mode: 'fixed', fixed_amount: 20, effective_from: may(15), effective_to: Date.UTC(2003, 6, 1) })).body.message).toBe('新增成功');
    const clash = await addRule({ name: '重叠', mode: 'fixed', fixed_amount: 5, effective_from: may(10), effective_to: may(20) });
    expect(clash.body.message).toMatch(/^与规则「2003 上半月家政比例」（2003-01-01 起至 2003-05-15）的适用期重叠/);
    const own = await addRule({ name: '翠湖 2003 家政激励', mode: 'rate', rate: 30, scope_project_id: cuihu, effective_from: may(20), effective_to: Date.UTC(2003, 5, 1) });
    expect(own.body.message).toBe('新增成功');
    const rules = (await xingzheng.post(`${C}/rule/list`, { filters: { scope_project_id: cuihu } })).body.data.records as Record<string, any>[];
    expect(rules.find((r) => r.id === own.body.data.id)?.scope_label).toBe('翠湖天地');

    await order(cuihu, 'home_service', 3, 200); // company rate: 20.00
    await order(cuihu, 'home_service', 16, 300); // company fixed: 20.00
    await order(cuihu, 'home_service', 25, 500); // 翠湖's own rate over the company's fixed sum: 150.00
    await order(cuihu, 'home_service', 26, null); // nothing charged: not a source order
    await order(cuihu, 'repair', 25, 800); // another business type
    await order(jinxiu, 'home_service', 25, 500); // 锦绣华庭 has no rule of its own: company fixed 20.00

    const added = await xingzheng.post(`${C}/pool/add`, { project_id: cuihu, period: '2003-05', biz_type: 'home_service' });
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id as number;
    let p = await pool(id);
    expect([p.orders_count, p.income_amount, p.pool_amount, p.balance]).toEqual([3, 1000, 190, 190]);
    expect(p.rule_basis.map((b: Record<string, unknown>) => [b.rule, b.orders, b.commission]).sort()).toEqual([['2003 上半月家政比例', 1, 20], ['2003 下半月家政固定', 1, 20], ['翠湖 2003 家政激励', 1, 150]].sort());
    const other = await xingzheng.post(`${C}/pool/add`, { project_id: jinxiu, period: '2003-05', biz_type: 'home_service' });
    const q = await pool(other.body.data.id);
    expect([q.orders_count, q.income_amount, q.pool_amount]).toEqual([1, 500, 20]);

    expect((await xingzheng.post(`${C}/pool/transition`, { id, action: 'lock' })).http).toBe(200);
    expect((await xingzheng.post(`${C}/rule/update`, { id: own.body.data.id, rate: 50 })).body.message).toBe('保存成功');
    expect((await xingzheng.post(`${C}/pool/compute`, { id })).body.message).toBe('佣金池已锁定或结清，不能重新核算');
    p = await pool(id);
    expect([p.income_amount, p.pool_amount]).toEqual([1000, 190]);
    expect(p.rule_basis.find((b: Record<string, unknown>) => b.rule === '翠湖 2003 家政激励').commission).toBe(150);

    // Unlocked again (nothing distributed yet), it is computed by the rules as they now are.
    expect((await xingzheng.post(`${C}/pool/transition`, { id, action: 'unlock' })).http).toBe(200);
    expect((await xingzheng.post(`${C}/pool/compute`, { id })).body.message).toBe('核算完成：本期 3 单，收入 1000.00 元，佣金 290.00 元');
    expect((await pool(id)).pool_amount).toBe(290);
  });

  it('takes the income and rate entered for a business type without source orders', async () => {
    expect((await xingzheng.post(`${C}/pool/add`, { project_id: cuihu, period: '2003-05', biz_type: 'parking' })).body.message).toBe('请填写收入与提成比例');
    const added = await xingzheng.post(`${C}/pool/add`, { project_id: cuihu, period: '2003-05', biz_type: 'parking', income_amount: 1234.5, rate: 10 });
    const p = await pool(added.body.data.id);
    expect([p.pool_amount, p.orders_count, p.rule_basis]).toEqual([123.45, null, null]);
  });
});
