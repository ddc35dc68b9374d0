import type SQLite from 'better-sqlite3';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SharedRequestLog } from './sharedStores.ts';

const DAY = 86_400_000;
const PURGE_SLICE = 5000;
/** More than this many waiting rows are dropped (the oldest first): the log never holds back the server. */
const MAX_PENDING = 20_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request signature's verdict (signature.ts): true, false, or undefined for an unsigned route. */
    signOk?: boolean;
  }
}

type Entry = [at: number, method: string, path: string, service: string | null, staffId: number | null, staffName: string | null, ip: string, status: number, durationMs: number, signOk: number | null, error: string | null];

/**
 * The request and signature audit of spec 5 (/request/index): every /api request's time, call,
 * caller, address, answer, duration and signature verdict. A row is made after the answer is
 * sent and written with the others of the last moments in one transaction (as the nonces are,
 * without waiting for the disk), so no request waits for its log line; rows older than
 * `keepDays` are purged in slices once an hour.
 */
export class RequestLog {
  private pending: Entry[] = [];
  private readonly insert: SQLite.Statement<Entry>;
  private readonly purge: SQLite.Statement<[number]>;
  private readonly timer: NodeJS.Timeout;
  private lastPurge = 0;
  private morePurge = false;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly keepDays: number,
    private readonly now: () => number = Date.now,
    flushEveryMs = 500,
  ) {
    this.insert = sqlite.prepare('insert into request_log (at, method, path, service, staff_id, staff_name, ip, status, duration_ms, sign_ok, error) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    this.purge = sqlite.prepare(`delete from request_log where id in (select id from request_log where at < ? order by id limit ${PURGE_SLICE})`);
    this.timer = setInterval(() => this.flush(), flushEveryMs);
    this.timer.unref();
  }

  add(entry: Entry): void {
    if (this.pending.length >= MAX_PENDING) this.pending.shift();
    this.pending.push(entry);
  }

  /** Writes the rows made since the last flush; drops those past their days once an hour. */
  flush(): void {
    const t = this.now();
    const purge = this.morePurge || t - this.lastPurge > 3_600_000;
    if ((!this.pending.length && !purge) || !this.sqlite.open || this.sqlite.inTransaction) return;
    const batch = this.pending;
    this.pending = [];
    const level = this.sqlite.pragma('synchronous', { simple: true });
    this.sqlite.pragma('synchronous = NORMAL');
    try {
      this.sqlite.transaction(() => {
        for (const entry of batch) this.insert.run(...entry);
        if (purge) {
          this.lastPurge = t;
          this.morePurge = this.purge.run(t - this.keepDays * DAY).changes >= PURGE_SLICE;
        }
      })();
    } finally {
      this.sqlite.pragma(`synchronous = ${Number(level)}`);
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}

/** The message of a refused answer's envelope, read only when the answer is a failure. */
function errorOf(status: number, payload: unknown): string | null {
  if (status < 400 || typeof payload !== 'string' || payload.length > 4096) return null;
  try {
    const message = (JSON.parse(payload) as { message?: unknown }).message;
    return typeof message === 'string' ? message.slice(0, 200) : null;
  } catch {
    return null;
  }
}

const ERROR = Symbol('requestLogError');
type Marked = FastifyRequest & { [ERROR]?: string | null };

/** Logs every /api request once it has been answered (the path without its query, which may hold tokens). */
export function registerRequestLog(app: FastifyInstance, now: () => number = Date.now): RequestLog | SharedRequestLog {
  const log = app.sqlite ? new RequestLog(app.sqlite, app.config.requestLogDays, now) : new SharedRequestLog(app.db, app.config.requestLogDays, now);
  app.addHook('onClose', async () => log.close());
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && request.url.startsWith('/api/')) (request as Marked)[ERROR] = errorOf(reply.statusCode, payload);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0]!.slice(0, 200);
    const service = path.split('/')[2] || null;
    const staff = request.staff ?? null;
    const sign = request.signOk === undefined ? null : request.signOk ? 1 : 0;
    log.add([now(), request.method, path, service, staff?.id ?? null, staff?.name ?? null, request.ip, reply.statusCode, Math.round(reply.elapsedTime), sign, (request as Marked)[ERROR] ?? null]);
  });
  return log;
}
