import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { Api } from '../support/api.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import { oaSign } from '../../server/modules/commission/oa.ts';
import { makeLinkToken } from '../../server/engine/publicLinks.ts';

/**
 * The commission platform (/commission): pools per project, period and business type; a
 * distribution's lines add up to its total, which never exceeds the pool's balance (also when
 * several are saved at once); the OA round trip through a signed callback; payment writes each
 * staff member's commission log, which staff see as their own and the office as everyone's.
 */
const server = setUpServer();
const [xingzheng, xmjl, weixiu, kefu] = setUpApis(server, 'xingzheng', 'xmjl', 'weixiu', 'kefu');
const C = '/api/commission';
const cuihu = DEMO_PROJECTS.cuihu.id;

const callback = (no: string, result: 'approved' | 'rejected', comment = '同意', timestamp = Date.now()) => {
  const body = { oa_process_no: no, result, comment, timestamp };
  return { ...body, sign: oaSign(server.config.signSeed, body) };
};

let pools = 0;
async function lockedPool(income: number, rate = 10): Promise<number> {
  const period = `${2001 + pools++}-01`;
  const added = await xingzheng.post(`${C}/pool/add`, { project_id: cuihu, period, biz_type: 'referral', income_amount: income, rate });
  expect(added.body.message).toBe('新增成功');
  await xingzheng.post(`${C}/pool/transition`, { id: added.body.data.id, action: 'lock' });
  return added.body.data.id;
}
const pool = async (id: number) => (await xingzheng.get(`${C}/pool/detail`, { id })).body.data as Record<string, any>;
const distribute = (poolId: number, amount: number, lines: { staff_id: number; amount: number; reason?: string }[]) =>
  xingzheng.post(`${C}/distribution/add`, { project_id: cuihu, pool_id: poolId, title: '推荐奖励分配', amount, lines });

describe('commission', () => {
  it('is in the demo: five months of pools at every project, distributions in every state, paid ones in the staff log', async () => {
    const pools = (await xingzheng.post(`${C}/pool/list`, { pageSize: 200 })).body.data.records as Record<string, any>[];
    expect(new Set(pools.map((p) => p.project_id)).size).toBe(4);
    expect(new Set(pools.map((p) => p.period)).size).toBe(5);
    expect(new Set(pools.map((p) => p.status))).toEqual(new Set(['open', 'locked', 'closed']));
    for (const p of pools) expect(Math.round((p.pool_amount - p.distributed_amount) * 100)).toBe(Math.round(p.balance * 100));
    const list = (await xingzheng.post(`${C}/distribution/list`, { pageSize: 200 })).body.data.records as Record<string, any>[];
    expect(new Set(list.map((d) => d.status))).toEqual(new Set(['paid', 'approved', 'approving']));
    for (const d of list) expect(Math.round(d.lines.reduce((s: number, l: { amount: number }) => s + l.amount * 100, 0))).toBe(Math.round(d.amount * 100));
    const logs = (await xingzheng.post(`${C}/staffLog/list`, { pageSize: 1000 })).body.data;
    const paid = list.filter((d) => d.status === 'paid').reduce((s, d) => s + d.headcount, 0);
    expect(logs.total).toBe(paid);
  });

  it('computes a paid-repair pool from the finished work orders by the commission rules, only while it collects', async () => {
    const open = ((await xingzheng.post(`${C}/pool/list`, { pageSize: 50, filters: { biz_type: 'repair_paid', status: 'open', project_id: cuihu } })).body.data.records as Record<string, any>[])[0];
    if (open) {
      const answer = await xingzheng.post(`${C}/pool/compute`, { id: open.id });
      expect(answer.body.message).toMatch(/^核算完成：本期 \d+ 单，收入 \d+\.\d{2} 元，佣金 \d+\.\d{2} 元$/);
    }
    const locked = ((await xingzheng.post(`${C}/pool/list`, { pageSize: 50, filters: { biz_type: 'repair_paid', status: 'locked' } })).body.data.records as Record<string, any>[])[0]!;
    expect((await xingzheng.post(`${C}/pool/compute`, { id: locked.id })).body.message).toBe('佣金池已锁定或结清，不能重新核算');
    expect((await xingzheng.post(`${C}/pool/update`, { id: locked.id, rate: 50 })).body.message).toBe('佣金池已锁定或结清，不能修改；如需调整请先解锁');
  });

  it('refuses lines that do not add up, an unlocked pool, and more than the balance, to the fen', async () => {
    const open = await xingzheng.post(`${C}/pool/add`, { project_id: cuihu, period: '2019-01', biz_type: 'rental', income_amount: 1000, rate: 10 });
    expect((await distribute(open.body.data.id, 100, [{ staff_id: DEMO_STAFF.weixiu, amount: 100 }])).body.message).toBe('佣金池未锁定或已结清，不能分配：请先锁定佣金池');
    const id = await lockedPool(1000.1, 10); // a pool of 100.01 元
    expect((await pool(id)).pool_amount).toBe(100.01);
    expect((await distribute(id, 60, [{ staff_id: DEMO_STAFF.weixiu, amount: 30.1 }, { staff_id: DEMO_STAFF.kefu, amount: 29.89 }])).body.message).toBe('分配明细合计 59.99 元，与分配总额 60.00 元不一致');
    expect((await distribute(id, 60, [{ staff_id: DEMO_STAFF.weixiu, amount: 30 }, { staff_id: DEMO_STAFF.weixiu, amount: 30 }])).body.message).toBe('分配明细中同一员工只能出现一次');
    expect((await distribute(id, 0.3, [{ staff_id: DEMO_STAFF.weixiu, amount: 0.1 }, { staff_id: DEMO_STAFF.kefu, amount: 0.2 }])).body.message).toBe('新增成功');
    expect((await distribute(id, 100, [{ staff_id: DEMO_STAFF.weixiu, amount: 100 }])).body.message).toBe('分配总额 100.00 元超过佣金池余额 99.71 元');
    expect((await distribute(id, 99.71, [{ staff_id: DEMO_STAFF.weixiu, amount: 99.7 }, { staff_id: DEMO_STAFF.xmjl, amount: 0.01 }])).body.message).toBe('新增成功');
    expect(await pool(id)).toMatchObject({ distributed_amount: 100.01, balance: 0 });
  });

  it('never lets concurrent distributions exceed the balance', async () => {
    const id = await lockedPool(10000, 10); // 1000 元
    const answers = await Promise.all(Array.from({ length: 5 }, () => distribute(id, 400, [{ staff_id: DEMO_STAFF.weixiu, amount: 400 }])));
    expect(answers.filter((a) => a.body.message === '新增成功')).toHaveLength(2);
    expect(await pool(id)).toMatchObject({ distributed_amount: 800, balance: 200 });
  });

  it('goes to OA, comes back through a signed callback only, and pays into the staff log', async () => {
    const id = await lockedPool(50000, 10);
    const d = (await distribute(id, 3000, [{ staff_id: DEMO_STAFF.weixiu, amount: 1800.5, reason: '上门维修' }, { staff_id: DEMO_STAFF.kefu, amount: 1199.5 }])).body.data.id;
    expect((await xingzheng.post(`${C}/distribution/transition`, { id: d, action: 'submit' })).body.message).toBe('已提交 OA 审批');
    const sent = (await xingzheng.get(`${C}/distribution/detail`, { id: d })).body.data;
    expect(sent.oa_process_no).toMatch(/^OA\d{8}/);
    expect((await xingzheng.post(`${C}/distribution/update`, { id: d, title: '改' })).body.message).toBe('分配单已提交，不能修改');
    const anon = setUpless();
    const forged = { ...callback(sent.oa_process_no, 'approved'), sign: '0'.repeat(64) };
    expect((await anon.post(`${C}/distribution/oaCallback`, forged)).body.message).toBe('回调签名无效');
    expect((await anon.post(`${C}/distribution/oaCallback`, { ...callback(sent.oa_process_no, 'approved'), result: 'rejected' })).body.message).toBe('回调签名无效');
    expect((await anon.post(`${C}/distribution/oaCallback`, callback(sent.oa_process_no, 'approved', '同意', Date.now() - 3600_000))).body.message).toBe('回调已过期，请重新发起');
    expect((await anon.post(`${C}/distribution/oaCallback`, callback(sent.oa_process_no, 'approved', '同意发放'))).body.message).toBe('回调已处理');
    expect((await anon.post(`${C}/distribution/oaCallback`, callback(sent.oa_process_no, 'rejected'))).http).toBe(409);
    const before = (await weixiu.post(`${C}/staffLog/list`, { pageSize: 1 })).body.data.records[0]?.balance_after ?? 0;
    expect((await xingzheng.post(`${C}/distribution/transition`, { id: d, action: 'pay' })).body.message).toBe('已发放，佣金已记入员工佣金明细');
    const mine = (await weixiu.post(`${C}/staffLog/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(new Set(mine.map((r) => r.staff_id))).toEqual(new Set([DEMO_STAFF.weixiu]));
    expect(mine[0]).toMatchObject({ amount: 1800.5, status: 'settled', title: '推荐奖励分配（上门维修）' });
    expect(Math.round(mine[0]!.balance_after * 100)).toBe(Math.round((before + 1800.5) * 100));
    const timeline = (await xingzheng.get(`${C}/distribution/timeline`, { id: d })).body.data as { actionText: string }[];
    expect(timeline.map((t) => t.actionText)).toEqual(['创建', '提交 OA 审批', 'OA 审批通过', '发放']);
  });

  it('opens the OA reviewer\'s public page by its signed link alone: that record only, until it expires', async () => {
    const id = await lockedPool(20000, 10);
    const d = (await distribute(id, 500, [{ staff_id: DEMO_STAFF.weixiu, amount: 500 }])).body.data.id;
    const other = (await distribute(id, 100, [{ staff_id: DEMO_STAFF.kefu, amount: 100 }])).body.data.id;
    await xingzheng.post(`${C}/distribution/transition`, { id: d, action: 'submit' });
    const link = (await xingzheng.get(`${C}/distribution/detail`, { id: d })).body.data.oa_link as string;
    expect(link).toMatch(new RegExp(`^${server.config.publicUrl}/commission/approve/detail\\?token=[\\w-]+\\.[\\w-]+$`));
    const token = new URL(link).searchParams.get('token')!;
    // The browser's signed request, without a session.
    const anon = new Api(server.url);
    const read = await anon.get(`${C}/distribution/publicDetail`, { token });
    expect(read.body.data).toMatchObject({ id: d, amount: 500, status: 'approving', project_name: '翠湖天地', pool_id_label: expect.any(String) });
    expect(read.body.data.lines).toEqual([{ staff_id: DEMO_STAFF.weixiu, staff_name: '王师傅', amount: 500, reason: null }]);
    // Another record: the id comes from the token alone; a changed token is forged.
    expect((await anon.get(`${C}/distribution/publicDetail`, { token, id: other })).http).toBe(400);
    const [body, sign] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const swapped = `${Buffer.from(JSON.stringify({ ...claims, id: other })).toString('base64url')}.${sign}`;
    expect((await anon.get(`${C}/distribution/publicDetail`, { token: swapped })).body).toMatchObject({ code: '403', message: '链接无效或已被篡改，请向发起人索取新的链接' });
    expect((await anon.get(`${C}/distribution/publicDetail`, { token: makeLinkToken('another-seed', claims) })).body.message).toBe('链接无效或已被篡改，请向发起人索取新的链接');
    expect((await anon.get(`${C}/distribution/publicDetail`, { token: makeLinkToken(server.config.signSeed, { ...claims, exp: Date.now() - 1 }) })).body).toMatchObject({ code: '403', message: '链接已过期，请向发起人索取新的链接' });
    // A genuine link of another page opens nothing here.
    expect((await anon.get(`${C}/distribution/publicDetail`, { token: makeLinkToken(server.config.signSeed, { ...claims, r: '/seal/pdf' }) })).body.message).toBe('链接无效或已被篡改，请向发起人索取新的链接');
    // Links are made by those granted, for records they see, and last the page's 72 hours.
    const made = await xmjl.post(`${C}/distribution/publicLink`, { id: other, route: '/commission/approve/detail' });
    expect(made.body.message).toBe('链接已生成，72 小时内有效');
    expect(made.body.data.expiresAt - Date.now()).toBeGreaterThan(71.9 * 3600_000);
    expect((await anon.get(`${C}/distribution/publicDetail`, { token: made.body.data.token })).body.data.id).toBe(other);
    expect((await weixiu.post(`${C}/distribution/publicLink`, { id: other, route: '/commission/approve/detail' })).http).toBe(403);
    const elsewhere = ((await xingzheng.post(`${C}/distribution/list`, { pageSize: 1, filters: { project_id: DEMO_PROJECTS.binjiang.id } })).body.data.records as { id: number }[])[0]!;
    expect((await xmjl.post(`${C}/distribution/publicLink`, { id: elsewhere.id, route: '/commission/approve/detail' })).http).not.toBe(200);
  });

  it('sums the paid commission in the /taskreport commission report, by project, staff, type and month', async () => {
    const logs = (await xingzheng.post(`${C}/staffLog/list`, { pageSize: 1000, filters: { status: 'settled' } })).body.data.records as { amount: number; project_id: number }[];
    const answer = (await xingzheng.post(`${C}/report/commissionSummary/query`, { groupBy: 'project' })).body.data;
    expect(answer.totals.records).toBe(logs.length);
    expect(Math.round(answer.totals.paid * 100)).toBe(Math.round(logs.reduce((s, l) => s + l.amount * 100, 0)));
    const cuihuRow = answer.rows.find((r: { label: string }) => r.label === '翠湖天地');
    expect(Math.round(cuihuRow.paid * 100)).toBe(Math.round(logs.filter((l) => l.project_id === cuihu).reduce((s, l) => s + l.amount * 100, 0)));
    expect((await xingzheng.post(`${C}/report/commissionSummary/query`, { groupBy: 'staff' })).body.data.rows[0].label).toMatch(/[\u4e00-\u9fa5]/);
    expect((await weixiu.post(`${C}/report/commissionSummary/query`, {})).http).toBe(403);
  });

  it('is the office\'s and the project manager\'s; staff see only their own log', async () => {
    expect((await weixiu.post(`${C}/pool/list`, {})).http).toBe(403);
    expect((await kefu.post(`${C}/distribution/add`, {})).http).toBe(403);
    expect((await xmjl.post(`${C}/distribution/transition`, { id: 1, action: 'pay' })).http).toBe(403);
    const seen = (await xmjl.post(`${C}/distribution/list`, { pageSize: 200 })).body.data.records as Record<string, any>[];
    expect(new Set(seen.map((r) => r.project_id))).toEqual(new Set([cuihu]));
    const kefuLog = (await kefu.post(`${C}/staffLog/list`, { pageSize: 100, filters: { staff_id: DEMO_STAFF.weixiu } })).body.data.records;
    expect(kefuLog).toEqual([]);
  });
});

/** A caller without a session (the OA system). */
function setUpless() {
  return {
    post: async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { http: res.status, body: (await res.json()) as Record<string, any> };
    },
  };
}
