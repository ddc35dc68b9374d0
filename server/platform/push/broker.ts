import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AedesOptions, type Client, type ConnectPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { SessionEnd, SessionStore } from '../auth/sessions.ts';
import type { DB } from '../db/index.ts';
import { packetSizeGuard } from './packetLimit.ts';
import type { Publisher } from './publisher.ts';
import { pushTopic } from '../../../src/shared/push.ts';

/** Where browsers reach the embedded broker, on the app's own port (spec 7.6). */
export const MQTT_PATH = '/mqtt';
/** The largest packet a client may send: theirs are CONNECT, SUBSCRIBE, PINGREQ and PUBACK, all small. */
const MAX_PACKET_BYTES = 64 * 1024;

/** A connected staff member: the only topic they may read, and the session that lets them. */
interface Identity {
  staffId: number;
  token: string;
  tokenHash: string;
  topic: string;
}

/** CONNACK return codes of MQTT 3.1.1: 4 bad user name or password, 5 not authorised. */
type Refusal = { refused: 4 | 5; reason: string };

export interface BrokerOptions {
  db: DB;
  sessions: SessionStore;
  log: FastifyBaseLogger;
  /** How often live connections are checked against their sessions (idle or absolute expiry, disabled staff). */
  checkEveryMs?: number;
  /** Connections one session token may hold at once (PMS_MQTT_MAX_CONNECTIONS_PER_TOKEN); more are refused. */
  maxConnectionsPerToken: number;
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The MQTT broker embedded in the app (aedes over WebSocket at /mqtt). Clients sign in with their
 * session token (password, or user name), may subscribe only to push/{their business account
 * domain} at QoS 0 or 1, may never publish (a CONNECT carrying a last will is refused), may send
 * no packet over 64 KB, and are disconnected as soon as their session is revoked, and within
 * checkEveryMs when it expires or the staff member is disabled. One session token holds at most
 * maxConnectionsPerToken connections (a browser holds one a tab): a stolen or scripted token
 * cannot pile up connections. Only the services publish, through publish().
 */
export class EmbeddedBroker implements Publisher {
  private aedes: Aedes | null = null;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PACKET_BYTES });
  private readonly admissions = new WeakMap<Client, Identity | Refusal>();
  private readonly live = new Map<Client, Identity>();
  private timer: NodeJS.Timeout | null = null;
  private readonly stopWatching: () => void;

  constructor(private readonly options: BrokerOptions) {
    this.stopWatching = options.sessions.onEnd((ended) => this.sessionEnded(ended));
  }

  /** Takes over WebSocket upgrades of /mqtt on the app's HTTP server, and only those. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(request.url ?? '/', 'http://x').pathname !== MQTT_PATH) {
        // Another path belongs to another listener; with none, answer rather than leave the socket open.
        if (server.listenerCount('upgrade') === 1) refuse(socket, 404, 'Not Found');
        return;
      }
      const aedes = this.aedes;
      if (!aedes || aedes.closed) return refuse(socket, 503, 'Service Unavailable');
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        // Before the stream's own listener: an oversized packet never reaches the broker's parser.
        const withinLimit = packetSizeGuard(MAX_PACKET_BYTES);
        ws.on('message', (data: Buffer) => {
          if (!withinLimit(data)) ws.terminate();
        });
        const stream = createWebSocketStream(ws);
        stream.on('error', () => ws.terminate());
        aedes.handle(stream, request);
      });
    });
  }

  async start(): Promise<void> {
    if (this.aedes && !this.aedes.closed) return;
    const handlers: AedesOptions = {
      connectTimeout: 10_000,
      preConnect: (client, packet, done) => {
        this.admit(packet).then(
          (admission) => {
            this.admissions.set(client, admission);
            // Ids are namespaced per staff member: nobody can take over another person's connection.
            if ('staffId' in admission) packet.clientId = `s${admission.staffId}_${packet.clientId || randomUUID().slice(0, 8)}`;
            done(null, true);
          },
          (error: Error) => done(error, false),
        );
      },
      authenticate: (client, _username, _password, done) => {
        const admission = this.admissions.get(client);
        if (!admission || 'refused' in admission) {
          this.options.log.info({ reason: admission?.reason }, 'push connection refused');
          return done(Object.assign(new Error(admission?.reason ?? 'not authorised'), { returnCode: admission?.refused ?? 5 }), false);
        }
        // A connection under the same (namespaced) client id is about to be replaced: it does not count.
        const held = [...this.live].filter(([other, identity]) => identity.tokenHash === admission.tokenHash && other.id !== client.id).length;
        if (held >= this.options.maxConnectionsPerToken) {
          this.options.log.warn({ staffId: admission.staffId, held }, 'push connection refused: too many connections for one session');
          return done(Object.assign(new Error('too many connections for this session'), { returnCode: 5 }), false);
        }
        this.live.set(client, admission);
        done(null, true);
      },
      // Only the services publish; a client that tries is disconnected (MQTT-3.3.5-2).
      authorizePublish: (_client, _packet, done) => done(new Error('clients may not publish')),
      // Anything but the caller's own topic (B's topic, push/#, #) is answered with SUBACK 128, and so
      // is QoS 2: notices go out at QoS 1, and aedes's SUBACK would echo a requested 2 it never delivers.
      authorizeSubscribe: (client, subscription, done) => {
        const topic = this.live.get(client)?.topic;
        done(null, topic && subscription.topic === topic && subscription.qos <= 1 ? subscription : null);
      },
      authorizeForward: (client, packet) => (this.live.get(client)?.topic === packet.topic ? packet : null),
    };
    const aedes = await Aedes.createBroker(handlers);
    aedes.on('clientDisconnect', (client) => this.live.delete(client));
    aedes.on('clientError', (client, error) => this.options.log.debug({ client: client.id, err: error }, 'push client error'));
    this.aedes = aedes;
    this.timer = setInterval(() => void this.checkSessions(), this.options.checkEveryMs ?? 30_000);
    this.timer.unref();
  }

  /** Closes the broker and every connection; start() opens it again (clients reconnect by themselves). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const aedes = this.aedes;
    this.aedes = null;
    this.live.clear();
    if (aedes && !aedes.closed) await new Promise<void>((resolve) => aedes.close(() => resolve()));
    for (const ws of this.wss.clients) ws.terminate();
  }

  async close(): Promise<void> {
    this.stopWatching();
    await this.stop();
    this.wss.close();
  }

  publish(topic: string, payload: string): Promise<void> {
    const aedes = this.aedes;
    if (!aedes || aedes.closed) return Promise.reject(new Error('the push broker is closed'));
    return new Promise((resolve, reject) =>
      aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** Who a CONNECT is from: a live session whose staff member has a business account domain. */
  private async admit(packet: ConnectPacket): Promise<Identity | Refusal> {
    if (packet.will) return { refused: 5, reason: 'last will not allowed' };
    const token = packet.password?.length ? packet.password.toString('utf8') : (packet.username ?? '');
    const session = await this.options.sessions.peek(token);
    if (typeof session === 'string') return { refused: 4, reason: `session ${session}` };
    const staff = await this.options.db.selectFrom('staff').select('business_account_domain').where('id', '=', session.staffId).executeTakeFirst();
    const topic = staff ? pushTopic(staff.business_account_domain) : null;
    if (!topic) return { refused: 5, reason: 'no business account domain' };
    return { staffId: session.staffId, token, tokenHash: this.options.sessions.hashOf(token), topic };
  }

  private sessionEnded(ended: SessionEnd): void {
    for (const [client, identity] of this.live) {
      if ('tokenHash' in ended ? identity.tokenHash === ended.tokenHash : identity.staffId === ended.staffId) this.disconnect(client);
    }
  }

  /** Expiry and disabled accounts raise no event: live connections are checked against their sessions (every checkEveryMs). */
  async checkSessions(): Promise<void> {
    for (const [client, identity] of [...this.live]) {
      const session = await this.options.sessions.peek(identity.token).catch(() => null);
      if (typeof session === 'string') this.disconnect(client);
    }
  }

  private disconnect(client: Client): void {
    this.live.delete(client);
    client.close();
  }
}
