import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import { HEARING_LEAD_DAYS } from '../../server/modules/litigation/hearings.ts';

/**
 * Litigation (/litigation, design notes 9): cases we bring and cases against us, their stages
 * as a workflow whose moves take each stage's fields, proceedings, lawyer letters turning into
 * cases, and legal data seen only by those granted it.
 */
const server = setUpServer();
const [fawu, xmjl, kefu] = setUpApis(server, 'fawu', 'xmjl', 'kefu');
const L = '/api/litigation';
const DAY = 86_400_000;

describe('litigation', () => {
  it('has months of cases at every stage across the projects, letters and proceedings', async () => {
    const cases = (await fawu.post(`${L}/case/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(new Set(cases.map((c) => c.stage))).toEqual(new Set(['letter', 'mediation', 'filing', 'first', 'second', 'execution', 'closed']));
    expect(new Set(cases.map((c) => c.direction))).toEqual(new Set(['plaintiff', 'defendant']));
    expect(new Set(cases.map((c) => c.project_id)).size).toBe(4);
    expect(Math.min(...cases.map((c) => c.created_at))).toBeLessThan(Date.now() - 200 * DAY);
    const sued = (await fawu.post(`${L}/case/list`, { pageSize: 50, filters: { direction: 'defendant' } })).body.data.records as Record<string, any>[];
    expect(sued.every((c) => c.direction === 'defendant' && c.risk_level)).toBe(true);
    const first = cases.find((c) => c.stage === 'execution')!;
    const proceedings = (await fawu.get(`${L}/case/proceedings`, { id: first.id })).body.data as Record<string, any>[];
    expect(proceedings.map((p) => p.event)).toContain('execution_apply');
    // The counterparty's mobile is masked in lists.
    expect(cases.find((c) => c.counterparty_phone)!.counterparty_phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    // The project manager of 翠湖天地 sees his project's cases only, and cannot change them; customer service sees none.
    const his = (await xmjl.post(`${L}/case/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(his.length).toBeGreaterThan(0);
    expect(his.every((c) => c.project_id === DEMO_PROJECTS.cuihu.id)).toBe(true);
    expect((await xmjl.post(`${L}/case/transition`, { id: his[0].id, action: 'close', values: { close_type: 'settlement', result: 'settled' } })).http).toBe(403);
    expect((await kefu.post(`${L}/case/list`, {})).http).toBe(403);
    const otherProject = cases.find((c) => c.project_id !== DEMO_PROJECTS.cuihu.id)!;
    expect((await xmjl.get(`${L}/case/proceedings`, { id: otherProject.id })).body.data).toEqual([]);
  });

  it('moves a case through its stages, each move taking that stage\'s fields', async () => {
    const added = await fawu.post(`${L}/case/add`, { direction: 'plaintiff', case_type: 'fee', project_id: DEMO_PROJECTS.jinxiu.id, counterparty: '钱伟民', owner_staff_id: (await fawu.get(`${L}/case/ownerOptions`)).body.data[0].value, cause: '拖欠 2024 年至 2025 年物业服务费', arrears_amount: 12860.5, claim_amount: 13500 });
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id as number;
    const detail = async () => (await fawu.get(`${L}/case/detail`, { id })).body.data as Record<string, any>;
    expect((await detail()).code).toMatch(/^SS\d{8}\d{3}$/);
    // 立案 needs the court, the case number and the date.
    const missing = await fawu.post(`${L}/case/transition`, { id, action: 'file', values: { court: '上海市闵行区人民法院' } });
    expect(missing.http).toBe(400);
    expect((await detail()).stage).toBe('letter');
    expect((await fawu.post(`${L}/case/transition`, { id, action: 'hearing', values: { next_date: '2026-12-20' } })).body.message).toBe('当前状态为「律师函」，不能开庭');
    expect((await fawu.post(`${L}/case/transition`, { id, action: 'file', values: { court: '上海市闵行区人民法院', case_no: '(2026)沪0112民初8801号', filed_at: '2026-11-20', litigation_costs: 160 } })).body.data.state).toBe('filing');
    expect((await fawu.post(`${L}/case/transition`, { id, action: 'hearing', values: { judge: '李法官', next_date: '2026-12-20' } })).body.data.state).toBe('first');
    const badDate = await fawu.post(`${L}/case/transition`, { id, action: 'execute', values: { judgment_amount: -1 } });
    expect(badDate.http).toBe(400);
    expect((await fawu.post(`${L}/case/transition`, { id, action: 'execute', values: { judgment_amount: 13200 } })).body.data.state).toBe('execution');
    expect((await fawu.post(`${L}/case/transition`, { id, action: 'close', values: { close_type: 'judgment', result: 'won', recovered_amount: 13200 } })).body.data.state).toBe('closed');
    expect(await detail()).toMatchObject({ stage: 'closed', court: '上海市闵行区人民法院', case_no: '(2026)沪0112民初8801号', judge: '李法官', judgment_amount: 13200, recovered_amount: 13200, result: 'won' });
    const steps = (await fawu.get(`${L}/case/timeline`, { id })).body.data as { action: string }[];
    expect(steps.map((s) => s.action)).toEqual(expect.arrayContaining(['file', 'hearing', 'execute', 'close']));
    // A proceeding with its documents is listed on the case.
    const proceeding = await fawu.post(`${L}/proceeding/add`, { case_id: id, project_id: DEMO_PROJECTS.jinxiu.id, stage: 'first', event: 'judgment', event_date: '2026-12-28', amount: 13200, note: '判决被告支付欠费' });
    expect(proceeding.body.message).toBe('新增成功');
    expect(((await fawu.get(`${L}/case/proceedings`, { id })).body.data as { event: string }[]).map((p) => p.event)).toEqual(['judgment']);
  });

  it(`reminds the case's people of its hearing dates ${HEARING_LEAD_DAYS} days ahead, once per date, by push`, async () => {
    const chinaDay = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);
    const owner = DEMO_STAFF.xingzheng;
    const now = Date.now();
    const added = await fawu.post(`${L}/case/add`, { direction: 'defendant', case_type: 'injury', project_id: DEMO_PROJECTS.cuihu.id, counterparty: '周海燕', owner_staff_id: owner, cause: '小区地面湿滑摔伤索赔', claim_amount: 56000, risk_level: 'medium', next_date: chinaDay(now + 20 * DAY) });
    const id = added.body.data.id as number;
    const proceeding = await fawu.post(`${L}/proceeding/add`, { case_id: id, project_id: DEMO_PROJECTS.cuihu.id, stage: 'first', event: 'accepted', event_date: chinaDay(now), court: '上海市徐汇区人民法院', next_date: chinaDay(now + 6 * DAY) });
    expect(proceeding.body.message).toBe('新增成功');
    // The reminded date is the server's own: a client cannot mark a date reminded.
    const forged = await fawu.post(`${L}/proceeding/update`, { id: proceeding.body.data.id, reminded_for: chinaDay(now + 6 * DAY) });
    expect(forged.http).toBe(400);
    const db = server.app.db as any;
    const notices = async (staffId: number) => (await db.selectFrom('staff_message').select(['title', 'content']).where('staff_id', '=', staffId).where('type', '=', 'legal_case').where('function_id', '=', String(id)).orderBy('id').execute()) as { title: string; content: string }[];
    const run = (days: number) => server.app.workflowTimers.run(now + days * DAY);
    // Too early: nothing.
    await run(1);
    expect(await notices(owner)).toEqual([]);
    // Three days ahead: the owner and the one who registered the hearing are told, once however often the clock runs.
    await run(6 - HEARING_LEAD_DAYS);
    await run(6 - HEARING_LEAD_DAYS + 0.1);
    const told = await notices(owner);
    expect(told).toEqual([{ title: '开庭提醒', content: expect.stringMatching(new RegExp(`^案件 SS\\d{11}（对方当事人 周海燕）的下次开庭/截止日期为 ${chinaDay(now + 6 * DAY)}（还有 ${HEARING_LEAD_DAYS} 天），上海市徐汇区人民法院，请做好准备$`)) }]);
    expect(await notices(DEMO_STAFF.fawu)).toHaveLength(1);
    // A moved hearing is reminded of again; the case's own next date too, in its window.
    await fawu.post(`${L}/proceeding/update`, { id: proceeding.body.data.id, next_date: chinaDay(now + 12 * DAY) });
    await run(11);
    expect((await notices(owner)).map((n) => n.content)).toEqual([told[0]!.content, expect.stringContaining(`${chinaDay(now + 12 * DAY)}（还有 1 天）`)]);
    await run(20);
    expect((await notices(owner)).at(-1)!.content).toContain(`${chinaDay(now + 20 * DAY)}（今天）`);
    // A closed case is not reminded of.
    await fawu.post(`${L}/proceeding/update`, { id: proceeding.body.data.id, next_date: chinaDay(now + 30 * DAY) });
    await fawu.post(`${L}/case/transition`, { id, action: 'close', values: { close_type: 'settlement', result: 'settled' } });
    const before = (await notices(owner)).length;
    await run(29);
    expect(await notices(owner)).toHaveLength(before);
  });

  it('sends a lawyer letter, records its delivery and turns it into a case', async () => {
    const added = await fawu.post(`${L}/lawyerLetter/add`, { project_id: DEMO_PROJECTS.binjiang.id, letter_no: '衡信律函〔2026〕第901号', owner_name: '蒋美华', arrears_amount: 8640, law_firm: '上海衡信律师事务所', lawyer: '周律师', deadline: '2026-12-31' });
    const id = added.body.data.id as number;
    expect((await fawu.post(`${L}/lawyerLetter/transition`, { id, action: 'send', values: { send_way: 'ems', tracking_no: 'EMS1180001234', sent_at: '2026-11-28' } })).body.data.state).toBe('sent');
    expect((await fawu.post(`${L}/lawyerLetter/transition`, { id, action: 'deliver', values: {} })).http).toBe(400);
    expect((await fawu.post(`${L}/lawyerLetter/transition`, { id, action: 'deliver', values: { delivered_at: '2026-12-01' } })).body.data.state).toBe('delivered');
    expect((await fawu.post(`${L}/lawyerLetter/transition`, { id, action: 'toCase', note: '限期届满仍未缴纳' })).body.data.state).toBe('to_case');
    const letter = (await fawu.get(`${L}/lawyerLetter/detail`, { id })).body.data as Record<string, any>;
    const made = (await fawu.get(`${L}/case/detail`, { id: letter.case_id })).body.data as Record<string, any>;
    expect(made).toMatchObject({ direction: 'plaintiff', case_type: 'fee', counterparty: '蒋美华', arrears_amount: 8640, project_id: DEMO_PROJECTS.binjiang.id, stage: 'letter', cause: '限期届满仍未缴纳' });
    expect(((await fawu.get(`${L}/case/letters`, { id: made.id })).body.data as { letter_no: string }[]).map((l) => l.letter_no)).toEqual(['衡信律函〔2026〕第901号']);
  });
});
