import { describe, expect, it } from 'vitest';
import { Api } from '../support/api.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * 抽奖 (/opearator-manager/lotteryManagement and the public /lottery): rates summing to at most
 * 100 %, stock that never goes below zero under concurrent draws, per-person limits, the signed
 * invite link as the owner's identity, and redemption by verification code.
 */
const server = setUpServer();
const [admin, yunying, xmjl] = setUpApis(server, 'admin', 'yunying', 'xmjl');
const AC = '/api/lottery/activity';
const PR = '/api/lottery/prize';
const RE = '/api/lottery/record';
const IN = '/api/lottery/invite';
const HOUR = 3_600_000;
const anonymous = () => new Api(server.url);
const listOf = async (api: Api, path: string, filters: Record<string, unknown> = {}) => (await api.post(`${path}/list`, { pageSize: 200, filters })).body.data.records as Record<string, any>[];

const customersOf = (project: number) => server.app.db.selectFrom('customer').select(['id', 'name']).where('project_id', '=', project).where('house_id', 'is not', null).orderBy('id').execute();

let seq = 0;
/** A published campaign at 翠湖天地 running now, with the given prizes and limits. */
async function campaign(limits: { total_limit: number; day_limit: number }, prizes: { name: string; stock: number; rate: number }[]) {
  const project_id = DEMO_PROJECTS.cuihu.id;
  const added = await yunying.post(`${AC}/add`, { project_id, name: `测试抽奖${++seq}`, start_time: Date.now() - HOUR, end_time: Date.now() + 48 * HOUR, participant: 'all_owner', claim_days: 30, rules: '<p>测试规则</p>', ...limits });
  expect(added.body.message).toBe('新增成功');
  const id = added.body.data.id as number;
  for (const [sort, p] of prizes.entries()) expect((await yunying.post(`${PR}/add`, { project_id, activity_id: id, prize_type: 'goods', colour: '#FFB74D', sort, ...p })).body.message).toBe('新增成功');
  expect((await yunying.post(`${AC}/transition`, { id, action: 'publish' })).body.data.state).toBe('online');
  return id;
}

/** An owner of 翠湖天地 invited to the campaign: the token of their link. */
async function invite(activity_id: number, nth = 0) {
  const owners = await customersOf(DEMO_PROJECTS.cuihu.id);
  const customer = owners[nth]!;
  const added = await yunying.post(`${IN}/add`, { project_id: DEMO_PROJECTS.cuihu.id, activity_id, customer_id: customer.id });
  expect(added.body.message).toBe('邀请链接已生成，业主打开链接即可抽奖');
  const row = (await listOf(yunying, IN, { activity_id })).find((r) => r.id === added.body.data.id)!;
  expect(row.url).toBe(`/lottery?token=${row.token}`);
  return { token: row.token as string, customerId: customer.id as number };
}

const drawWith = (token: string) => anonymous().post('/api/lottery/public/draw', { token });

describe('lottery', () => {
  it('has two finished campaigns with draws and redemptions and one running, seen by project scope', async () => {
    const rows = await listOf(admin, AC);
    expect(rows.map((r) => r.status).sort()).toEqual(['ended', 'ended', 'online']);
    for (const ended of rows.filter((r) => r.status === 'ended')) {
      expect(ended.draw_count).toBeGreaterThan(10);
      const records = await listOf(admin, RE, { activity_id: ended.id, result: 'win' });
      expect(records.length).toBe(ended.win_count);
      expect(records.some((r) => r.status === 'verified' && r.verified_by_label === '赵雅琪')).toBe(true);
      expect(records[0].mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
      expect(records[0].verify_code).toMatch(/^[2-9A-Z]{8}$/);
      // The stock taken equals the prizes won.
      const prizes = await listOf(admin, PR, { activity_id: ended.id });
      expect(prizes.reduce((n, p) => n + p.stock - p.surplus, 0)).toBe(ended.win_count);
    }
    // The seeded invites are signed at start with the server's key: their links open the wheel.
    const running = rows.find((r) => r.status === 'online')!;
    const [seeded] = await listOf(admin, IN, { activity_id: running.id });
    expect(seeded!.url).toBe(`/lottery?token=${seeded!.token}`);
    const opened = (await anonymous().get('/api/lottery/public/wheel', { token: seeded!.token })).body.data;
    expect(opened.activity.name).toBe('冬至暖心大转盘');
    expect(opened.records.length).toBe((await listOf(admin, RE, { activity_id: running.id })).filter((r) => r.customer_id === seeded!.customer_id).length);
    // The project manager of 翠湖天地 sees its campaigns only.
    const mine = await listOf(xmjl, AC);
    expect(mine.length).toBe(2);
    expect(mine.every((r) => r.project_id === DEMO_PROJECTS.cuihu.id)).toBe(true);
  });

  it('refuses prize rates summing to more than 100 % and changes nothing', async () => {
    const id = await campaign({ total_limit: 3, day_limit: 1 }, [{ name: '一等奖', stock: 5, rate: 60 }, { name: '二等奖', stock: 5, rate: 30.5 }]);
    const third = await yunying.post(`${PR}/add`, { project_id: DEMO_PROJECTS.cuihu.id, activity_id: id, name: '三等奖', prize_type: 'points', stock: 10, rate: 10, colour: '#81C784' });
    expect([third.http, third.body.message]).toEqual([400, '各奖品中奖概率之和不能超过 100%，其他奖品已占 90.5%，本奖品最多 9.5%']);
    const prizes = await listOf(yunying, PR, { activity_id: id });
    expect(prizes.map((p) => p.name)).toEqual(['一等奖', '二等奖']);
    const raised = await yunying.post(`${PR}/update`, { id: prizes[0]!.id, rate: 70 });
    expect([raised.http, raised.body.message]).toEqual([400, '各奖品中奖概率之和不能超过 100%，其他奖品已占 30.5%，本奖品最多 69.5%']);
    expect((await yunying.post(`${PR}/update`, { id: prizes[0]!.id, rate: 69.5 })).body.message).toBe('保存成功');
    expect((await listOf(admin, AC)).find((a) => a.id === id)!.rate_total).toBe(100);
    // A prize of another project's activity is refused.
    const foreign = await admin.post(`${PR}/add`, { project_id: DEMO_PROJECTS.jinxiu.id, activity_id: id, name: '串项目', prize_type: 'goods', stock: 1, rate: 0, colour: '#81C784' });
    expect([foreign.http, foreign.body.message]).toEqual([400, '奖品须与抽奖活动属于同一项目']);
  });

  it('never gives more prizes than the stock under concurrent draws', async () => {
    const id = await campaign({ total_limit: 20, day_limit: 20 }, [{ name: '限量保温杯', stock: 3, rate: 100 }]);
    const { token } = await invite(id, 1);
    const answers = await Promise.all(Array.from({ length: 12 }, () => drawWith(token)));
    expect(answers.every((a) => a.http === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.result === 'win')).toHaveLength(3);
    expect(answers.filter((a) => a.body.message === '谢谢参与，再接再厉')).toHaveLength(9);
    const [prize] = await listOf(yunying, PR, { activity_id: id });
    expect([prize!.stock, prize!.surplus]).toEqual([3, 0]);
    expect(await listOf(yunying, RE, { activity_id: id, result: 'win' })).toHaveLength(3);
    // The stock cannot be lowered below what has been drawn; raising it refills the remainder.
    const lowered = await yunying.post(`${PR}/update`, { id: prize!.id, stock: 2 });
    expect([lowered.http, lowered.body.message]).toEqual([400, '库存总数不能少于已抽出的数量（已抽出 3 件）']);
    await yunying.post(`${PR}/update`, { id: prize!.id, stock: 5 });
    expect((await listOf(yunying, PR, { activity_id: id }))[0]!.surplus).toBe(2);
  });

  it('holds each owner to the per-person limits, even when draws arrive at once', async () => {
    const id = await campaign({ total_limit: 5, day_limit: 5 }, [{ name: '纸巾', stock: 100, rate: 50 }]);
    const { token } = await invite(id, 2);
    const answers = await Promise.all(Array.from({ length: 8 }, () => drawWith(token)));
    expect(answers.filter((a) => a.http === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.http === 409).map((a) => a.body.message)).toEqual(Array(3).fill('您的抽奖次数已用完（每人共 5 次）'));
    expect(await listOf(yunying, RE, { activity_id: id })).toHaveLength(5);
    const wheel = (await anonymous().get('/api/lottery/public/wheel', { token })).body.data;
    expect(wheel.remaining).toEqual({ total: 0, today: 0 });

    const daily = await campaign({ total_limit: 5, day_limit: 2 }, [{ name: '纸巾', stock: 100, rate: 50 }]);
    const other = await invite(daily, 2);
    expect((await drawWith(other.token)).http).toBe(200);
    expect((await drawWith(other.token)).http).toBe(200);
    const third = await drawWith(other.token);
    expect([third.http, third.body.message]).toEqual([409, '今日抽奖次数已用完（每人每日 2 次），明天再来吧']);
  });

  it('takes the owner only from a genuine link, and redeems a win by its code', async () => {
    const id = await campaign({ total_limit: 3, day_limit: 3 }, [{ name: '大米', stock: 10, rate: 100 }]);
    const { token } = await invite(id, 3);
    const forged = await anonymous().get('/api/lottery/public/wheel', { token: `${token.split('.')[0]}.x${token.split('.')[1]!.slice(1)}` });
    expect([forged.http, forged.body.message]).toEqual([403, '链接无效或已被篡改，请向发起人索取新的链接']);
    const won = await drawWith(token);
    expect(won.body.message).toBe('恭喜您抽中「大米」');
    const code = won.body.data.verify_code as string;
    const [record] = await listOf(yunying, RE, { activity_id: id, verify_code: code });
    expect(record!.status).toBe('unclaimed');
    expect((await yunying.post(`${RE}/transition`, { id: record!.id, action: 'verify' })).body.data.state).toBe('verified');
    const again = await yunying.post(`${RE}/transition`, { id: record!.id, action: 'verify' });
    expect([again.http, again.body.message]).toEqual([409, '当前状态为「已核销」，不能核销']);
    const wheel = (await anonymous().get('/api/lottery/public/wheel', { token })).body.data;
    expect(wheel.records[0]).toMatchObject({ verify_code: code, status: 'verified', prize_name: '大米' });
    expect(wheel.prizes[0]).not.toHaveProperty('surplus');

    // Finished by hand, the link draws no more.
    await yunying.post(`${AC}/transition`, { id, action: 'finish' });
    const late = await drawWith(token);
    expect([late.http, late.body.message]).toEqual([400, '抽奖活动已结束']);
    // Another project's owner cannot be invited.
    const south = (await customersOf(DEMO_PROJECTS.jinxiu.id))[0]!;
    const wrong = await admin.post(`${IN}/add`, { project_id: DEMO_PROJECTS.cuihu.id, activity_id: await campaign({ total_limit: 1, day_limit: 1 }, []), customer_id: south.id });
    expect([wrong.http, wrong.body.message]).toEqual([400, '只能邀请本项目的业主参与抽奖']);
  });
});
