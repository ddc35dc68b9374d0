import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { Api } from './api.ts';
import type { TestServer } from './server.ts';
import { insertStaff } from './staff.ts';

/** How one kind of abuse fared: every attempt should be refused, and how. */
export interface AbuseKind {
  kind: string;
  attempts: number;
  /** Attempts the broker did not refuse: accepted, or left unanswered (NO_ANSWER: silence proves no refusal). */
  accepted: number;
  /** How the broker refused, e.g. { 'CONNACK 4': 3, 'SUBACK 128': 2, disconnected: 1 }. */
  refusals: Record<string, number>;
}

export interface MqttAbuseFigures {
  kinds: AbuseKind[];
  /** Messages that reached a client other than their recipient's (must be 0). */
  leaked: number;
  /** Notices sent to the connected victim and listener during the run, and how many reached them (all must). */
  noticesSent: number;
  noticesDelivered: number;
}

/** What an attempt ended in: 'accepted', NO_ANSWER, or the way the broker refused it. */
type Outcome = 'accepted' | string;

/**
 * Absence is never proven by waiting (issue 43, finding 5): every attempt ends on something the
 * broker does (CONNACK, SUBACK, closing the connection) or a message that does arrive. This bound
 * only stops a broker that never answers, and running into it counts against the broker.
 */
const ANSWER_BOUND_MS = 10_000;
const NO_ANSWER = 'no answer';
const FORGED = '伪造的通知';

/**
 * Abuse of the embedded broker at /mqtt (issue 10): each kind is tried `rounds` times by an
 * attacker with a valid session of their own, against a victim who is connected, while a third
 * staff member listens to their own topic. Notices go to the victim, the attacker and the
 * listener during the run; any message that reaches a client other than its recipient's, or a
 * forged one that reaches anybody, is a leak.
 */
export async function mqttAbuse(server: TestServer, rounds: number): Promise<MqttAbuseFigures> {
  const app = server.app;
  const url = `${server.url.replace('http', 'ws')}/mqtt`;
  const [victim, attacker, listener, disabled] = await insertStaff(app, 4, `mqtt_abuse_${randomBytes(3).toString('hex')}`);
  const topic = (person: { domain: string }) => `push/${person.domain}`;
  const session = (person: { id: number }) => app.sessions.create(person.id, { userAgent: 'mqtt-abuse' });
  const clients: MqttClient[] = [];
  let leaked = 0;
  const delivered = new Map<MqttClient, number>();

  /** A connection whose every incoming message is checked: only its owner's topic, only real notices. */
  async function open(token: string, owner: string | null, options: IClientOptions = {}): Promise<MqttClient> {
    const client = await mqtt.connectAsync(url, { username: 'pms', password: token, reconnectPeriod: 0, connectTimeout: ANSWER_BOUND_MS, clean: true, ...options });
    clients.push(client);
    client.on('message', (t, payload) => {
      const text = payload.toString();
      if (t !== owner || text.includes(FORGED)) leaked++;
      else delivered.set(client, (delivered.get(client) ?? 0) + 1);
    });
    return client;
  }
  /** A CONNECT the broker should refuse: 'accepted' when it answers CONNACK 0. */
  function connectOutcome(token: string, options: IClientOptions = {}): Promise<Outcome> {
    // The client's own CONNACK timeout would close the connection as a refusal would: it must not come first.
    const client = mqtt.connect(url, { username: 'pms', password: token, reconnectPeriod: 0, connectTimeout: ANSWER_BOUND_MS * 3, clean: true, ...options });
    return bounded(
      new Promise<Outcome>((resolve) => {
        client.once('connect', () => resolve('accepted'));
        client.once('error', (error) => resolve(typeof (error as { code?: unknown }).code === 'number' ? `CONNACK ${(error as { code: number }).code}` : 'connection closed'));
        client.once('close', () => resolve('connection closed'));
      }),
    ).finally(() => client.end(true));
  }
  /** A SUBSCRIBE: 'accepted' when the broker grants it; the connection may be closed instead. */
  async function subscribeOutcome(client: MqttClient, filter: string | string[], qos: 0 | 1 | 2 = 1): Promise<Outcome> {
    return bounded(
      new Promise<Outcome>((resolve) =>
        // mqtt.js reports SUBACK 128 as an error.
        client.subscribe(filter, { qos }, (error) => resolve(!error ? 'accepted' : /Subscribe error/.test(error.message) ? 'SUBACK 128' : 'disconnected')),
      ),
      closed(client).then(() => 'disconnected'),
    );
  }
  /** A PUBLISH at QoS 1 or 2: 'accepted' when the broker acknowledges it. */
  async function publishOutcome(client: MqttClient, to: string, options: { qos: 1 | 2; retain?: boolean; size?: number }): Promise<Outcome> {
    const payload = JSON.stringify({ category: '1', type: '121', content: FORGED, pad: 'x'.repeat(options.size ?? 0), pushParams: { messageId: 1 } });
    return bounded(
      new Promise<Outcome>((resolve) => client.publish(to, payload, { qos: options.qos, retain: options.retain ?? false }, (error) => resolve(error ? 'refused' : 'accepted'))),
      closed(client).then(() => 'disconnected'),
    );
  }

  const victimToken = await session(victim);
  const victimClient = await open(victimToken, topic(victim), { clientId: 'victim-web' });
  await victimClient.subscribeAsync(topic(victim), { qos: 1 });
  const listenerClient = await open(await session(listener), topic(listener));
  await listenerClient.subscribeAsync(topic(listener), { qos: 1 });
  let victimTakenOver = 0;
  victimClient.on('close', () => victimTakenOver++);
  const attackerToken = await session(attacker);
  // Each of the attacker's connections on a session of its own: one token holds only so many.
  const asAttacker = async () => open(await session(attacker), topic(attacker));
  const perToken = server.config.mqttMaxConnectionsPerToken;

  const revoked = async () => {
    const token = await session(attacker);
    await new Api(server.url, token).post('/api/auth/login/logout');
    return token;
  };
  const expired = async () => {
    const token = await session(attacker);
    await app.db.updateTable('session').set({ expires_at: Date.now() - 1 }).where('token_hash', '=', app.sessions.hashOf(token)).execute();
    return token;
  };
  const disabledToken = await session(disabled);
  await app.db.updateTable('staff').set({ enabled: 0 }).where('id', '=', disabled.id).execute();

  const wildcards = ['#', `+/${victim.domain}`, 'push/#', 'push/+', '$SYS/#', '+/+', '+/#'];
  const attacks: { kind: string; tries: () => Promise<Outcome[]> }[] = [
    { kind: 'subscribe to another user\'s topic', tries: async () => [await subscribeOutcome(await asAttacker(), topic(victim))] },
    { kind: `wildcard subscriptions (${wildcards.join(' ').replace(victim.domain, '<victim>')})`, tries: async () => Promise.all(wildcards.map(async (w) => subscribeOutcome(await asAttacker(), w))) },
    { kind: 'publish to another user\'s topic', tries: async () => [await publishOutcome(await asAttacker(), topic(victim), { qos: 1 })] },
    { kind: 'publish to own topic', tries: async () => [await publishOutcome(await asAttacker(), topic(attacker), { qos: 1 })] },
    {
      kind: 'QoS 2 and retained (publish, subscribe, next subscriber gets it)',
      tries: async () => [
        await publishOutcome(await asAttacker(), topic(attacker), { qos: 2, retain: true }),
        await subscribeOutcome(await asAttacker(), topic(attacker), 2),
        // A message kept by the broker would reach the next subscriber at once.
        await (async () => {
          const client = await asAttacker();
          // Retained messages go out on SUBSCRIBE, before anything published later: a real notice
          // sent afterwards arriving first proves nothing was kept, with no fixed wait.
          const first = new Promise<string>((resolve) => client.once('message', (_t, payload) => resolve(payload.toString())));
          await client.subscribeAsync(topic(attacker), { qos: 1 });
          await notify(attacker);
          return bounded(first.then((text) => (text.includes(FORGED) ? 'accepted' : 'nothing retained')));
        })(),
      ],
    },
    { kind: 'connect with a last will', tries: async () => [await connectOutcome(attackerToken, { will: { topic: topic(victim), payload: Buffer.from(FORGED), qos: 1, retain: false } })] },
    {
      kind: `one connection beyond the ${perToken} a session token may hold`,
      tries: async () => {
        const token = await session(attacker);
        for (let i = 0; i < perToken; i++) await open(token, topic(attacker));
        return [await connectOutcome(token)];
      },
    },
    { kind: 'connect with a made-up token', tries: async () => [await connectOutcome(randomBytes(32).toString('base64url'))] },
    { kind: 'connect with a signed-out token', tries: async () => [await connectOutcome(await revoked())] },
    { kind: 'connect with an expired token', tries: async () => [await connectOutcome(await expired())] },
    { kind: 'connect as a disabled staff member', tries: async () => [await connectOutcome(disabledToken)] },
    { kind: 'connect without credentials', tries: async () => [await connectOutcome('', { username: undefined, password: undefined })] },
    {
      kind: 'oversized packets (CONNECT, SUBSCRIBE, PUBLISH over 64 KB)',
      tries: async () => [
        await connectOutcome('x'.repeat(65_000), { username: 'u'.repeat(10_000) }),
        // An MQTT string holds at most 65,535 bytes: two long filters make one packet over the limit.
        await subscribeOutcome(await asAttacker(), [`${topic(attacker)}/${'x'.repeat(40_000)}`, `${topic(attacker)}/${'y'.repeat(40_000)}`], 1),
        await publishOutcome(await asAttacker(), topic(attacker), { qos: 1, size: 100_000 }),
      ],
    },
    {
      // The broker namespaces client ids per staff member: neither the victim's id nor its namespaced form takes anything over.
      kind: 'connections reusing the victim\'s client id (takeover)',
      tries: async () => {
        const outcomes: Outcome[] = [];
        for (const clientId of ['victim-web', `s${victim.id}_victim-web`]) {
          await open(attackerToken, topic(attacker), { clientId });
          outcomes.push(await victimStillReceives());
        }
        return outcomes;
      },
    },
  ];

  const kinds: AbuseKind[] = [];
  let noticesSent = 0;
  const notify = (person: { id: number }) => app.notices.send(app.db, { staffIds: [person.id], category: '1', type: '121', content: '真实的通知', functionId: null });
  /** A taken-over connection closes; one that holds gets the next notice: a positive signal either way, no fixed wait. */
  async function victimStillReceives(): Promise<Outcome> {
    if (victimTakenOver || !victimClient.connected) return 'accepted';
    const received = new Promise<Outcome>((resolve) => victimClient.once('message', () => resolve('victim kept its connection')));
    await notify(victim);
    noticesSent++;
    return bounded(received, closed(victimClient).then(() => 'accepted'));
  }
  for (const attack of attacks) {
    const kind: AbuseKind = { kind: attack.kind, attempts: 0, accepted: 0, refusals: {} };
    for (let round = 0; round < rounds; round++) {
      for (const outcome of await attack.tries()) {
        kind.attempts++;
        if (outcome === 'accepted' || outcome === NO_ANSWER) kind.accepted++;
        else kind.refusals[outcome] = (kind.refusals[outcome] ?? 0) + 1;
      }
      // Notices while the attacker's connections are open: none may reach them.
      await Promise.all([notify(victim), notify(attacker), notify(listener)]);
      noticesSent += 2;
    }
    kinds.push(kind);
    await Promise.all(clients.filter((c) => c !== victimClient && c !== listenerClient).map((c) => c.endAsync(true)));
  }
  // Each connection gets its messages in order: once the last notices are in, nothing else is under way.
  const noticesDelivered = () => (delivered.get(victimClient) ?? 0) + (delivered.get(listenerClient) ?? 0);
  await bounded(
    new Promise<Outcome>((resolve) => {
      const check = () => noticesDelivered() >= noticesSent && resolve('delivered');
      check();
      for (const c of [victimClient, listenerClient]) c.on('message', check);
    }),
  );
  await Promise.all(clients.map((c) => c.endAsync(true)));
  return { kinds, leaked, noticesSent, noticesDelivered: noticesDelivered() };
}

/** The first of the broker's answers, or NO_ANSWER once the bound has passed (a failure, never a refusal). */
function bounded(...answers: Promise<Outcome>[]): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<Outcome>((resolve) => (timer = setTimeout(() => resolve(NO_ANSWER), ANSWER_BOUND_MS)));
  return Promise.race([...answers, silence]).finally(() => clearTimeout(timer));
}
const closed = (client: MqttClient) => new Promise<void>((resolve) => (client.disconnected || !client.connected ? resolve() : client.once('close', () => resolve())));
