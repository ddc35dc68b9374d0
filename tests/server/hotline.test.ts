import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Api } from '../support/api.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { ConfigError, loadConfig } from '../../server/platform/config.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/**
 * The 400 hotline: the call state and outgoing calls through the telephony adapter (a fake
 * provider on a loopback port, and no provider at all), incoming calls with the caller found by
 * phone, an order created during the call and linked to it, the call history and the es search.
 */

const TOKEN = '/api/auth/login/getYouYinToken';
const SEND = '/api/auth/login/call/sendCall';
const CALLS = '/api/mkf/callHistory';

interface ProviderRequest {
  path: string;
  body: Record<string, unknown>;
}

/** A telephony provider speaking the adapter's protocol (server/modules/hotline/provider.ts), recording what it is asked. */
async function fakeProvider(): Promise<{ url: string; requests: ProviderRequest[]; close(): Promise<void> }> {
  const requests: ProviderRequest[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      requests.push({ path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/token') {
        if (body.appSecret !== 'provider-secret') return res.end(JSON.stringify({ code: 401, message: '应用密钥错误' }));
        return res.end(JSON.stringify({ code: 0, data: { accessToken: `tok-${String(body.agentNum)}`, secret: 'softphone-secret', expiresIn: 1800 } }));
      }
      if (req.url === '/call') {
        if (body.access_token !== 'tok-8001') return res.end(JSON.stringify({ code: 403, message: '令牌无效' }));
        if (body.dnis === '13900000000') return res.end(JSON.stringify({ code: 1001, message: '坐席未签入' }));
        return res.end(JSON.stringify({ code: 0, data: { callId: `C-${requests.length}` } }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function customerOfProject(server: TestServer, projectId: number) {
  return server.app.db
    .selectFrom('customer')
    .select(['customer.id', 'customer.name', 'customer.mobile', 'customer.house_id', 'customer.project_id'])
    .where('customer.project_id', '=', projectId)
    .orderBy('customer.id')
    .executeTakeFirstOrThrow();
}

const callRow = (server: TestServer, id: number) => server.app.db.selectFrom('hotline_call' as never).selectAll().where('id' as never, '=', id as never).executeTakeFirstOrThrow() as Promise<Record<string, unknown>>;

describe('the hotline adapter is configured all or nothing', () => {
  it('refuses a provider URL without its credentials, and a URL that is not http', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PMS_HOTLINE_URL: 'https://tel.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', PMS_HOTLINE_URL: 'https://tel.example.com' })).toThrow(/PMS_HOTLINE_APP_ID, PMS_HOTLINE_APP_SECRET, PMS_HOTLINE_TENANT_ID/);
    expect(() => loadConfig({ NODE_ENV: 'test', PMS_HOTLINE_URL: 'ftp://tel', PMS_HOTLINE_APP_ID: 'a', PMS_HOTLINE_APP_SECRET: 'b', PMS_HOTLINE_TENANT_ID: 'c' })).toThrow(/http/);
    expect(loadConfig({ NODE_ENV: 'test' }).hotline.url).toBe('');
  });
});

describe('without a telephony provider (the demo)', () => {
  const server = setUpServer();
  const kefu = setUpApi(server, 'kefu');

  it('answers the call state of the seat and says plainly that no provider is set up', async () => {
    const me = await server.app.db.selectFrom('staff').select(['job_number', 'mobile']).where('account', '=', 'kefu').executeTakeFirstOrThrow();
    const answer = await kefu.post(TOKEN, {});
    expect(answer.http).toBe(200);
    expect(answer.body.message).toBe('未配置电话服务商：演示环境只记录通话，不会真正拨出电话');
    expect(answer.body.data).toEqual({ secret: '', accessToken: '', tenantId: '', agentNum: '8001', jobNumber: me.job_number, account: 'kefu', loginPhone: me.mobile, configured: false, expiresAt: null });
  });

  it('records an outgoing call in the history and says it was not dialled', async () => {
    const customer = await customerOfProject(server, DEMO_PROJECTS.cuihu.id);
    const answer = await kefu.post(SEND, { tenant_id: '', access_token: '', agent_num: '8001', dnis: customer.mobile });
    expect(answer.http).toBe(200);
    expect(answer.body.message).toBe('未配置电话服务商：演示环境只记录通话，不会真正拨出电话；本次外呼已记入通话记录');
    expect(answer.body.data).toMatchObject({ status: 'recorded', configured: false, caller: { id: customer.id, name: customer.name } });
    const row = await callRow(server, answer.body.data.callId);
    expect(row).toMatchObject({ direction: 'out', phone: customer.mobile, status: 'recorded', customer_id: customer.id, agent_num: '8001', caller_project_id: customer.project_id });
    const history = await kefu.post(`${CALLS}/list`, { filters: { status: 'recorded', phone: customer.mobile } });
    expect(history.body.data.records.map((r: { id: number }) => r.id)).toContain(answer.body.data.callId);
    // Lists mask the number.
    expect(history.body.data.records[0].phone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('refuses another seat, a bad number, a staff member without a seat and one without the permission', async () => {
    expect((await kefu.post(SEND, { tenant_id: '', access_token: '', agent_num: '8002', dnis: '13812345678' })).body).toMatchObject({ status: '403', message: '只能使用本人的坐席号外呼' });
    expect((await kefu.post(SEND, { tenant_id: '', access_token: '', agent_num: '8001', dnis: '12345' })).body).toMatchObject({ status: '400', message: '被叫号码不正确：请填写 11 位手机号或带区号的固定电话' });
    const weixiu = await signedIn(server.url, 'weixiu');
    expect((await weixiu.post(TOKEN, {})).http).toBe(403);
    expect((await weixiu.post(`${CALLS}/receive`, { phone: '13812345678' })).http).toBe(403);

    const admin = await signedIn(server.url, 'admin');
    const seat = await admin.post('/api/mkf/hotlineSeat/list', { filters: { agent_num: '8001' } });
    const seatId = seat.body.data.records[0].id;
    expect((await admin.post('/api/mkf/hotlineSeat/enable', { id: seatId, enabled: 0 })).http).toBe(200);
    const before = await server.app.db.selectFrom('hotline_call' as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect((await kefu.post(TOKEN, {})).body).toMatchObject({ status: '400', message: '您还没有 400 坐席，请联系管理员在「400 坐席」中分配坐席号' });
    expect((await kefu.post(SEND, { tenant_id: '', access_token: '', agent_num: '8001', dnis: '13812345678' })).body.status).toBe('400');
    expect(await server.app.db.selectFrom('hotline_call' as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    await admin.post('/api/mkf/hotlineSeat/enable', { id: seatId, enabled: 1 });
    // A seat number is a seat number, and one per staff member.
    expect((await admin.post('/api/mkf/hotlineSeat/add', { agent_num: '80a1', staff_id: seat.body.data.records[0].staff_id })).body.message).toBe('坐席号：请填写 3 到 8 位数字');
    expect((await admin.post('/api/mkf/hotlineSeat/add', { agent_num: '8099', staff_id: seat.body.data.records[0].staff_id })).http).toBe(409);
  });

  it('takes an incoming call: finds the caller by phone, links the order created during the call, ends with a summary', async () => {
    const customer = await customerOfProject(server, DEMO_PROJECTS.cuihu.id);
    const received = await kefu.post(`${CALLS}/receive`, { phone: customer.mobile });
    expect(received.http).toBe(200);
    expect(received.body.message).toMatch(/^已接听来电，找到 \d+ 位客户$/);
    const caller = received.body.data.callers.find((c: { id: number }) => c.id === customer.id);
    expect(caller).toMatchObject({ name: customer.name, project_name: DEMO_PROJECTS.cuihu.name, house_id: customer.house_id });
    expect(caller.house_label).toMatch(/栋 \d+单元 \d+/);
    const callId = received.body.data.callId;

    // The last four digits find the caller too; three do not make a search.
    const byTail = await kefu.get(`${CALLS}/ownerInfo`, { phone: customer.mobile.slice(-4) });
    expect(byTail.body.data.map((c: { id: number }) => c.id)).toContain(customer.id);
    expect((await kefu.get(`${CALLS}/ownerInfo`, { phone: '123' })).body.message).toBe('请输入完整号码或至少 4 位尾号');
    // A number of another project's customer is nobody to kefu.
    const elsewhere = await customerOfProject(server, DEMO_PROJECTS.binjiang.id);
    expect((await kefu.get(`${CALLS}/ownerInfo`, { phone: elsewhere.mobile })).body.data).toEqual([]);

    const order = await kefu.post('/api/mkf/questionTask/add', {
      project_id: customer.project_id,
      kind: 'repair',
      title: '卫生间下水道反味',
      content: '业主来电：卫生间下水道有反味，希望尽快上门查看',
      house_id: customer.house_id,
      customer_id: customer.id,
      source: '400',
    });
    expect(order.http).toBe(200);
    const orderId = order.body.data.id;
    const linked = await kefu.post(`${CALLS}/link`, { id: callId, workOrderId: orderId });
    expect(linked.body.message).toBe('工单已关联到本次通话');
    const code = (await server.app.db.selectFrom('work_order').select('code').where('id', '=', orderId).executeTakeFirstOrThrow()).code;
    expect(await callRow(server, callId)).toMatchObject({ direction: 'in', status: 'received', work_order_id: orderId, work_order_code: code, customer_id: customer.id });
    expect((await kefu.post(`${CALLS}/link`, { id: callId, workOrderId: orderId })).body).toMatchObject({ status: '409', message: `该通话已关联工单 ${code}` });

    // Someone else's call cannot be touched, nor an order the operator did not create.
    const diaodu = await signedIn(server.url, 'diaodu');
    expect((await diaodu.post(`${CALLS}/finish`, { id: callId })).body).toMatchObject({ status: '403', message: '只能处理本人接听或呼出的通话' });
    const other = (await diaodu.post(`${CALLS}/receive`, { phone: customer.mobile })).body.data.callId;
    expect((await diaodu.post(`${CALLS}/link`, { id: other, workOrderId: orderId })).body.message).toBe('只能关联本人在通话中创建的工单');

    expect((await kefu.post(`${CALLS}/finish`, { id: callId, summary: '已建单，告知 2 小时内上门' })).body.message).toBe('通话已结束');
    expect(await callRow(server, callId)).toMatchObject({ summary: '已建单，告知 2 小时内上门' });
    expect((await callRow(server, callId)).ended_at).toBeGreaterThan(0);
    expect((await kefu.post(`${CALLS}/finish`, { id: callId })).body).toMatchObject({ status: '409', message: '该通话已结束' });
    expect((await kefu.post(`${CALLS}/receive`, { phone: '110' })).body.message).toBe('来电号码不正确：请填写 11 位手机号或带区号的固定电话');

    // The caller's history: the es result list and count find the new order by customer and by phone.
    const list = await kefu.post('/api/es/workOrder/resultList', { customerId: customer.id, phone: customer.mobile });
    expect(list.body.data.records[0]).toMatchObject({ id: orderId, code, title: '卫生间下水道反味', statusText: '待派单', project_name: DEMO_PROJECTS.cuihu.name });
    const count = await kefu.post('/api/es/workOrder/resultCount', { customerId: customer.id });
    expect(count.body.data.total).toBe(list.body.data.total);
    expect(count.body.data.open).toBeGreaterThanOrEqual(1);
    expect((await kefu.post('/api/es/workOrder/resultList', { keyword: '下水道反味' })).body.data.records.map((r: { id: number }) => r.id)).toContain(orderId);
    expect((await kefu.post('/api/es/workOrder/resultCount', {})).body.message).toBe('请输入关键字、电话或客户');
    // Another project's orders are not in kefu's search.
    expect((await kefu.post('/api/es/workOrder/resultCount', { customerId: elsewhere.id })).body.data.total).toBe(0);
    expect((await (await signedIn(server.url, 'weixiu')).post('/api/es/workOrder/resultCount', { customerId: customer.id })).http).toBe(403);
  });

  it('shows the project manager the calls of their projects, not another project’s', async () => {
    const xmjl = await signedIn(server.url, 'xmjl');
    const calls = await xmjl.post(`${CALLS}/list`, { pageSize: 200 });
    expect(calls.http).toBe(200);
    expect(calls.body.data.total).toBeGreaterThan(0);
    expect(new Set(calls.body.data.records.map((r: { caller_project_id_label: string }) => r.caller_project_id_label))).toEqual(new Set([DEMO_PROJECTS.cuihu.name]));
  });
});

describe('with a telephony provider', () => {
  let provider: Awaited<ReturnType<typeof fakeProvider>>;
  let server: TestServer;
  let kefu: Api;
  beforeAll(async () => {
    provider = await fakeProvider();
    server = await startServer({ PMS_HOTLINE_URL: provider.url, PMS_HOTLINE_APP_ID: 'pms', PMS_HOTLINE_APP_SECRET: 'provider-secret', PMS_HOTLINE_TENANT_ID: 'T100' });
    kefu = await signedIn(server.url, 'kefu');
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it('signs the seat in at the provider; the app secret never reaches the browser', async () => {
    const answer = await kefu.post(TOKEN, {});
    expect(answer.body.message).toBe('坐席已登录');
    expect(answer.body.data).toMatchObject({ accessToken: 'tok-8001', secret: 'softphone-secret', tenantId: 'T100', agentNum: '8001', account: 'kefu', configured: true });
    expect(answer.body.data.expiresAt).toBeGreaterThan(Date.now());
    expect(JSON.stringify(answer.body)).not.toContain('provider-secret');
    expect(provider.requests.at(-1)).toEqual({ path: '/token', body: { appId: 'pms', appSecret: 'provider-secret', tenantId: 'T100', agentNum: '8001' } });
  });

  it('dials through the provider and records the call with its id', async () => {
    const customer = await customerOfProject(server, DEMO_PROJECTS.cuihu.id);
    const answer = await kefu.post(SEND, { tenant_id: 'T100', access_token: 'tok-8001', agent_num: '8001', dnis: customer.mobile });
    expect(answer.body.message).toBe('正在呼叫，请留意坐席电话');
    expect(provider.requests.at(-1)).toEqual({ path: '/call', body: { tenant_id: 'T100', access_token: 'tok-8001', agent_num: '8001', dnis: customer.mobile } });
    expect(await callRow(server, answer.body.data.callId)).toMatchObject({ status: 'dialed', provider_call_id: `C-${provider.requests.length}`, customer_id: customer.id });
  });

  it('passes the provider’s refusal on as the toast’s message and keeps the failed attempt', async () => {
    const refused = await kefu.post(SEND, { tenant_id: 'T100', access_token: 'tok-8001', agent_num: '8001', dnis: '13900000000' });
    expect(refused.body).toMatchObject({ status: '502', message: '电话服务商拒绝外呼：坐席未签入' });
    const failed = await server.app.db.selectFrom('hotline_call' as never).selectAll().where('phone' as never, '=', '13900000000' as never).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'failed', message: '电话服务商拒绝外呼：坐席未签入' });
    expect((await kefu.post(SEND, { tenant_id: 'T999', access_token: 'tok-8001', agent_num: '8001', dnis: '13812345678' })).body.message).toBe('租户编号与电话服务商的配置不一致，请重新登录坐席');
    expect((await kefu.post(SEND, { tenant_id: 'T100', access_token: '', agent_num: '8001', dnis: '13812345678' })).body.message).toBe('坐席令牌为空，请重新登录坐席');
    expect((await kefu.post(SEND, { tenant_id: 'T100', access_token: 'stale', agent_num: '8001', dnis: '13812345678' })).body.message).toBe('电话服务商拒绝外呼：令牌无效');
  });

  it('says so when the provider cannot be reached', async () => {
    await provider.close();
    const answer = await kefu.post(TOKEN, {});
    expect(answer.body).toMatchObject({ status: '502', message: '电话服务商无法连接，坐席登录失败，请稍后重试' });
  });
});
