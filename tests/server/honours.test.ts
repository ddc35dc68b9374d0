import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';

/**
 * Honours (/employeeHonor/*, /honorApproval): quotas per organisation held on the server, also
 * when nominations arrive at once; review, approval through the approvals engine (the seeded flow:
 * 人事审批 by 郑思远), votes, awards and the honour roll; and who sees which nominations.
 */
const server = setUpServer();
const [renshi, xmjl, weixiu, pinzhi, yunying] = setUpApis(server, 'renshi', 'xmjl', 'weixiu', 'pinzhi', 'yunying');
const H = '/api/honor';
const DAY = 86_400_000;
type Rec = Record<string, any>;
const nominations = async (api: typeof renshi, filters: Rec = {}) => (await api.post(`${H}/nomination/list`, { pageSize: 200, filters })).body.data.records as Rec[];
const move = (api: typeof renshi, id: number, action: string, extra: Rec = {}) => api.post(`${H}/nomination/transition`, { id, action, ...extra });

/** Staff of a project, from the people pickers (labelled 「name（organisation）」). */
async function staffOf(project: string): Promise<number[]> {
  const all = (await renshi.get('/api/performance/options/staff')).body.data as { label: string; value: number }[];
  return all.filter((s) => s.label.endsWith(`（${project}）`)).map((s) => s.value);
}

/** A round of the test's own, open for nominations, with the given quotas. */
async function openRound(name: string, quotas: Rec[]): Promise<number> {
  const now = Date.now();
  const added = await renshi.post(`${H}/round/add`, { name, honor_types: ['service_star', 'gold_steward', 'best_repair'], period_start: now - 90 * DAY, period_end: now - DAY, nominate_start: now - DAY, nominate_end: now + 10 * DAY, votes_per_voter: 2, quotas });
  expect(added.body.message).toBe('新增成功');
  const id = added.body.data.id as number;
  expect((await renshi.post(`${H}/round/transition`, { id, action: 'open' })).body.data.state).toBe('open');
  return id;
}

const deeds = '全年受理报事 400 余件零投诉，雨季连续值守排查地库积水，业主送来锦旗。';

describe('honours', () => {
  it('seeds two published rounds with awards and votes, one open round and the year\'s round being judged', async () => {
    const rounds = (await renshi.post(`${H}/round/list`, { pageSize: 20 })).body.data.records as Rec[];
    expect(rounds.map((r) => r.status).sort()).toEqual(['open', 'published', 'published', 'voting']);
    const judged = rounds.find((r) => r.status === 'voting')!;
    const waiting = await nominations(renshi, { round_id: judged.id });
    expect(waiting.length).toBeGreaterThan(2);
    expect(waiting.every((n) => n.status === 'approved')).toBe(true);
    const awarded = await nominations(renshi, { status: ['awarded'] });
    expect(awarded.length).toBeGreaterThan(2);
    expect(awarded.some((n) => n.vote_count > 0)).toBe(true);
    const open = rounds.find((r) => r.status === 'open')!;
    expect((await nominations(renshi, { round_id: open.id })).length).toBeGreaterThan(2);
  });

  it('refuses a nomination beyond the organisation\'s quota, with no quota, or from another project', async () => {
    const round = await openRound('测试轮次·名额', [{ org_id: DEMO_PROJECTS.cuihu.id, honor_type: 'service_star', quota: 1 }]);
    const [a, b] = await staffOf('翠湖天地');
    const nominate = (staff: number, extra: Rec = {}) => xmjl.post(`${H}/nomination/add`, { round_id: round, honor_type: 'service_star', project_id: DEMO_PROJECTS.cuihu.id, staff_id: staff, deeds, ...extra });
    expect((await nominate(a!)).body.message).toBe('新增成功');
    const over = await nominate(b!);
    expect([over.http, over.body.message]).toEqual([409, '「翠湖天地」本轮「服务之星」名额为 1 人，已全部提名，不能再提名']);
    expect((await nominate(b!, { honor_type: 'gold_steward' })).body.message).toBe('本轮评选未给「翠湖天地」分配「金牌管家」名额，不能提名');
    const [jinxiu] = await staffOf('锦绣华庭');
    expect((await nominate(jinxiu!)).body.message).toBe('被提名人不属于所选项目');
    expect((await nominate(b!, { deeds: '很好' })).http).toBe(400);
    expect((await nominations(renshi, { round_id: round })).length).toBe(1);
  });

  it('lets only one of several simultaneous nominations take the last place', async () => {
    const round = await openRound('测试轮次·并发', [{ org_id: DEMO_ORG.eastRegion, honor_type: 'best_repair', quota: 2 }]);
    const staff = [...(await staffOf('翠湖天地')), ...(await staffOf('锦绣华庭'))].slice(0, 6);
    const answers = await Promise.all(staff.map((id, i) => renshi.post(`${H}/nomination/add`, { round_id: round, honor_type: 'best_repair', project_id: i % 2 && i > 0 ? DEMO_PROJECTS.jinxiu.id : DEMO_PROJECTS.cuihu.id, staff_id: id, deeds })));
    // Staff of the other project are refused as not belonging; of the rest, two fit the region's quota.
    const placed = answers.filter((r) => r.body.message === '新增成功');
    expect(placed.length).toBe(2);
    expect(answers.filter((r) => r.body.message === '「华东区域」本轮「优秀维修工」名额为 2 人，已全部提名，不能再提名').length).toBeGreaterThan(0);
    expect((await nominations(renshi, { round_id: round })).length).toBe(2);
  });

  it('goes through review, the approval center, votes and the award to the honour roll', async () => {
    const round = await openRound('测试轮次·流程', [{ org_id: DEMO_PROJECTS.cuihu.id, honor_type: 'service_star', quota: 2 }]);
    const add = await xmjl.post(`${H}/nomination/add`, { round_id: round, honor_type: 'service_star', project_id: DEMO_PROJECTS.cuihu.id, staff_id: DEMO_STAFF.kefu, deeds, motto: '用心服务' });
    const id = add.body.data.id as number;
    const second = (await xmjl.post(`${H}/nomination/add`, { round_id: round, honor_type: 'service_star', project_id: DEMO_PROJECTS.cuihu.id, staff_id: DEMO_STAFF.diaodu, deeds })).body.data.id as number;
    expect((await move(xmjl, id, 'submit')).body.message).toBe('当前状态为「已提名」，不能提交审批');
    expect((await move(xmjl, id, 'review', { values: { review_score: 90 } })).http).toBe(403);
    expect((await move(renshi, id, 'review', { values: { review_score: 120 } })).http).toBe(400);
    expect((await move(renshi, id, 'review', { values: { review_score: 92.5, review_note: '事迹突出' } })).body.data.state).toBe('reviewed');
    await move(renshi, second, 'review', { values: { review_score: 80 } });
    expect((await move(xmjl, id, 'submit')).body.data.state).toBe('approving');
    expect((await xmjl.post(`${H}/nomination/update`, { id, motto: '改' })).body.message).toBe('审批中、已通过或已评定的提名不能修改或删除');
    await move(xmjl, second, 'submit');
    const tasks = (await renshi.post('/api/approve/task/list', { pageSize: 50, filters: { view: 'todo', biz_type: 'honor' } })).body.data.records as Rec[];
    const task = (nominationId: number) => tasks.find((t) => t.title === `测试轮次·流程·服务之星·${nominationId === id ? '林晓雯' : '周建国'}`)!;
    expect((await renshi.post('/api/approve/task/approve', { id: task(id).id, comment: '同意' })).http).toBe(200);
    expect((await renshi.post('/api/approve/task/reject', { id: task(second).id, comment: '事迹材料不足' })).http).toBe(200);
    const [one, two] = [(await xmjl.get(`${H}/nomination/detail`, { id })).body.data, (await xmjl.get(`${H}/nomination/detail`, { id: second })).body.data];
    expect([one.status, two.status]).toEqual(['approved', 'rejected']);

    // Awards wait for the round to close nominations; votes are taken while it is judged.
    expect((await move(renshi, id, 'award', { values: { award_note: '服务标兵' } })).body.message).toBe('「测试轮次·流程」不在评审阶段，不能评定获奖');
    expect((await renshi.post(`${H}/vote/add`, { nomination_id: id })).body.message).toBe('「测试轮次·流程」当前不在投票阶段');
    await renshi.post(`${H}/round/transition`, { id: round, action: 'vote' });
    expect((await weixiu.post(`${H}/vote/add`, { nomination_id: id })).body.message).toBe('新增成功');
    expect((await weixiu.post(`${H}/vote/add`, { nomination_id: id })).body.message).toBe('您已为「林晓雯」投过票');
    expect((await weixiu.post(`${H}/vote/add`, { nomination_id: second })).body.message).toBe('「周建国」的提名未进入评选，不能投票');
    expect((await xmjl.post(`${H}/vote/add`, { nomination_id: id })).body.message).toBe('新增成功');
    expect((await xmjl.get(`${H}/nomination/detail`, { id })).body.data.vote_count).toBe(2);
    expect((await move(renshi, id, 'award', { values: {} })).http).toBe(400);
    expect((await move(xmjl, id, 'award', { values: { award_note: '服务标兵' } })).http).toBe(403);
    expect((await move(renshi, id, 'award', { values: { award_note: '服务标兵，业主口碑好' } })).body.data.state).toBe('awarded');
    expect((await renshi.post(`${H}/round/transition`, { id: round, action: 'publish' })).body.data.state).toBe('published');
    // On the honour roll of her project, and in her own honour history.
    expect((await nominations(xmjl, { status: ['awarded'], staff_name: '林晓雯' })).map((n) => n.round_id)).toContain(round);
    expect((await nominations(weixiu, { status: ['awarded'] })).every((n) => n.staff_id === DEMO_STAFF.weixiu)).toBe(true);
  });

  it('shows nominations by data scope, and votes only to those who may read them', async () => {
    // 华南区域's 何志华 sees his region's nominations; 华东区域's 赵雅琪 sees 翠湖天地's.
    const cuihu = await nominations(renshi, { project_id: DEMO_PROJECTS.cuihu.id });
    expect(cuihu.length).toBeGreaterThan(0);
    const seen = await nominations(pinzhi);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((n) => [DEMO_PROJECTS.binjiang.id, DEMO_PROJECTS.yunqi.id].includes(n.project_id))).toBe(true);
    expect((await pinzhi.get(`${H}/nomination/detail`, { id: cuihu[0]!.id })).http).toBe(404);
    expect((await yunying.get(`${H}/nomination/detail`, { id: cuihu[0]!.id })).http).toBe(200);
    expect((await weixiu.post(`${H}/vote/list`, { pageSize: 10 })).http).toBe(403);
    expect((await weixiu.post(`${H}/round/add`, { name: 'x' })).http).toBe(403);
  });

  it('checks quotas when a round is saved', async () => {
    const now = Date.now();
    const base = { name: '测试轮次·校验', honor_types: ['service_star'], period_start: now - 90 * DAY, period_end: now - DAY, nominate_start: now, nominate_end: now + DAY, votes_per_voter: 1 };
    expect((await renshi.post(`${H}/round/add`, { ...base, quotas: [{ org_id: DEMO_PROJECTS.cuihu.id, honor_type: 'best_repair', quota: 1 }] })).body.message).toBe('名额分配第 1 行的荣誉类型不在本轮的荣誉类型中');
    const twice = [{ org_id: DEMO_PROJECTS.cuihu.id, honor_type: 'service_star', quota: 1 }, { org_id: DEMO_PROJECTS.cuihu.id, honor_type: 'service_star', quota: 2 }];
    expect((await renshi.post(`${H}/round/add`, { ...base, quotas: twice })).body.message).toBe('名额分配第 2 行与前面的行重复（同一组织、同一荣誉类型只能设一次名额）');
    expect((await renshi.post(`${H}/round/add`, { ...base, quotas: [{ org_id: 99999, honor_type: 'service_star', quota: 1 }] })).body.message).toBe('名额分配第 1 行的组织不存在或已停用');
  });
});
