import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, signedIn } from '../support/api.ts';
import { ownerMobiles, ownerSignedIn } from '../support/owners.ts';
import { postFile, storeFile } from '../support/storedFiles.ts';
import { startSmsGateway } from '../support/smsGateway.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';

/**
 * The owner-side API (/api/owner, issue 32): the owner app signs in with the SMS code, its session
 * reaches only owner routes and only the owner's own houses; notices and read receipts, sign-ups
 * under the activity's rules (no overbooking under concurrency), votes under the vote's rules,
 * mailbox letters whose replies show once approved, app feedback and its answers, and pictures
 * an owner uploads and attaches to a letter or a feedback.
 */
let server: TestServer;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
let admin: Api;
let yunying: Api;
const DAY = 86_400_000;
const at = (days: number) => Date.now() + days * DAY;
const AC = '/api/wxmanage/activity';
const O = '/api/owner';
const db = () => server.app.db as unknown as Kysely<any>;

beforeAll(async () => {
  gateway = await startSmsGateway();
  server = await startServer({ PMS_SMS_WEBHOOK_URL: gateway.url, PMS_LOGIN_RATE_LIMIT: '1000', PMS_UPLOAD_MAX_BYTES: String(64 * 1024) });
  admin = await signedIn(server.url, 'admin');
  yunying = await signedIn(server.url, 'yunying');
});
afterAll(async () => {
  await server?.close();
  gateway?.close();
});

/** The administrator's waiting task on the running approval of a record (the demo flows: the administrator alone). */
async function waitingTask(resource: string, id: number): Promise<number> {
  const instance = await db().selectFrom('approval_instance').select('id').where('biz_resource', '=', resource).where('biz_id', '=', id).where('status', '=', 'running').executeTakeFirstOrThrow();
  return ((await db().selectFrom('approval_task').select('id').where('instance_id', '=', instance.id).where('status', '=', 'wait').executeTakeFirstOrThrow()) as { id: number }).id;
}

/** An activity of 翠湖天地 added and submitted by 运营专员 赵雅琪, approved by the administrator: online at once. */
async function onlineActivity(over: Record<string, unknown>): Promise<number> {
  const title = `${String(over.title ?? '业主活动')}${Math.random().toString(36).slice(2, 6)}`;
  const added = await yunying.post(`${AC}/add`, {
    project_id: DEMO_PROJECTS.cuihu.id,
    activity_type: 'signup',
    content: '<p>欢迎业主参加。</p>',
    participants: { mode: 'project', ids: [DEMO_PROJECTS.cuihu.id] },
    start_time: at(10),
    end_time: at(10) + 4 * 3_600_000,
    signup_start: at(-1),
    signup_end: at(9),
    quota: 0,
    ...over,
    title,
  });
  expect(added.body.message).toMatch(/成功/);
  const id = added.body.data.id as number;
  expect((await yunying.post(`${AC}/transition`, { id, action: 'submit' })).http).toBe(200);
  await admin.post('/api/approve/task/approve', { id: await waitingTask('activity', id) });
  expect((await admin.get(`${AC}/detail`, { id })).body.data.status).toBe('online');
  return id;
}

const houseOf = async (owner: Api) => (await owner.get(`${O}/me`)).body.data.houses[0].houseId as number;

describe('owner sign-in and sessions', () => {
  it('signs in with the SMS code, records the sign-in, and registers a first-time owner in the app', async () => {
    const owner = (await db().selectFrom('customer').select(['id', 'mobile', 'name']).where('app_registered', '=', 0).where('house_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()) as { id: number; mobile: string; name: string };
    const app = new Api(server.url);
    expect((await app.post('/api/auth/login/ownerSmsCode', { mobile: owner.mobile })).body.message).toBe('验证码已发送，5 分钟内有效');
    const code = /验证码是 (\d{6})/.exec(gateway.sent.at(-1)!.text)![1]!;
    const wrong = await app.post(`${O}/login`, { mobile: owner.mobile, code: code === '000000' ? '111111' : '000000', terminal: 'wx_mini' });
    expect([wrong.http, wrong.body.message]).toEqual([400, '验证码不正确']);
    expect((await app.post(`${O}/login`, { mobile: owner.mobile, code: '12ab', terminal: 'wx_mini' })).http).toBe(400);
    const before = Number(((await db().selectFrom('app_login_event').select((eb) => eb.fn.countAll().as('n')).where('customer_id', '=', owner.id).executeTakeFirstOrThrow()) as { n: number }).n);
    const signedIn_ = await app.post(`${O}/login`, { mobile: owner.mobile, code, terminal: 'wx_mini' });
    expect([signedIn_.http, signedIn_.body.message, signedIn_.body.data.name]).toEqual([200, '登录成功', owner.name]);
    expect(signedIn_.body.data.expiresAt).toBeGreaterThan(at(29));
    // The code is used up.
    expect((await app.post(`${O}/login`, { mobile: owner.mobile, code, terminal: 'wx_mini' })).body.message).toBe('验证码已失效，请重新获取');
    const events = (await db().selectFrom('app_login_event').selectAll().where('customer_id', '=', owner.id).orderBy('id', 'desc').execute()) as Record<string, any>[];
    expect(events.length).toBe(before + 1);
    expect(events[0]).toMatchObject({ terminal: 'wx_mini', project_id: expect.any(Number) });
    expect((await db().selectFrom('customer').select(['app_registered', 'registered_at']).where('id', '=', owner.id).executeTakeFirstOrThrow()).app_registered).toBe(1);
    // Stored as a hash only.
    app.token = signedIn_.body.data.token;
    expect(await db().selectFrom('owner_session').select('id').where('token_hash', '=', app.token).executeTakeFirst()).toBeUndefined();
    const me = (await app.get(`${O}/me`)).body.data;
    expect(me).toMatchObject({ name: owner.name, mobile: owner.mobile });
    expect(me.houses.length).toBeGreaterThan(0);
  });

  it('keeps the two kinds of session apart: an owner token opens no staff route, a staff token no owner route', async () => {
    const [mobile] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 1);
    const owner = await ownerSignedIn(server, mobile!);
    expect((await owner.get('/api/auth/login/findUserInfo')).http).toBe(401);
    expect((await owner.post(`${AC}/list`, { pageSize: 5 })).http).toBe(401);
    expect((await admin.get(`${O}/me`)).http).toBe(401);
    expect((await admin.get(`${O}/notice/list`)).http).toBe(401);
    expect((await new Api(server.url).get(`${O}/activity/list`)).http).toBe(401);
    expect((await owner.get(`${O}/activity/list`)).http).toBe(200);
  });

  it('ends a session on sign-out (token_code -2) and after a week unused (token_code -1)', async () => {
    const [a, b] = await ownerMobiles(server, DEMO_PROJECTS.jinxiu.id, true, 2);
    const owner = await ownerSignedIn(server, a!);
    expect((await owner.post(`${O}/logout`)).body.message).toBe('已退出登录');
    const out = await owner.get(`${O}/me`);
    expect([out.http, out.headers.get('token_code')]).toEqual([401, '-2']);
    const idle = await ownerSignedIn(server, b!);
    await db().updateTable('owner_session').set({ last_seen_at: at(-8) }).where('revoked_at', 'is', null).execute();
    const gone = await idle.get(`${O}/me`);
    expect([gone.http, gone.headers.get('token_code'), gone.body.message]).toEqual([401, '-1', '当前账号已过期，请重新登录！']);
  });
});

describe('notices and read receipts', () => {
  it('lists the notices sent to the owner; reading one is counted once on the staff side', async () => {
    const row = (await db()
      .selectFrom('notice_recipient as r')
      .innerJoin('mass_notice as n', 'n.id', 'r.notice_id')
      .innerJoin('customer as c', 'c.id', 'r.customer_id')
      .select(['r.notice_id', 'c.mobile', 'n.read_count', 'n.project_id'])
      .where('n.status', '=', 'sent')
      .where('r.read_at', 'is', null)
      // Unread on every channel it reached the customer by: the owner's list shows a notice read once any of them is.
      .where((eb) => eb.not(eb.exists(eb.selectFrom('notice_recipient as o').select('o.id').whereRef('o.notice_id', '=', 'r.notice_id').whereRef('o.customer_id', '=', 'r.customer_id').where('o.read_at', 'is not', null))))
      .where('c.mobile', 'not in', db().selectFrom('customer').select('mobile').groupBy('mobile').having((eb) => eb.fn.countAll(), '>', 1))
      .orderBy('r.id')
      .executeTakeFirstOrThrow()) as { notice_id: number; mobile: string; read_count: number; project_id: number };
    const owner = await ownerSignedIn(server, row.mobile);
    const list = (await owner.get(`${O}/notice/list`, { pageSize: 50 })).body.data as { id: number; read: boolean }[];
    expect(list.find((n) => n.id === row.notice_id)).toMatchObject({ read: false });
    const detail = await owner.get(`${O}/notice/detail`, { id: row.notice_id });
    expect(detail.body.data.content).toBeTruthy();
    const staff = async () => (await admin.get('/api/wxmanage/massNotice/detail', { id: row.notice_id })).body.data.read_count as number;
    expect(await staff()).toBe(row.read_count + 1);
    await owner.get(`${O}/notice/detail`, { id: row.notice_id });
    expect(await staff()).toBe(row.read_count + 1);
    expect(((await owner.get(`${O}/notice/list`, { pageSize: 50 })).body.data as { id: number; read: boolean }[]).find((n) => n.id === row.notice_id)!.read).toBe(true);
    // Another owner, not a recipient, neither reads it nor counts.
    const stranger = (await db().selectFrom('customer').select('mobile').where('id', 'not in', db().selectFrom('notice_recipient').select('customer_id').where('notice_id', '=', row.notice_id)).where('house_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()) as { mobile: string };
    const other = await ownerSignedIn(server, stranger.mobile);
    expect((await other.get(`${O}/notice/detail`, { id: row.notice_id })).http).toBe(404);
    expect(await staff()).toBe(row.read_count + 1);
  });
});

describe('activity sign-ups', () => {
  it('never overbooks: owners racing for the last places get exactly the places there are', async () => {
    const id = await onlineActivity({ title: '抢名额亲子课', quota: 2 });
    const mobiles = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 6);
    const owners = await Promise.all(mobiles.map((m) => ownerSignedIn(server, m)));
    const houses = await Promise.all(owners.map(houseOf));
    const answers = await Promise.all(owners.map((o, i) => o.post(`${O}/activity/signup`, { activityId: id, houseId: houses[i], persons: 1 })));
    expect(answers.filter((a) => a.http === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.http === 409).map((a) => a.body.message)).toEqual(Array(4).fill('名额已满'));
    expect((await admin.get(`${AC}/detail`, { id })).body.data.signup_count).toBe(2);
    expect(((await admin.post('/api/wxmanage/activitySignup/list', { pageSize: 50, filters: { activity_id: id } })).body.data.records as unknown[]).length).toBe(2);
  });

  it('enforces the sign-up window, certified owners only, one sign-up each, the house limit and the quota in people', async () => {
    const [mobile, second] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 8).then((m) => m.slice(6));
    const owner = await ownerSignedIn(server, mobile!);
    const house = await houseOf(owner);
    const sign = (activityId: number, persons = 1, api = owner, houseId = house) => api.post(`${O}/activity/signup`, { activityId, houseId, persons });
    const early = await onlineActivity({ title: '未开始报名', signup_start: at(2) });
    expect((await sign(early)).body.message).toBe('报名尚未开始');
    const closed = await onlineActivity({ title: '已截止报名', start_time: at(3), end_time: at(3) + 3_600_000, signup_start: at(-3), signup_end: at(-1) });
    expect((await sign(closed)).body.message).toBe('报名已截止');
    const [uncertified] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, false, 1);
    const plain = await ownerSignedIn(server, uncertified!);
    const certifiedOnly = await onlineActivity({ title: '业主大会', need_certified: true });
    expect((await sign(certifiedOnly, 1, plain, await houseOf(plain))).body.message).toBe('该活动仅限认证业主报名，请先完成住户认证');
    const limited = await onlineActivity({ title: '每户两人', per_house_limit: 2, quota: 5, need_signup_audit: true });
    expect((await sign(limited, 3)).body.message).toBe('每户限报 2 人');
    const first = await sign(limited, 2);
    expect([first.body.message, first.body.data.status]).toEqual(['报名已提交，等待审核', 'pending']);
    expect((await sign(limited, 1)).body.message).toBe('您已报名该活动');
    const other = await ownerSignedIn(server, second!);
    expect((await sign(limited, 4, other, await houseOf(other))).body.message).toBe('名额不足，仅剩 3 个名额');
    expect((await owner.post(`${O}/activity/signup`, { activityId: limited, houseId: house, persons: 0 })).http).toBe(400);
    expect((await owner.post(`${O}/activity/signup`, { activityId: limited, houseId: house + 100000, persons: 1 })).body.message).toBe('所选房屋不是您的房屋');
    // Cancelled, the place is free again and the owner may sign up anew.
    const mine = (await owner.get(`${O}/activity/mySignups`)).body.data as { id: number; activity_id: number; status: string }[];
    const signup = mine.find((s) => s.activity_id === limited)!;
    expect((await other.post(`${O}/activity/cancel`, { id: signup.id })).http).toBe(404);
    expect((await owner.post(`${O}/activity/cancel`, { id: signup.id })).body.message).toBe('已取消报名');
    expect((await owner.post(`${O}/activity/cancel`, { id: signup.id })).body.message).toBe('报名已取消');
    expect((await admin.get(`${AC}/detail`, { id: limited })).body.data.signup_count).toBe(0);
    expect((await sign(limited, 1)).http).toBe(200);
  });

  it('shows an owner only the activities of their own project', async () => {
    const elsewhere = await onlineActivity({ title: '锦绣专场', project_id: DEMO_PROJECTS.jinxiu.id, participants: { mode: 'project', ids: [DEMO_PROJECTS.jinxiu.id] } });
    const [mobile] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 1);
    const owner = await ownerSignedIn(server, mobile!);
    expect(((await owner.get(`${O}/activity/list`)).body.data as { id: number }[]).some((a) => a.id === elsewhere)).toBe(false);
    expect((await owner.get(`${O}/activity/detail`, { id: elsewhere })).http).toBe(404);
    expect((await owner.post(`${O}/activity/signup`, { activityId: elsewhere, houseId: await houseOf(owner), persons: 1 })).http).toBe(404);
  });
});

describe('votes', () => {
  const options = ['方案一', '方案二', '方案三', '方案四'].map((title) => ({ title, description: null }));
  const vote = (over: Record<string, unknown>) => onlineActivity({ activity_type: 'vote', start_time: at(-1), end_time: at(5), signup_start: null, signup_end: null, vote_options: options, ...over });

  it('keeps to the maximum of choices, one ballot a day, and shows results only after voting', async () => {
    const id = await vote({ title: '停车方案投票', max_choices: 2, votes_per_day: 1, show_result: 'after_vote', need_certified: true });
    const [mobile] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 1);
    const owner = await ownerSignedIn(server, mobile!);
    const results = await owner.get(`${O}/vote/results`, { id });
    expect([results.http, results.body.message]).toEqual([403, '投票后可查看结果']);
    const cast = (choice: number[], api = owner) => api.post(`${O}/vote/cast`, { activityId: id, options: choice });
    expect((await cast([0, 1, 2])).body.message).toBe('每人最多选择 2 项');
    expect((await cast([1, 1])).body.message).toBe('投票选项不能重复');
    expect((await cast([7])).body.message).toBe('投票选项不存在');
    expect((await cast([])).http).toBe(400);
    expect((await cast([0, 2])).body.message).toBe('投票成功');
    expect((await cast([1])).body.message).toBe('今日投票次数已用完（每人每日 1 次），请明天再来');
    const tally = (await owner.get(`${O}/vote/results`, { id })).body.data;
    expect(tally.results.filter((r: { votes: number }) => r.votes === 1).map((r: { title: string }) => r.title).sort()).toEqual(['方案一', '方案三']);
    expect((await admin.get(`${AC}/detail`, { id })).body.data.vote_count).toBe(1);
    const [uncertified] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, false, 1);
    expect((await cast([0], await ownerSignedIn(server, uncertified!))).body.message).toBe('该投票仅限认证业主参加，请先完成住户认证');
  });

  it('lets a revote replace the ballot, and hides results until the end when the vote says so', async () => {
    const id = await vote({ title: '绿化改造投票', max_choices: 1, votes_per_day: 2, allow_revote: true, show_result: 'after_end' });
    const [mobile] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 1);
    const owner = await ownerSignedIn(server, mobile!);
    await owner.post(`${O}/vote/cast`, { activityId: id, options: [0] });
    await owner.post(`${O}/vote/cast`, { activityId: id, options: [3] });
    const records = (await db().selectFrom('vote_record').select('option_index').where('activity_id', '=', id).execute()) as { option_index: number }[];
    expect(records.map((r) => r.option_index)).toEqual([3]);
    expect((await owner.post(`${O}/vote/cast`, { activityId: id, options: [2] })).body.message).toBe('今日投票次数已用完（每人每日 2 次），请明天再来');
    expect((await owner.get(`${O}/vote/results`, { id })).body.message).toBe('投票结果将在活动结束后公布');
    await admin.post(`${AC}/transition`, { id, action: 'finish' });
    expect((await owner.get(`${O}/vote/results`, { id })).body.data.results[0]).toMatchObject({ title: '方案四', votes: 1 });
    expect((await owner.post(`${O}/vote/cast`, { activityId: id, options: [1] })).body.message).toBe('投票已结束');
  });
});

describe('the mailbox and app feedback', () => {
  it('takes a letter into the staff mailbox and shows its reply only once 信箱审批 approved it', async () => {
    const [mobile, otherMobile] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 2);
    const owner = await ownerSignedIn(server, mobile!);
    expect((await owner.post(`${O}/letter/write`, { mailbox: 'pm', letterType: 'suggest', title: '  ', content: '建议增加' })).body.message).toBe('请填写来信标题');
    expect((await owner.post(`${O}/letter/write`, { mailbox: 'ceo', letterType: 'suggest', title: '建议', content: '建议增加' })).http).toBe(400);
    const title = '建议在北门增设快递柜';
    const written = await owner.post(`${O}/letter/write`, { mailbox: 'pm', letterType: 'suggest', title, content: '北门附近没有快递柜，取件很不方便，建议增设。' });
    expect(written.body.message).toBe('来信已提交，我们会尽快处理');
    const id = written.body.data.id as number;
    const L = '/api/wxmanage/communityLetter';
    expect((await admin.get(`${L}/detail`, { id })).body.data).toMatchObject({ title, status: 'new', project_id: DEMO_PROJECTS.cuihu.id, mailbox: 'pm' });
    const mine = async () => ((await owner.get(`${O}/letter/list`)).body.data as Record<string, any>[]).find((l) => l.id === id)!;
    expect(await mine()).toMatchObject({ title, state: '待受理', reply: null });
    // 赵雅琪 gives it to the project manager 刘海燕, whose reply the administrator approves.
    const xmjl = await signedIn(server.url, 'xmjl');
    await yunying.post(`${L}/transition`, { id, action: 'accept', values: { handler_id: DEMO_STAFF.xmjl } });
    await xmjl.post(`${L}/transition`, { id, action: 'draftReply', values: { reply: '已安排在北门增设快递柜，预计下月投入使用。' } });
    expect(await mine()).toMatchObject({ state: '办理中', reply: null });
    expect((await admin.post('/api/approve/task/approve', { id: await waitingTask('community_letter', id) })).body.data.status).toBe('approved');
    expect(await mine()).toMatchObject({ state: '已回复', reply: '已安排在北门增设快递柜，预计下月投入使用。' });
    // Another owner does not see it.
    const other = await ownerSignedIn(server, otherMobile!);
    expect(((await other.get(`${O}/letter/list`)).body.data as { id: number }[]).some((l) => l.id === id)).toBe(false);
  });

  it('keeps an anonymous letter anonymous to staff, and takes app feedback into 意见反馈', async () => {
    const [mobile] = await ownerMobiles(server, DEMO_PROJECTS.yunqi.id, true, 1);
    const owner = await ownerSignedIn(server, mobile!);
    const { id } = (await owner.post(`${O}/letter/write`, { mailbox: 'gm', letterType: 'complaint', title: '夜间施工噪音', content: '夜里十一点还在施工。', anonymous: true })).body.data;
    expect((await admin.get('/api/wxmanage/communityLetter/detail', { id })).body.data).toMatchObject({ writer_name: '匿名业主', writer_mobile: null, house_id: null, project_id: DEMO_PROJECTS.yunqi.id });
    expect((await owner.post(`${O}/feedback/submit`, { type: 'bug', content: '' })).body.message).toBe('请填写反馈内容');
    const fed = await owner.post(`${O}/feedback/submit`, { type: 'bug', content: '缴费页面偶尔白屏', appVersion: '3.2.1', os: 'Android 14' });
    expect(fed.body.message).toBe('感谢您的反馈');
    expect((await admin.get('/api/wxmanage/appFeedback/detail', { id: fed.body.data.id })).body.data).toMatchObject({ status: 'new', content: '缴费页面偶尔白屏', project_id: DEMO_PROJECTS.yunqi.id });
  });
});

describe('feedback history', () => {
  const FB = '/api/wxmanage/appFeedback';
  const mine = async (owner: Api) => (await owner.get(`${O}/feedback/list`)).body.data as Record<string, any>[];

  it('links feedback to the owner who sent it, shows them masked to staff, and answers it back to that owner only', async () => {
    const [mobile, otherMobile] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 2);
    const owner = await ownerSignedIn(server, mobile!);
    const customer = (await db().selectFrom('customer').select(['id', 'name']).where('mobile', '=', mobile!).executeTakeFirstOrThrow()) as { id: number; name: string };
    const sent = (await owner.post(`${O}/feedback/submit`, { type: 'ux', content: '希望报修可以上传视频' })).body.data.id as number;
    const refused = (await owner.post(`${O}/feedback/submit`, { type: 'other', content: '能否增加宠物登记功能' })).body.data.id as number;
    const detail = (await yunying.get(`${FB}/detail`, { id: sent })).body.data;
    expect(detail).toMatchObject({ customer_id: customer.id, customer_id_label: customer.name, customer_name: customer.name, contact: `${mobile!.slice(0, 3)}****${mobile!.slice(-4)}` });
    const listed = (await yunying.post(`${FB}/list`, { pageSize: 50, filters: { customer_id: customer.id } })).body.data.records as Record<string, any>[];
    expect(listed.map((r) => r.id)).toEqual(expect.arrayContaining([sent, refused]));
    expect(listed.every((r) => r.contact === detail.contact)).toBe(true);
    expect((await mine(owner)).filter((f) => [sent, refused].includes(f.id)).map((f) => [f.state, f.reply])).toEqual([['待处理', null], ['待处理', null]]);
    await yunying.post(`${FB}/transition`, { id: sent, action: 'handle', values: { reply: '视频报修已在排期中，下个版本上线。' } });
    await yunying.post(`${FB}/transition`, { id: refused, action: 'ignore', note: '宠物登记由社区居委会办理，App 暂不提供。' });
    const answered = Object.fromEntries((await mine(owner)).map((f) => [f.id, f]));
    expect(answered[sent]).toMatchObject({ state: '已回复', reply: '视频报修已在排期中，下个版本上线。', content: '希望报修可以上传视频', images: [] });
    expect(answered[refused]).toMatchObject({ state: '不予处理', reply: '宠物登记由社区居委会办理，App 暂不提供。' });
    const other = await ownerSignedIn(server, otherMobile!);
    expect((await mine(other)).some((f) => [sent, refused].includes(f.id))).toBe(false);
  });

  it('gives the demo feedback to demo owners, who read their answers in the app', async () => {
    const linked = (await db().selectFrom('app_feedback as f').innerJoin('customer as c', 'c.id', 'f.customer_id').select(['f.id', 'f.reply', 'f.contact', 'f.customer_name', 'c.mobile', 'c.name']).where('f.status', '=', 'done').orderBy('f.id').executeTakeFirstOrThrow()) as Record<string, any>;
    expect([linked.contact, linked.customer_name]).toEqual([linked.mobile, linked.name]);
    const unlinked = await db().selectFrom('app_feedback').select('id').where('customer_id', 'is', null).where('created_by', 'is', null).execute();
    expect(unlinked).toEqual([]);
    const owner = await ownerSignedIn(server, linked.mobile);
    expect((await mine(owner)).find((f) => f.id === linked.id)).toMatchObject({ state: '已回复', reply: linked.reply });
  });
});

describe('pictures in letters and feedback', () => {
  /** A real 1×1 PNG, and one whose bytes run past the test server's 64 KB upload limit. */
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const upload = (api: Api, name: string, bytes: Uint8Array, type = 'image/png') => postFile(api, `${O}/file/upload`, name, bytes, type);
  const picture = async (api: Api, name = '现场照片.png') => (await upload(api, name, PNG)).body.data as { id: string; url: string };
  const count = async (table: string) => Number(((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number }).n);

  it('attaches an owner\'s pictures to a letter and a feedback, which staff see in the detail', async () => {
    const [mobile] = await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 1);
    const owner = await ownerSignedIn(server, mobile!);
    const first = await upload(owner, '楼道积水.png', PNG);
    expect([first.http, first.body.message]).toEqual([200, '上传成功']);
    expect(first.body.data).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{32}$/), url: expect.stringMatching(/^\/files\/\d{6}\/[0-9a-f]{32}\.png$/), name: '楼道积水.png' });
    const second = await picture(owner);
    const served = await fetch(server.url + first.body.data.url);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    const letter = (await owner.post(`${O}/letter/write`, { mailbox: 'pm', letterType: 'complaint', title: '地库入口积水', content: '下雨后地库入口积水很深，见图。', photos: [second.id, first.body.data.id] })).body.data.id as number;
    const shown = (await yunying.get('/api/wxmanage/communityLetter/detail', { id: letter })).body.data;
    expect(shown.photos).toEqual([second.url, first.body.data.url]);
    expect(((await owner.get(`${O}/letter/list`)).body.data as Record<string, any>[]).find((l) => l.id === letter)!.photos).toEqual([second.url, first.body.data.url]);
    const feedback = (await owner.post(`${O}/feedback/submit`, { type: 'bug', content: '上传图片后页面卡住', images: [second.id] })).body.data.id as number;
    expect((await yunying.get('/api/wxmanage/appFeedback/detail', { id: feedback })).body.data.images).toEqual([second.url]);
  });

  it('refuses a forged picture, too many, too large and another owner\'s, with a Chinese message, storing and writing nothing', async () => {
    const [mobile, otherMobile] = await ownerMobiles(server, DEMO_PROJECTS.yunqi.id, true, 2);
    const owner = await ownerSignedIn(server, mobile!);
    const other = await ownerSignedIn(server, otherMobile!);
    const files = await count('file_object');
    const refusals = [
      await upload(owner, 'photo.jpg', Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg'),
      await upload(owner, '发票.png', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'image/png'),
      await upload(owner, 'big.png', Buffer.concat([PNG, Buffer.alloc(70 * 1024)])),
    ];
    expect(refusals.map((r) => [r.http, r.body.message])).toEqual([
      [415, '只能上传图片（JPG、PNG、GIF、WEBP、BMP 格式）'],
      [415, '只能上传图片（JPG、PNG、GIF、WEBP、BMP 格式）'],
      [413, '文件大小超过限制（最大 64 KB）'],
    ]);
    expect((await upload(yunying, 'staff.png', PNG)).http).toBe(401);
    expect(await count('file_object')).toBe(files);

    const seven = [];
    for (let i = 0; i < 7; i++) seven.push((await picture(owner, `第${i + 1}张.png`)).id);
    const theirs = (await picture(other)).id;
    const staffFile = (await storeFile(yunying, 'staff.png', PNG, 'image/png')).url;
    const staffId = ((await db().selectFrom('file_object').select('id').where('stored_path', '=', staffFile.slice('/files/'.length)).executeTakeFirstOrThrow()) as { id: string }).id;
    const letters = await count('community_letter');
    const feedback = await count('app_feedback');
    const write = (photos: string[]) => owner.post(`${O}/letter/write`, { mailbox: 'gm', letterType: 'suggest', title: '绿化建议', content: '建议多种些树。', photos });
    const send = (images: string[]) => owner.post(`${O}/feedback/submit`, { type: 'ux', content: '图片很多', images });
    expect((await write(seven)).body.message).toBe('图片最多 6 张');
    expect((await send(seven)).body.message).toBe('图片最多 6 张');
    expect((await write([seven[0]!, seven[0]!])).body.message).toBe('图片不能重复');
    expect((await write([seven[0]!, theirs])).body.message).toBe('图片不存在或不是您上传的，请重新上传');
    expect((await send([theirs])).body.message).toBe('图片不存在或不是您上传的，请重新上传');
    expect((await send([staffId])).body.message).toBe('图片不存在或不是您上传的，请重新上传');
    expect((await write(['../../etc/passwd'])).http).toBe(400);
    expect([await count('community_letter'), await count('app_feedback')]).toEqual([letters, feedback]);
  });
});
