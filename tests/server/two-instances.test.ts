import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, signedIn } from '../support/api.ts';
import { setUpServer } from '../support/setup.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startMosquitto, type Mosquitto } from '../../scripts/cluster/mosquitto.ts';
import { testPostgres } from '../support/postgresDatabases.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/**
 * Two instances of the server on one PostgreSQL database and one external broker (Debian's
 * mosquitto), as behind a load balancer (npm run test:pg; skipped on SQLite, where a database is
 * one process's file): one session answers on both, a move made through one is seen through the
 * other, a notice it sends reaches a client that came through the other, the sign-in limit counts
 * both, and the workflow timers of both running at once move a record once.
 */
const T = '/api/mkf/questionTask';
// Filled before the first server starts (setUpServer reads it in its own beforeAll, after this one).
const env: Record<string, string> = {};
let mosquitto: Mosquitto | undefined;

beforeAll(async () => {
  if (!testPostgres()) return;
  mosquitto = await startMosquitto();
  env.PMS_MQTT_URL = mosquitto.url.replace('ws://', 'ws://pms-services:secret@');
});
afterAll(() => mosquitto?.stop());

const a = setUpServer(env);
let b: TestServer;

beforeAll(async () => {
  if (testPostgres()) b = await startServer({ ...env, PMS_DATABASE_URL: a.config.databaseUrl! });
});
afterAll(async () => {
  await b?.close();
});

describe.runIf(Boolean(testPostgres()))('two instances on one PostgreSQL database', () => {
  async function pendingOrder(kefu: Api): Promise<number> {
    const c = await a.app.db.selectFrom('customer').select(['id', 'house_id']).where('project_id', '=', DEMO_PROJECTS.cuihu.id).where('house_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const answer = await kefu.post(`${T}/add`, { project_id: DEMO_PROJECTS.cuihu.id, kind: 'repair', title: '卫生间水龙头漏水', content: '业主来电：洗手盆水龙头滴水', house_id: c.house_id, customer_id: c.id });
    expect(answer.body.message).toBe('新增成功');
    return answer.body.data.id;
  }

  it('answers one session on both instances, requests alternating, and a signed request replayed on the other is refused', async () => {
    const onA = await signedIn(a.url, 'kefu');
    const onB = new Api(b.url, onA.token);
    const id = await pendingOrder(onA);
    expect((await onB.get(`${T}/detail`, { id })).body.data.status).toBe('pending');
    const diaoduB = await signedIn(b.url, 'diaodu');
    const weixiu = await a.app.db.selectFrom('staff').select('id').where('account', '=', 'weixiu').executeTakeFirstOrThrow();
    expect((await diaoduB.post(`${T}/transition`, { id, action: 'giveOut', values: { processor_id: weixiu.id } })).http).toBe(200);
    expect((await onA.get(`${T}/detail`, { id })).body.data.status).toBe('dispatched');
    // Signing out on B ends the session on A too.
    expect((await onB.post('/api/auth/login/logout')).http).toBe(200);
    expect((await onA.get(`${T}/detail`, { id })).http).toBe(401);
  });

  it('answers a grant given and withdrawn through B on A at the very next request (A keeps staff contexts at the auth counter it reads with each session)', async () => {
    const kefu = await signedIn(a.url, 'kefu');
    expect((await kefu.post('/api/business/label/add', { name: 'x' })).http).toBe(403);
    const post = await b.app.db.selectFrom('post').select('id').where('name', '=', '客服管家').where('org_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirstOrThrow();
    const role = await b.app.db.selectFrom('role').select('id').where('code', '=', 'project_manager').executeTakeFirstOrThrow();
    await b.app.db.insertInto('post_role').values({ post_id: post.id, role_id: role.id }).execute();
    // Twice: the second answer comes from the context A kept.
    for (const name of ['跨实例授权一', '跨实例授权二']) expect((await kefu.post('/api/business/label/add', { name, category: 'basic', color: 'blue', scope: 'customer' })).http).toBe(200);
    await b.app.db.deleteFrom('post_role').where('post_id', '=', post.id).where('role_id', '=', role.id).execute();
    expect((await kefu.post('/api/business/label/add', { name: '跨实例授权三', category: 'basic', color: 'blue', scope: 'customer' })).http).toBe(403);
  });

  it('fires a timer once when both instances sweep at the same moment', async () => {
    const kefu = await signedIn(a.url, 'kefu');
    const diaodu = await signedIn(b.url, 'diaodu');
    const id = await pendingOrder(kefu);
    const weixiu = await a.app.db.selectFrom('staff').select('id').where('account', '=', 'weixiu').executeTakeFirstOrThrow();
    expect((await diaodu.post(`${T}/transition`, { id, action: 'giveOut', values: { processor_id: weixiu.id } })).http).toBe(200);
    const later = Date.now() + 31 * 60_000;
    await Promise.all([a.app.workflowTimers.run(later), b.app.workflowTimers.run(later), a.app.workflowTimers.run(later), b.app.workflowTimers.run(later)]);
    expect((await kefu.get(`${T}/detail`, { id })).body.data.status).toBe('pending');
    const recalls = (await kefu.get(`${T}/timeline`, { id })).body.data.filter((t: { actionText: string }) => t.actionText === '收回');
    expect(recalls).toHaveLength(1);
    const notices = await a.app.db.selectFrom('staff_message').select('content').where('function_id', '=', String(id)).where('content', 'like', '%超时%收回%').execute();
    expect(notices).toHaveLength(1);
  });

  it('delivers a notice sent by a move on A to a client that took the broker from B', async () => {
    const weixiuB = await signedIn(b.url, 'weixiu');
    const me = (await weixiuB.get('/api/auth/login/findUserInfo')).body.data;
    const brokerUrl = (await (await fetch(`${b.url}/runtime-config.json`)).json()).mqttUrl as string;
    expect(brokerUrl).toBe(env.PMS_MQTT_URL!.replace('pms-services:secret@', '') + '/');
    const client = await mqtt.connectAsync(brokerUrl, { reconnectPeriod: 0, connectTimeout: 4000, clean: true });
    try {
      await client.subscribeAsync(`push/${me.businessAccountDomain}`, { qos: 1 });
      const received = new Promise<{ pushParams: { functionId: unknown } }>((resolve) => client.on('message', (_t, payload) => resolve(JSON.parse(payload.toString()))));
      const id = await pendingOrder(await signedIn(a.url, 'kefu'));
      const diaoduA = await signedIn(a.url, 'diaodu');
      expect((await diaoduA.post(`${T}/transition`, { id, action: 'giveOut', values: { processor_id: me.staffId } })).http).toBe(200);
      expect(String((await received).pushParams.functionId)).toBe(String(id));
    } finally {
      await client.endAsync(true);
    }
  });

  it('counts sign-in attempts on both instances against one limit', async () => {
    // Alternating between A and B, wrong passwords: the limit (20 a minute per address, less the
    // sign-ins above) is reached once for both; with a count per process each would allow 20.
    const statuses: number[] = [];
    for (let i = 0; i < 24 && !statuses.includes(429); i++) statuses.push((await new Api(i % 2 ? b.url : a.url).login('admin', `guess-${i}`)).http);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThan(20);
    expect((await new Api(a.url).login('admin')).http).toBe(429);
    expect((await new Api(b.url).login('admin')).body.message).toBe('操作过于频繁，请稍后再试');
  });
});
