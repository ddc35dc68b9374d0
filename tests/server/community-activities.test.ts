import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * 活动管理 (/opearator-manager/ActivityManagement): activities and votes reviewed through the
 * approvals engine (kind activity, the demo flow: the administrator), their 参与范围 by the
 * scope picker, the sign-up list with its review and check-in, and the vote results.
 */
const server = setUpServer();
const [admin, yunying, kefu] = setUpApis(server, 'admin', 'yunying', 'kefu');
const AC = '/api/wxmanage/activity';
const SU = '/api/wxmanage/activitySignup';
const DAY = 86_400_000;
const at = (days: number) => Date.now() + days * DAY;

const activity = (over: Record<string, unknown> = {}) => ({
  project_id: DEMO_PROJECTS.cuihu.id,
  title: '春季植树节',
  activity_type: 'signup',
  content: '<p>一家一棵树，共建绿色家园。</p>',
  participants: { mode: 'project', ids: [DEMO_PROJECTS.cuihu.id] },
  start_time: at(30),
  end_time: at(30) + 4 * 3_600_000,
  signup_start: at(1),
  signup_end: at(29),
  quota: 40,
  ...over,
});

const timeline = async (id: number) => (await server.app.db.selectFrom('resource_timeline').select(['action', 'staff_name', 'note']).where('resource', '=', 'activity').where('record_id', '=', id).orderBy('at').orderBy('id').execute()) as { action: string; staff_name: string; note: string | null }[];

const listOf = async (api: typeof admin, path: string, filters: Record<string, unknown> = {}) => (await api.post(`${path}/list`, { pageSize: 200, filters })).body.data.records as Record<string, any>[];

describe('activities', () => {
  it('are in the demo across the projects in every state, with sign-ups and votes', async () => {
    const rows = await listOf(admin, AC);
    expect(new Set(rows.map((r) => r.project_id))).toEqual(new Set(Object.values(DEMO_PROJECTS).map((p) => p.id)));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['draft', 'rejected', 'approved', 'online', 'ended', 'offline']));
    expect(Math.min(...rows.map((r) => r.start_time))).toBeLessThan(at(-100));
    const tea = rows.find((r) => r.title === '重阳敬老茶话会')!;
    const signups = await listOf(admin, SU, { activity_id: tea.id });
    expect(signups.length).toBeGreaterThan(3);
    expect(signups.some((s) => s.status === 'checked_in')).toBe(true);
    expect(signups[0].mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const people = signups.filter((s) => ['pending', 'passed', 'checked_in'].includes(s.status)).reduce((n, s) => n + s.persons, 0);
    expect(tea.signup_count).toBe(people);
    expect(people).toBeLessThanOrEqual(tea.quota);
    const vote = rows.find((r) => r.title === '业委会筹备组成员推选')!;
    const results = (await admin.get(`${AC}/voteResults`, { id: vote.id })).body.data as { rank: number; title: string; votes: number; share: string }[];
    expect(results).toHaveLength(5);
    expect(results.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(results[0]!.votes).toBeGreaterThanOrEqual(results[4]!.votes);
    expect(vote.vote_count).toBeGreaterThan(0);
  });

  it('go online only once approved; a rejected one is fixed and resubmitted', async () => {
    const added = await yunying.post(`${AC}/add`, activity({ title: '春季植树节' }));
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id;
    expect((await yunying.get(`${AC}/detail`, { id })).body.data).toMatchObject({ participants_text: '指定项目：翠湖天地', author_id_label: '赵雅琪', status: 'draft' });
    await yunying.post(`${AC}/transition`, { id, action: 'submit' });
    expect((await yunying.post(`${AC}/transition`, { id, action: 'approve' })).http).toBe(403);
    const task = async () => ((await admin.post('/api/approve/task/list', { pageSize: 50, filters: { view: 'todo', biz_type: 'activity' } })).body.data.records as { id: number; title: string }[]).find((t) => t.title === '春季植树节');
    expect((await admin.post('/api/approve/task/reject', { id: (await task())!.id, comment: '请补充活动地点' })).body.data.status).toBe('rejected');
    expect((await yunying.post(`${AC}/update`, { id, location: '翠湖天地东侧绿地' })).body.message).toBe('保存成功');
    await yunying.post(`${AC}/transition`, { id, action: 'submit' });
    // The approver may also decide on the activity's own 审核通过 move (/activityReview).
    // Approved without a planned time, it goes online at once, as 系统.
    expect((await admin.post(`${AC}/transition`, { id, action: 'approve' })).body.message).toBe('审批通过');
    expect((await yunying.get(`${AC}/detail`, { id })).body.data).toMatchObject({ status: 'online', published_at: expect.any(Number) });
    expect((await yunying.get(`${AC}/detail`, { id })).body.data.published_at).toBeGreaterThan(Date.now() - 60_000);
    expect((await timeline(id)).slice(-2).map((t) => [t.action, t.staff_name])).toEqual([['approve', '系统管理员'], ['goLive', '系统']]);
    expect((await yunying.post(`${AC}/transition`, { id, action: 'offline' })).body.message).toBe('请填写下架说明');
    expect((await yunying.post(`${AC}/transition`, { id, action: 'offline', note: '天气原因延期' })).body.data.state).toBe('offline');
  });

  it('go online at their planned time and end at their end time, as 系统, once; or are cancelled before', async () => {
    const now = Date.now();
    const HOUR = 3_600_000;
    const plan = { activity_type: 'show', signup_start: null, signup_end: null, online_at: now + HOUR, start_time: now + 2 * HOUR, end_time: now + 3 * HOUR };
    const id = (await yunying.post(`${AC}/add`, activity({ title: '社区读书分享会', ...plan }))).body.data.id;
    await yunying.post(`${AC}/transition`, { id, action: 'submit' });
    await admin.post(`${AC}/transition`, { id, action: 'approve' });
    expect((await yunying.get(`${AC}/detail`, { id })).body.data).toMatchObject({ status: 'approved', published_at: null });
    // Waiting to go online it cannot be changed.
    expect((await yunying.post(`${AC}/update`, { id, title: '改' })).body.message).toBe('审核中、待上线、进行中或已结束的活动不能修改或删除');
    await server.app.workflowTimers.run(now + HOUR - 1000);
    expect((await yunying.get(`${AC}/detail`, { id })).body.data.status).toBe('approved');
    await server.app.workflowTimers.run(now + HOUR + 1000);
    expect((await yunying.get(`${AC}/detail`, { id })).body.data).toMatchObject({ status: 'online', published_at: expect.any(Number) });
    await server.app.workflowTimers.run(now + HOUR + 2000);
    await server.app.workflowTimers.run(now + 3 * HOUR + 1000);
    expect((await yunying.get(`${AC}/detail`, { id })).body.data.status).toBe('ended');
    expect((await timeline(id)).map((t) => [t.action, t.staff_name, t.note])).toEqual([
      ['create', '赵雅琪', null],
      ['submit', '赵雅琪', null],
      ['approve', '系统管理员', '审批通过'],
      ['goLive', '系统', '已到计划上线时间，系统自动上线'],
      ['finish', '系统', '已到活动结束时间，系统自动结束活动'],
    ]);
    // Cancelled while waiting, it never goes online; the planned time must come before the end.
    const other = (await yunying.post(`${AC}/add`, activity({ title: '社区摄影展', ...plan }))).body.data.id;
    await yunying.post(`${AC}/transition`, { id: other, action: 'submit' });
    await admin.post(`${AC}/transition`, { id: other, action: 'approve' });
    expect((await yunying.post(`${AC}/transition`, { id: other, action: 'cancel', note: '场地被占用' })).body.data.state).toBe('draft');
    await server.app.workflowTimers.run(now + HOUR + 3000);
    expect((await yunying.get(`${AC}/detail`, { id: other })).body.data.status).toBe('draft');
    const late = await yunying.post(`${AC}/update`, { id: other, online_at: now + 4 * HOUR });
    expect([late.http, late.body.message]).toEqual([400, '计划上线时间须早于活动结束时间']);
  });

  it('refuse bad times and a participant scope beyond the author’s', async () => {
    const backwards = await yunying.post(`${AC}/add`, activity({ end_time: at(29) }));
    expect([backwards.http, backwards.body.message]).toEqual([400, '活动结束时间须晚于开始时间']);
    const late = await yunying.post(`${AC}/add`, activity({ signup_end: at(31) }));
    expect([late.http, late.body.message]).toEqual([400, '报名须在活动结束前截止']);
    const south = await yunying.post(`${AC}/add`, activity({ participants: { mode: 'project', ids: [DEMO_PROJECTS.yunqi.id] } }));
    expect([south.http, south.body.message]).toEqual([403, '参与范围超出了您的数据范围，只能选择您负责的项目内的项目']);
    const options = await yunying.post(`${AC}/add`, activity({ activity_type: 'vote', vote_options: [{ title: '' .padEnd(51, '选') }] }));
    expect(options.http).toBe(400);
  });

  it('have their sign-ups reviewed and checked in, which the activity counts', async () => {
    const online = (await listOf(yunying, AC, { status: ['online'] })).find((r) => r.title === '元旦亲子嘉年华')!;
    const signups = await listOf(yunying, SU, { activity_id: online.id, status: ['pending'] });
    expect(signups.length).toBeGreaterThan(0);
    const [first, second] = signups;
    expect((await yunying.post(`${SU}/transition`, { id: first!.id, action: 'pass' })).body.data.state).toBe('passed');
    expect((await yunying.post(`${SU}/transition`, { id: first!.id, action: 'checkin' })).body.data.state).toBe('checked_in');
    if (second) {
      const before = (await yunying.get(`${AC}/detail`, { id: online.id })).body.data.signup_count;
      expect((await yunying.post(`${SU}/transition`, { id: second.id, action: 'refuse' })).body.message).toBe('请填写拒绝说明');
      await yunying.post(`${SU}/transition`, { id: second.id, action: 'refuse', note: '非本小区业主' });
      expect((await yunying.get(`${AC}/detail`, { id: online.id })).body.data.signup_count).toBe(before - second.persons);
    }
    // Sign-ups come from owners: the console cannot add one.
    expect((await yunying.post(`${SU}/add`, { activity_id: online.id, name: 'x', mobile: '13800000000', persons: 1, signed_at: Date.now() })).http).toBe(404);
  });

  it('are seen within the data scope and written by those granted', async () => {
    const rows = await listOf(yunying, AC);
    expect(rows.every((r) => [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id].includes(r.project_id))).toBe(true);
    const south = (await listOf(admin, AC, { project_id: DEMO_PROJECTS.binjiang.id }))[0]!;
    expect((await yunying.get(`${AC}/voteResults`, { id: south.id })).http).toBe(404);
    expect((await kefu.post(`${AC}/add`, activity())).http).toBe(403);
  });
});
