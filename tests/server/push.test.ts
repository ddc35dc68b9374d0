import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Api } from '../support/api.ts';
import { freePort, startServer, type TestServer } from '../support/server.ts';
import { setUpServer } from '../support/setup.ts';
import { insertStaff } from '../support/staff.ts';
import { mqttAbuse } from '../support/mqttAbuse.ts';

/** A signed-in staff member: their API client, id and push topic. */
interface Person {
  api: Api;
  staffId: number;
  topic: string;
}

async function person(baseUrl: string, account: string): Promise<Person> {
  const api = await signedIn(baseUrl, account);
  const me = (await api.get('/api/auth/login/findUserInfo')).body.data;
  return { api, staffId: me.staffId, topic: `push/${me.businessAccountDomain}` };
}

/** The next message on a client, parsed. */
function nextMessage(client: MqttClient): Promise<{ topic: string; body: any }> {
  return new Promise((resolve) => client.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString()) })));
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const closed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

describe('embedded broker at /mqtt', () => {
  const server = setUpServer();
  let wsUrl: string;
  let a: Person;
  let b: Person;
  const clients: MqttClient[] = [];
  const connect = async (token: string, options: IClientOptions = {}) => {
    const client = await mqtt.connectAsync(wsUrl, { username: 'pms', password: token, reconnectPeriod: 0, connectTimeout: 4000, keepalive: 60, clean: true, ...options });
    clients.push(client);
    return client;
  };
  const notice = (staffId: number, content: string, extra: Record<string, unknown> = {}) =>
    server.app.notices.send(server.app.db, { staffIds: [staffId], category: '1', type: '121', content, functionId: 'WO-1', ...extra });

  beforeAll(async () => {
    wsUrl = `${server.url.replace('http', 'ws')}/mqtt`;
    a = await person(server.url, 'weixiu');
    b = await person(server.url, 'xuncha');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });

  it('delivers a notice to its recipient with the payload of spec 3, at QoS 1', async () => {
    const client = await connect(a.api.token);
    expect(await client.subscribeAsync(a.topic, { qos: 1 })).toEqual([{ topic: a.topic, qos: 1 }]);
    const received = nextMessage(client);
    const [messageId] = await notice(a.staffId, '工单 WO-1 已派发给您，请及时处理');
    const { topic, body } = await received;
    expect(topic).toBe(a.topic);
    expect(body).toEqual({
      category: '1',
      type: '121',
      content: '工单 WO-1 已派发给您，请及时处理',
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      pushParams: { messageId, functionId: 'WO-1', type: '121' },
    });
  });

  it('refuses every kind of abuse (other topics, wildcards, publishing, will, QoS 2, retained, bad tokens, oversized packets, borrowed client ids) and leaks nothing', async () => {
    const figures = await mqttAbuse(server, 1);
    const refusals = Object.fromEntries(figures.kinds.map((k) => [k.kind.replace(/ \(.*/, ''), k.refusals]));
    expect(figures.kinds.filter((k) => k.accepted)).toEqual([]);
    expect(figures.leaked).toBe(0);
    expect(figures.noticesDelivered).toBe(figures.noticesSent);
    expect(refusals).toMatchObject({
      "subscribe to another user's topic": { 'SUBACK 128': 1 },
      'wildcard subscriptions': { 'SUBACK 128': 7 },
      "publish to another user's topic": { disconnected: 1 },
      'publish to own topic': { disconnected: 1 },
      'connect with a last will': { 'CONNACK 5': 1 },
      'connect with a made-up token': { 'CONNACK 4': 1 },
      'connect with a signed-out token': { 'CONNACK 4': 1 },
      'connect with an expired token': { 'CONNACK 4': 1 },
      'connect as a disabled staff member': { 'CONNACK 4': 1 },
      'connect without credentials': { 'CONNACK 4': 1 },
    });
  });

  it('accepts the token in the user name field too', async () => {
    const client = await connect('', { username: b.api.token, password: undefined });
    expect(await client.subscribeAsync(b.topic, { qos: 1 })).toEqual([{ topic: b.topic, qos: 1 }]);
  });

  it('holds at most 5 connections for one session token, refusing the next until one closes (issue 40, finding 10)', async () => {
    const own = await person(server.url, 'weixiu');
    const five = await Promise.all(Array.from({ length: 5 }, () => connect(own.api.token)));
    const sixth = await connect(own.api.token).catch((error: { code?: number }) => error);
    expect((sixth as { code?: number }).code).toBe(5);
    // Another session of the same person is not held back by this one's connections.
    expect((await connect(a.api.token)).connected).toBe(true);
    // Reconnecting under a client id already held replaces that connection rather than adding one.
    const again = await connect(own.api.token, { clientId: five[0]!.options.clientId });
    expect(again.connected).toBe(true);
    await five[1]!.endAsync(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await connect(own.api.token)).connected).toBe(true);
    await Promise.all(clients.splice(clients.length - 8).map((c) => c.endAsync(true)));
  });

  it('disconnects a client as soon as its session is signed out, and refuses the token afterwards', async () => {
    const session = await person(server.url, 'kefu');
    const client = await connect(session.api.token);
    await client.subscribeAsync(session.topic, { qos: 1 });
    const gone = closed(client);
    expect((await session.api.post('/api/auth/login/logout')).http).toBe(200);
    await gone;
    await expect(connect(session.api.token)).rejects.toThrow(/Bad username or password/);
  });

  it('disconnects, at the next session check, a client whose session ran out or whose account was disabled', async () => {
    const expiring = await person(server.url, 'xmjl');
    const disabled = await person(server.url, 'diaodu');
    const staying = await person(server.url, 'weixiu');
    const first = await connect(expiring.api.token);
    const second = await connect(disabled.api.token);
    const third = await connect(staying.api.token);
    await third.subscribeAsync(staying.topic, { qos: 1 });
    const gone = Promise.all([closed(first), closed(second)]).then(() => 'both closed');
    await server.app.db.updateTable('session').set({ expires_at: Date.now() - 1 }).where('staff_id', '=', expiring.staffId).execute();
    await server.app.db.updateTable('staff').set({ enabled: 0 }).where('id', '=', disabled.staffId).execute();
    await server.app.pushBroker!.checkSessions();
    // The check has closed them server-side; a broken check fails here in seconds, not by the test's timeout.
    expect(await Promise.race([gone, pause(5000).then(() => 'still connected')])).toBe('both closed');
    // A live session keeps its connection: a notice sent after the check still reaches it.
    const received = nextMessage(third);
    await notice(staying.staffId, '检查之后的通知');
    expect((await received).body.content).toBe('检查之后的通知');
    expect(third.connected).toBe(true);
    await server.app.db.updateTable('staff').set({ enabled: 1 }).where('id', '=', disabled.staffId).execute();
  });

  it('keeps a notice sent while its recipient was offline: unread count, list, read check, mark read', async () => {
    const [id] = await notice(b.staffId, '离线期间的巡查任务', { category: '2', type: 'patrol_task_assigned', functionId: null });
    const unread = (await b.api.get('/api/message/unreadCount', { account: 'xuncha' })).body.data.records;
    expect(unread).toBeGreaterThanOrEqual(1);
    const page = (await b.api.post('/api/message/categoryPage', { category: '2', isRead: 0, pageNum: 1, pageSize: 10 })).body.data;
    expect(page.records[0]).toMatchObject({ id, category: '2', content: '离线期间的巡查任务', isRead: 0, functionId: null });
    expect((await b.api.post('/api/message/pageCount', { category: '2', isRead: 0 })).body.data.records).toBe(page.total);
    expect((await b.api.get('/api/message/readState', { id })).body.data.records.isRead).toBe(0);
    expect((await b.api.get('/api/message/detail', { id })).body.data.content).toBe('离线期间的巡查任务');

    const marked = await b.api.post('/api/message/markRead', { ids: [id] });
    expect(marked.body).toMatchObject({ status: '200', data: { updated: 1 } });
    expect((await b.api.get('/api/message/readState', { id })).body.data.records.isRead).toBe(1);
    expect((await b.api.get('/api/message/unreadCount')).body.data.records).toBe(unread - 1);
    expect((await b.api.get('/api/message/totalCount')).body.data.records).toBeGreaterThan(unread - 1);
  });

  it("keeps everyone to their own messages, and refuses bad input in Chinese without changing anything", async () => {
    const [mine] = await notice(a.staffId, 'A 的私人通知');
    expect((await b.api.get('/api/message/detail', { id: mine })).body).toMatchObject({ status: '404', message: '消息不存在或已被删除' });
    expect((await b.api.get('/api/message/readState', { id: mine })).http).toBe(404);
    const [own] = await notice(b.staffId, 'B 的通知');
    expect((await b.api.post('/api/message/markRead', { ids: [own, mine] })).http).toBe(404);
    expect((await a.api.get('/api/message/readState', { id: mine })).body.data.records.isRead).toBe(0);
    expect((await b.api.get('/api/message/readState', { id: own })).body.data.records.isRead).toBe(0);
    expect((await b.api.get('/api/message/unreadCount', { account: 'weixiu' })).body).toMatchObject({ status: '403', message: '只能查询本人的消息' });
    const empty = await b.api.post('/api/message/markRead', { ids: [] });
    expect(empty.body.message).toContain('至少需要 1 项');
    expect((await b.api.post('/api/message/categoryPage', { pageSize: 1000 })).http).toBe(400);
  });

  it('publishes only after the transaction commits: nothing while it is open, nothing after a rollback', async () => {
    const client = await connect(a.api.token);
    await client.subscribeAsync(a.topic, { qos: 1 });
    const first = nextMessage(client);
    await expect(
      server.app.db.transaction().execute(async (trx) => {
        await server.app.notices.send(trx, { staffIds: [a.staffId], category: '1', type: '103', content: '回滚的通知' });
        throw new Error('业务失败');
      }),
    ).rejects.toThrow('业务失败');
    await server.app.db.transaction().execute(async (trx) => {
      const [id] = await server.app.notices.send(trx, { staffIds: [a.staffId], category: '1', type: '103', content: '提交的通知' });
      // The outbox flush needs the connection this transaction holds: it cannot have published.
      const row = await trx.selectFrom('staff_message').select('published_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.published_at).toBeNull();
    });
    expect((await first).body.content).toBe('提交的通知');
    const rolledBack = await server.app.db.selectFrom('staff_message').select('id').where('content', '=', '回滚的通知').execute();
    expect(rolledBack).toEqual([]);
  });

  it('publishes a notice to thousands of staff at once, without waiting for the outbox sweep', async () => {
    const many = await insertStaff(server.app, 5000, 'push_many');
    const last = many.at(-1)!;
    const client = await connect(await server.app.sessions.create(last.id, {}));
    await client.subscribeAsync(`push/${last.domain}`, { qos: 1 });
    // Without the sweep, only the flush that follows send() can publish the last recipient's message.
    await server.app.notices.stop();
    try {
      const received = nextMessage(client);
      const ids = await server.app.notices.send(server.app.db, { staffIds: many.map((s) => s.id), category: '2', type: 'system_notice', content: '全员通知' });
      expect(ids).toHaveLength(5000);
      expect((await received).body.pushParams.messageId).toBe(ids.at(-1));
    } finally {
      server.app.notices.start();
    }
  });

  it('takes clients back after the broker restarts', async () => {
    // As the browser does: subscribe again on each connection, and wait for the broker's SUBACK.
    const client = await mqtt.connectAsync(wsUrl, { password: a.api.token, username: 'pms', reconnectPeriod: 200, connectTimeout: 4000, clean: true, resubscribe: false });
    clients.push(client);
    await client.subscribeAsync(a.topic, { qos: 1 });
    const dropped = closed(client);
    await server.app.pushBroker!.stop();
    await dropped;
    const back = new Promise<void>((resolve) => client.once('connect', () => resolve()));
    await server.app.pushBroker!.start();
    await back;
    expect(await client.subscribeAsync(a.topic, { qos: 1 })).toEqual([{ topic: a.topic, qos: 1 }]);
    const received = nextMessage(client);
    await notice(a.staffId, '重启之后的通知');
    expect((await received).body.content).toBe('重启之后的通知');
  });
});

describe('external broker (PMS_MQTT_URL): Debian mosquitto over WebSocket', () => {
  let mosquitto: ChildProcess;
  let server: TestServer;
  let dir: string;
  let wsPort: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-mosquitto-'));
    const tcpPort = await freePort();
    wsPort = await freePort();
    // mosquitto 2.0 needs one plain listener besides the WebSocket one to start.
    fs.writeFileSync(
      path.join(dir, 'mosquitto.conf'),
      [`listener ${tcpPort} 127.0.0.1`, `listener ${wsPort}`, 'protocol websockets', 'allow_anonymous true', 'persistence false', 'log_dest stderr', ''].join('\n'),
    );
    mosquitto = spawn(process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let log = '';
      mosquitto.stderr!.on('data', (chunk) => {
        log += chunk;
        if (log.includes(' running')) resolve();
      });
      mosquitto.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${log}`)));
    });
    server = await startServer({ PMS_MQTT_URL: `ws://pms-services:secret@127.0.0.1:${wsPort}` });
  });
  afterAll(async () => {
    await server?.close();
    mosquitto?.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('publishes stored notices to the external broker, and tells browsers its URL without credentials', async () => {
    expect(server.app.pushBroker).toBeNull();
    const config = await (await fetch(`${server.url}/runtime-config.json`)).json();
    expect(config.mqttUrl).toBe(`ws://127.0.0.1:${wsPort}/`);

    const staff = await person(server.url, 'diaodu');
    const client = await mqtt.connectAsync(`ws://127.0.0.1:${wsPort}`, { reconnectPeriod: 0, connectTimeout: 4000, clean: true });
    try {
      await client.subscribeAsync(staff.topic, { qos: 1 });
      const received = nextMessage(client);
      const [messageId] = await server.app.notices.send(server.app.db, { staffIds: [staff.staffId], category: '1', type: '109', content: '有新的工单可抢', functionId: 'WO-9' });
      expect((await received).body).toMatchObject({ category: '1', type: '109', content: '有新的工单可抢', pushParams: { messageId, functionId: 'WO-9', type: '109' } });
      expect((await staff.api.get('/api/message/unreadCount')).body.data.records).toBe(1);
    } finally {
      await client.endAsync(true);
    }
  });
});
