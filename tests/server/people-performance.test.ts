import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { downloadSheet } from '../support/exports.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';

/**
 * Performance assessment (/performanceManagement/*): periods, indicator sets whose weights total
 * 100, sheets generated once per staff member and period, self-assessment, the team's scores, the
 * weighted total computed by the server (computed columns over perf_score), grades, the appeal
 * window, and who reads whose performance.
 */
const server = setUpServer();
const [renshi, weixiu, xmjl, kefu, pinzhi, xuncha] = setUpApis(server, 'renshi', 'weixiu', 'xmjl', 'kefu', 'pinzhi', 'xuncha');
const P = '/api/performance';
const DAY = 86_400_000;
type Rec = Record<string, any>;

const sheets = async (api: typeof renshi, filters: Rec = {}, extra: Rec = {}) => (await api.post(`${P}/sheet/list`, { pageSize: 200, filters, ...extra })).body.data.records as Rec[];
const scoresOf = async (api: typeof renshi, sheetId: number) => (await api.post(`${P}/score/list`, { pageSize: 50, filters: { sheet_id: sheetId } })).body.data.records as Rec[];
const weighted = (rows: Rec[], key: 'score' | 'self_score') => Math.round(rows.reduce((s, r) => s + (r[key] * r.weight) / r.max_score, 0) * 100) / 100;

describe('performance assessment', () => {
  it('seeds months of sheets: closed periods resolved and graded, the current one generated', async () => {
    const periods = (await renshi.post(`${P}/period/list`, { pageSize: 20 })).body.data.records as Rec[];
    expect(periods.map((p) => p.status)).toEqual(['open', 'closed', 'closed', 'closed']);
    // Computed from the child sheets, in the list query.
    for (const p of periods) expect(p.sheet_count).toBeGreaterThan(15);
    expect(periods[0]!.done_count).toBe(0);
    expect(periods[3]!.done_count).toBe(periods[3]!.sheet_count);
    expect(periods[3]!.avg_score).toBeGreaterThan(60);
    const archived = await sheets(renshi, { view: 'ledger' });
    expect(archived.length).toBeGreaterThan(30);
    expect(new Set(archived.map((s) => s.grade)).size).toBeGreaterThan(1);
  });

  it('computes a sheet\'s weighted totals from its indicator scores, sorts by them and exports them', async () => {
    const [sheet] = await sheets(renshi, { view: 'ledger', project_id: DEMO_PROJECTS.cuihu.id });
    const rows = await scoresOf(renshi, sheet!.id);
    expect(sheet!.indicator_count).toBe(rows.length);
    expect(sheet!.team_total).toBeCloseTo(weighted(rows, 'score'), 2);
    expect(sheet!.self_total).toBeCloseTo(weighted(rows, 'self_score'), 2);
    expect(sheet!.final_score).toBeCloseTo(sheet!.team_total, 2);
    const detail = (await renshi.get(`${P}/sheet/detail`, { id: sheet!.id })).body.data;
    expect(detail.team_total).toBe(sheet!.team_total);
    const sorted = (await sheets(renshi, { view: 'ledger' }, { sortField: 'team_total', sortOrder: 'descend' })).map((s) => s.team_total);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect((await renshi.post(`${P}/sheet/list`, { sortField: 'nope' })).http).toBe(400);
    const file = await downloadSheet(renshi, `${P}/sheet/export`, { view: 'ledger' });
    expect(file.rows[0]).toContain('评议得分');
  });

  it('refuses an indicator set whose weights do not total 100, and stores nothing', async () => {
    const body = { indicators: [{ name: '派单', weight: 60, max_score: 10 }, { name: '闭环', weight: 30, max_score: 10 }] };
    const before = (await renshi.post(`${P}/indicatorSet/list`, { pageSize: 50 })).body.data.total;
    const [set] = (await renshi.post(`${P}/indicatorSet/list`, { filters: { post_name: '调度员' } })).body.data.records as Rec[];
    const update = await renshi.post(`${P}/indicatorSet/update`, { id: set!.id, indicators: body.indicators });
    expect([update.http, update.body.message]).toEqual([400, '各项指标权重合计须为 100，当前为 90']);
    const dup = await renshi.post(`${P}/indicatorSet/update`, { id: set!.id, indicators: [{ name: '派单', weight: 50, max_score: 10 }, { name: '派单', weight: 50, max_score: 10 }] });
    expect(dup.body.message).toBe('考核指标「派单」重复');
    expect((await renshi.post(`${P}/indicatorSet/list`, { pageSize: 50 })).body.data.total).toBe(before);
    const kept = (await renshi.get(`${P}/indicatorSet/detail`, { id: set!.id })).body.data;
    expect(kept.indicators.reduce((s: number, i: Rec) => s + i.weight, 0)).toBe(100);
    expect((await weixiu.post(`${P}/indicatorSet/update`, { id: set!.id, name: 'x' })).http).toBe(403);
  });

  it('generates a period\'s sheets once per staff member, by permission, only for open periods', async () => {
    const start = Date.UTC(2030, 0, 1);
    const added = await renshi.post(`${P}/period/add`, { name: '2030年1月月度考核', type: 'month', start_date: start, end_date: start + 30 * DAY, status: 'open' });
    const id = added.body.data.id as number;
    expect((await weixiu.post(`${P}/period/generate`, { id })).http).toBe(403);
    const first = await renshi.post(`${P}/period/generate`, { id });
    expect(first.body.data.created).toBeGreaterThan(15);
    expect(first.body.message).toBe(`已生成 ${first.body.data.created} 张考核表`);
    const again = await renshi.post(`${P}/period/generate`, { id });
    expect([again.body.data.created, again.body.data.existing, again.body.message]).toEqual([0, first.body.data.created, '本期考核表均已生成，没有新增']);
    const made = await sheets(renshi, { period_id: id });
    expect(made).toHaveLength(first.body.data.created);
    expect(new Set(made.map((s) => s.staff_id)).size).toBe(made.length);
    const mine = made.find((s) => s.staff_id === DEMO_STAFF.weixiu)!;
    expect(mine).toMatchObject({ status: 'self', post_name: '维修工程师', team_id_label: '翠湖天地绩效评议小组', indicator_count: 4, team_total: null });
    // A period with sheets is not deleted; a closed period generates nothing.
    expect((await renshi.post(`${P}/period/delete`, { ids: [id] })).body.message).toBe('该周期已生成考核表，不能删除');
    await renshi.post(`${P}/period/update`, { id, status: 'closed' });
    expect((await renshi.post(`${P}/period/generate`, { id })).body.message).toBe('考核周期「2030年1月月度考核」已结束，不能生成考核表');
    await renshi.post(`${P}/period/update`, { id, status: 'open' });
  });

  it('is scored in order: self-assessment by the staff member, then the team within each indicator\'s range', async () => {
    const [open] = (await renshi.post(`${P}/period/list`, { filters: { status: 'open' }, sortField: 'start_date', sortOrder: 'ascend' })).body.data.records as Rec[];
    const sheet = (await sheets(weixiu, { view: 'mine', period_id: open!.id }))[0]!;
    expect(sheet.status).toBe('self');
    const rows = await scoresOf(weixiu, sheet.id);
    // Handing on before every indicator is self-assessed is refused.
    expect((await weixiu.post(`${P}/sheet/transition`, { id: sheet.id, action: 'submitSelf' })).body.message).toMatch(/^请先完成自评：「工单及时完成率」/);
    expect((await weixiu.post(`${P}/score/update`, { id: rows[0]!.id, self_score: 11 })).body.message).toBe('「工单及时完成率」的得分须在 0 到 10 之间');
    expect((await weixiu.post(`${P}/score/update`, { id: rows[0]!.id, score: 10 })).http).toBe(403);
    expect((await xmjl.post(`${P}/score/update`, { id: rows[0]!.id, self_score: 10 })).body.message).toBe('只有被考核人本人可以在待自评时填写自评分');
    for (const [i, r] of rows.entries()) expect((await weixiu.post(`${P}/score/update`, { id: r.id, self_score: 9 - i * 0.5 })).body.message).toBe('保存成功');
    expect((await xmjl.post(`${P}/sheet/transition`, { id: sheet.id, action: 'submitSelf' })).http).toBe(403);
    expect((await weixiu.post(`${P}/sheet/transition`, { id: sheet.id, action: 'submitSelf' })).body.data.state).toBe('team');
    expect((await weixiu.post(`${P}/score/update`, { id: rows[0]!.id, self_score: 10 })).http).toBe(403);

    // The team: 刘海燕 leads 翠湖天地's; 何志华 (华南区域) may score but is not on it.
    expect((await pinzhi.post(`${P}/score/update`, { id: rows[0]!.id, score: 8 })).http).toBe(404);
    expect((await xmjl.post(`${P}/score/update`, { id: rows[0]!.id, score: 5 })).body.message).toBe('「工单及时完成率」得分低于满分的 60%，请填写评分说明');
    expect((await xmjl.post(`${P}/sheet/transition`, { id: sheet.id, action: 'resolve' })).body.message).toBe('还有 4 项指标未评分：「工单及时完成率」「维修返修率」「设备巡检完成率」「业主评价」');
    await xmjl.post(`${P}/score/update`, { id: rows[0]!.id, score: 5, comment: '本月三张工单超时' });
    for (const r of rows.slice(1)) await xmjl.post(`${P}/score/update`, { id: r.id, score: 9 });
    const inList = (await sheets(xmjl, { view: 'evaluate' })).find((s) => s.id === sheet.id)!;
    const expected = Math.round(((5 * 35) / 10 + (9 * 25) / 10 + (9 * 20) / 10 + (9 * 20) / 10) * 100) / 100;
    expect(inList.team_total).toBe(expected);
    const resolved = await xmjl.post(`${P}/sheet/transition`, { id: sheet.id, action: 'resolve' });
    expect(resolved.body.data.state).toBe('confirm');
    const done = (await weixiu.get(`${P}/sheet/detail`, { id: sheet.id })).body.data;
    expect(done).toMatchObject({ final_score: expected, grade: 'C', coefficient: 0.8, team_total: expected });

    // Appeal once, with a reason, within the window; the team decides.
    expect((await weixiu.post(`${P}/sheet/transition`, { id: sheet.id, action: 'appeal', values: {} })).body.message).toBe('请填写申诉理由');
    const appealed = await weixiu.post(`${P}/sheet/transition`, { id: sheet.id, action: 'appeal', values: { appeal_reason: '超时工单为业主改约' } });
    expect(appealed.body.data.state).toBe('appeal');
    await xmjl.post(`${P}/score/update`, { id: rows[0]!.id, score: 8, comment: '核实后调整' });
    await xmjl.post(`${P}/sheet/transition`, { id: sheet.id, action: 'decideAppeal', values: { appeal_result: '核实属实，调整为 8 分' } });
    const after = (await weixiu.get(`${P}/sheet/detail`, { id: sheet.id })).body.data;
    expect(after).toMatchObject({ status: 'archived', grade: 'B', final_score: expected + 10.5 });
    expect((await weixiu.post(`${P}/sheet/transition`, { id: sheet.id, action: 'appeal', values: { appeal_reason: '再申诉' } })).http).toBe(409);
  });

  it('closes the appeal window seven days after the result', async () => {
    // The demo leaves 王师傅's last closed month waiting for his confirmation.
    const [waiting] = await sheets(weixiu, { view: 'mine', status: ['confirm'] });
    await (server.app.db as any).updateTable('perf_sheet').set({ state_at: Date.now() - 8 * DAY }).where('id', '=', waiting!.id).execute();
    const late = await weixiu.post(`${P}/sheet/transition`, { id: waiting!.id, action: 'appeal', values: { appeal_reason: '迟到的申诉' } });
    expect([late.http, late.body.message]).toEqual([409, '考核结果公布 7 天内可以申诉，已超过申诉期限']);
    expect((await weixiu.get(`${P}/sheet/detail`, { id: waiting!.id })).body.data).toMatchObject({ status: 'confirm', appeal_reason: null });
    expect((await weixiu.post(`${P}/sheet/transition`, { id: waiting!.id, action: 'confirm' })).body.data.state).toBe('archived');
  });

  it('shows a staff member their own sheets, a team its sheets, and the rest by permission within the data scope', async () => {
    const own = await sheets(weixiu);
    expect(own.length).toBeGreaterThan(3);
    expect(own.every((s) => s.staff_id === DEMO_STAFF.weixiu)).toBe(true);
    const other = (await sheets(renshi)).find((s) => s.staff_id !== DEMO_STAFF.weixiu && s.project_id === DEMO_PROJECTS.cuihu.id)!;
    expect((await weixiu.get(`${P}/sheet/detail`, { id: other.id })).http).toBe(404);
    expect((await weixiu.get(`${P}/sheet/scores`, { id: other.id })).http).toBe(404);
    expect(await scoresOf(weixiu, other.id)).toEqual([]);
    // 林晓雯 sits on 翠湖天地's team: its sheets, no others.
    const team = await sheets(kefu);
    expect(new Set(team.map((s) => s.project_id))).toEqual(new Set([DEMO_PROJECTS.cuihu.id]));
    expect(team.length).toBeGreaterThan(own.length);
    // 何志华 (品质经理, 华南区域) reads 华南 sheets by permission; 陈志强 (巡查员) only his own.
    expect(new Set((await sheets(pinzhi)).map((s) => s.project_id))).toEqual(new Set([DEMO_PROJECTS.binjiang.id, DEMO_PROJECTS.yunqi.id]));
    expect((await sheets(xuncha)).every((s) => s.staff_id === DEMO_STAFF.xuncha)).toBe(true);
    expect((await xuncha.post(`${P}/team/list`, {})).http).toBe(403);
    expect((await sheets(xmjl, { view: 'evaluate' })).every((s) => s.team_id_label === '翠湖天地绩效评议小组' && ['team', 'appeal'].includes(s.status))).toBe(true);
  });
});
