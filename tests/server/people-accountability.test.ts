import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';

/**
 * Accountability (/performanceManagement/accountabilityCheck and the resolutions): a case is
 * checked, resolved at the level its severity requires (一般 by the superior; 较重 and 严重 by the vote
 * of the region's or the group's evaluation team on a proposal), and on execution charged to the responsible person's sheet of that period
 * (the sheet's computed deduction and its final score), unless a protection term exempts it.
 */
const server = setUpServer();
const [renshi, xmjl, yunying, pinzhi, weixiu, xingzheng] = setUpApis(server, 'renshi', 'xmjl', 'yunying', 'pinzhi', 'weixiu', 'xingzheng');
const A = '/api/performance/accountability';
const V = `${A}/vote`;
type Rec = Record<string, any>;
const cases = async (api: typeof renshi, filters: Rec = {}) => (await api.post(`${A}/list`, { pageSize: 100, filters })).body.data.records as Rec[];

describe('accountability', () => {
  it('seeds cases at every stage; an executed one is deducted from its sheet, a protected one is exempt', async () => {
    const all = await cases(renshi);
    expect(new Set(all.map((c) => c.status))).toEqual(new Set(['pending', 'unfounded', 'superior', 'region', 'group', 'executed']));
    const charged = all.find((c) => c.status === 'executed' && c.staff_id === DEMO_STAFF.weixiu)!;
    expect(charged).toMatchObject({ final_points: 3, resolved_level: 'superior' });
    const sheet = (await renshi.get('/api/performance/sheet/detail', { id: charged.sheet_id })).body.data;
    expect(sheet.deduction).toBe(3);
    expect(sheet.final_score).toBeCloseTo(sheet.team_total - 3, 2);
    const exempt = all.find((c) => c.status === 'executed' && c.decision === 'exempt')!;
    expect([exempt.final_points, exempt.sheet_id]).toEqual([0, null]);
    expect(exempt.exempt_note).toMatch(/保护期/);
  });

  it('is resolved at the level its severity requires, then charged to the period\'s sheet', async () => {
    const bad = await xmjl.post(`${A}/add`, { project_id: DEMO_PROJECTS.cuihu.id, source: 'complaint', occurred_at: Date.now() - 3600_000, staff_id: DEMO_STAFF.weixiu, description: '入户维修未穿鞋套，业主有效投诉', severity: 'major', penalty: 'deduct_score' });
    expect(bad.body.message).toBe('处理方式为扣分时，请填写拟扣分');
    const added = await xmjl.post(`${A}/add`, { project_id: DEMO_PROJECTS.cuihu.id, source: 'complaint', occurred_at: Date.now() - 3600_000, staff_id: DEMO_STAFF.weixiu, description: '入户维修未穿鞋套，业主有效投诉', severity: 'major', penalty: 'deduct_score', points: 4 });
    const id = added.body.data.id as number;
    const created = (await xmjl.get(`${A}/detail`, { id })).body.data;
    expect(created.code).toMatch(/^WZ\d{8}\d{3}$/);
    expect((await weixiu.get(`${A}/detail`, { id })).http).toBe(403);
    expect((await pinzhi.get(`${A}/detail`, { id })).http).toBe(404);
    expect((await xmjl.post(`${A}/transition`, { id, action: 'confirmCheck', values: { check_note: '监控与业主描述一致' } })).body.data.state).toBe('superior');
    expect((await xmjl.post(`${A}/update`, { id, points: 1 })).body.message).toBe('问责事项已核查，不能再修改');
    const tooLow = await xmjl.post(`${A}/transition`, { id, action: 'resolveSuperior', values: { decision: 'uphold', reason: '属实' } });
    expect([tooLow.http, tooLow.body.message]).toEqual([409, '「较重」问责事项须由区域决议，请上报']);
    expect((await xmjl.post(`${A}/transition`, { id, action: 'escalateRegion' })).body.message).toBe('请填写上报区域说明');
    expect((await xmjl.post(`${A}/transition`, { id, action: 'escalateRegion', note: '较重事项上报' })).body.data.state).toBe('region');
    // 华东区域's 赵雅琪 proposes and puts it to 华东区域联合评议小组 (she, 李项目经理 and 人事, 过半数同意); 华南区域's 何志华 does not see it.
    const proposal = { decision: 'reduce', final_points: 2, reason: '初犯，减轻处理' };
    expect((await pinzhi.post(`${A}/transition`, { id, action: 'voteRegion', values: proposal })).http).toBe(404);
    expect((await yunying.post(`${A}/transition`, { id, action: 'voteRegion', values: proposal })).body.data.state).toBe('region_vote');
    const voting = (await yunying.get(`${A}/detail`, { id })).body.data;
    expect(voting).toMatchObject({ vote_team_id_label: '华东区域联合评议小组', vote_round: 1 });
    expect(voting.vote_deadline).toBeGreaterThan(Date.now() + 71 * 3600_000);
    expect((await weixiu.post(`${V}/add`, { case_id: id, choice: 'agree' })).http).toBe(403);
    const outsider = await pinzhi.post(`${V}/add`, { case_id: id, choice: 'against' });
    expect(outsider.http).toBeGreaterThanOrEqual(400);
    expect((await yunying.post(`${V}/add`, { case_id: id, choice: 'agree', comment: '同意减轻' })).body.message).toBe('新增成功');
    expect((await yunying.post(`${V}/add`, { case_id: id, choice: 'against' })).body.message).toBe('您已表决，每人每轮只能表决一次');
    expect((await yunying.get(`${A}/detail`, { id })).body.data.status).toBe('region_vote');
    // The second agreeing vote of three is a majority: the proposal is the resolution at once.
    expect((await xmjl.post(`${V}/add`, { case_id: id, choice: 'agree' })).body.message).toBe('新增成功');
    const resolved = (await cases(renshi, { status: ['resolved'] })).find((c) => c.id === id);
    expect(resolved).toMatchObject({ resolved_level: 'region', final_points: 2, decision: 'reduce' });
    expect(resolved!.vote_tally).toBe('第 1 轮：同意 2、反对 0、弃权 0、未表决 1（共 3 人，过半数同意），通过');
    expect((await renshi.post(`${V}/add`, { case_id: id, choice: 'against' })).body.message).toMatch(/^问责事项「WZ\d{11}」不在表决中$/);
    const executed = await renshi.post(`${A}/transition`, { id, action: 'execute' });
    expect(executed.body.data.state).toBe('executed');
    const done = (await renshi.get(`${A}/detail`, { id })).body.data;
    const sheet = (await renshi.get('/api/performance/sheet/detail', { id: done.sheet_id })).body.data;
    expect(sheet.staff_id).toBe(DEMO_STAFF.weixiu);
    expect(sheet.deduction).toBe(2);
  });

  it('exempts a staff member under an active protection term, saying why', async () => {
    const [term] = (await renshi.post('/api/performance/protection/list', { filters: { type: 'new_hire' } })).body.data.records as Rec[];
    const add = await renshi.post(`${A}/add`, { project_id: DEMO_PROJECTS.cuihu.id, source: 'quality', occurred_at: Date.now() - 7200_000, staff_id: term!.staff_id, description: '公区玻璃未按标准擦拭', severity: 'minor', penalty: 'deduct_score', points: 2 });
    const id = add.body.data.id as number;
    await renshi.post(`${A}/transition`, { id, action: 'confirmCheck', values: { check_note: '属实' } });
    await xmjl.post(`${A}/transition`, { id, action: 'resolveSuperior', values: { decision: 'uphold', reason: '按制度扣分' } });
    await renshi.post(`${A}/transition`, { id, action: 'execute' });
    const done = (await renshi.get(`${A}/detail`, { id })).body.data;
    expect(done).toMatchObject({ status: 'executed', decision: 'exempt', final_points: 0, sheet_id: null });
    expect(done.exempt_note).toMatch(/^责任人处于新入职保护期（\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}），免予扣分扣款$/);
    expect((await weixiu.post('/api/performance/protection/list', {})).http).toBe(403);
  });
});

describe('the evaluation team\'s vote', () => {
  it('sends a rejected or expired proposal back for a new round, and counts only the votes cast in time', async () => {
    // The seeded 严重 case waits for the group: 集团绩效评议委员会 is 人事 (leader) and 行政专员, 过半数 of 2 is 2.
    const [c] = await cases(renshi, { status: ['group'] });
    const id = c!.id as number;
    const propose = (reason: string) => renshi.post(`${A}/transition`, { id, action: 'voteGroup', values: { decision: 'uphold', final_amount: 500, reason } });
    expect((await yunying.post(`${A}/transition`, { id, action: 'voteGroup', values: { decision: 'uphold', reason: 'x' } })).http).toBe(403);
    expect((await propose('消防通道管理失职，维持扣款')).body.data.state).toBe('group_vote');
    // One vote against: two agreeing votes can no longer be reached, so the round fails at once.
    expect((await xingzheng.post(`${V}/add`, { case_id: id, choice: 'against', comment: '建议先整改' })).body.message).toBe('新增成功');
    let now = (await renshi.get(`${A}/detail`, { id })).body.data;
    expect(now).toMatchObject({ status: 'group', vote_tally: '第 1 轮：同意 0、反对 1、弃权 0、未表决 1（共 2 人，过半数同意），未通过' });

    // Round 2: one agreeing vote, then the deadline passes without the other: not passed.
    expect((await propose('整改后复议，维持扣款')).body.data.state).toBe('group_vote');
    expect((await renshi.post(`${V}/add`, { case_id: id, choice: 'agree' })).body.message).toBe('新增成功');
    now = (await renshi.get(`${A}/detail`, { id })).body.data;
    expect(now).toMatchObject({ status: 'group_vote', vote_round: 2 });
    // A vote after the deadline is refused (the deadline moved into the past, as time passing would).
    await (server.app.db as any).updateTable('accountability_case').set({ vote_deadline: Date.now() - 1000 }).where('id', '=', id).execute();
    expect((await xingzheng.post(`${V}/add`, { case_id: id, choice: 'agree' })).body.message).toBe('表决已截止');
    await server.app.workflowTimers.run(Date.now());
    now = (await renshi.get(`${A}/detail`, { id })).body.data;
    expect(now).toMatchObject({ status: 'group', vote_tally: '第 2 轮：同意 1、反对 0、弃权 0、未表决 1（共 2 人，过半数同意），未通过' });
    const votes = (await renshi.post(`${V}/list`, { pageSize: 20, filters: { case_id: id } })).body.data.records as Rec[];
    expect(votes.map((v) => [v.round, v.staff_id, v.choice]).sort()).toEqual([[1, DEMO_STAFF.xingzheng, 'against'], [2, DEMO_STAFF.renshi, 'agree']].sort());
  });
});

describe('guidance ledger', () => {
  it('keeps mentoring records with their sessions, checked like any record', async () => {
    const G = '/api/performance/guidance';
    const seeded = (await xmjl.post(`${G}/list`, { pageSize: 50 })).body.data.records as Rec[];
    expect(seeded.every((r) => r.project_id === DEMO_PROJECTS.cuihu.id)).toBe(true);
    const plan = seeded.find((r) => r.type === 'improve')!;
    expect(plan).toMatchObject({ mentee_id: DEMO_STAFF.weixiu, result: 'ongoing' });
    expect(plan.sheet_id_label).toMatch(/^JX\d{8}$/);
    expect(plan.sessions.length).toBe(2);
    const body = { project_id: DEMO_PROJECTS.cuihu.id, type: 'skill', mentor_id: DEMO_STAFF.xmjl, mentee_id: DEMO_STAFF.xmjl, start_date: '2026-11-20', goals: '掌握电梯困人应急流程' };
    expect((await xmjl.post(`${G}/add`, body)).body.message).toBe('辅导人与被辅导人不能是同一人');
    expect((await xmjl.post(`${G}/add`, { ...body, mentee_id: DEMO_STAFF.weixiu, sessions: [{ date: '2026-11-21' }] })).http).toBe(400);
    const added = await xmjl.post(`${G}/add`, { ...body, mentee_id: DEMO_STAFF.weixiu, sessions: [{ date: '2026-11-21', content: '现场演练一次', next: '月底考核' }] });
    expect(added.body.message).toBe('新增成功');
    expect((await xmjl.get(`${G}/detail`, { id: added.body.data.id })).body.data.sessions).toEqual([{ date: '2026-11-21', content: '现场演练一次', next: '月底考核' }]);
    expect((await weixiu.post(`${G}/list`, {})).http).toBe(403);
    expect((await pinzhi.post(`${G}/list`, {})).http).toBe(403);
  });
});
