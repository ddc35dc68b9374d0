import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Answers of list calls, kept while the database stands still. A list page is the same for
 * everyone who asks it again until the data changes, and reading it (joins over wide rows,
 * shaping, JSON) costs several times what the checks in front of it do. An answer is kept as
 * the JSON sent, at the data version read before it was made (server/platform/db/statements.ts: any
 * write on this connection, a rollback, another process's commit moves it on), and the whole
 * cache is dropped when the version moves: an answer is never older than the data it shows.
 * Bounded by size; the least recently used answers go first.
 */
export class ListAnswers {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  private version = -1;

  constructor(
    /** The data version of server/platform/db/statements.ts. */
    private readonly dataVersion: () => number,
    /** 0 keeps nothing. */
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** The data version now; answers made at an older one go. */
  current(): number {
    const version = this.dataVersion();
    if (version !== this.version) {
      this.entries.clear();
      this.bytes = 0;
      this.version = version;
    }
    return version;
  }

  /** The answer kept under key at the version `current()` last gave. */
  get(key: string): Buffer | undefined {
    const answer = this.entries.get(key);
    if (answer === undefined) return undefined;
    // Map order is the recency order: a hit moves to the end.
    this.entries.delete(key);
    this.entries.set(key, answer);
    return answer;
  }

  /** Keeps an answer made from data read at `version`; nothing when the data moved meanwhile. */
  set(key: string, version: number, text: string): void {
    if (this.current() !== version) return;
    // Kept encoded: a hit is then written out as it is, without encoding or measuring it again.
    const answer = Buffer.from(text);
    const size = sizeOf(key, answer);
    if (size > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.bytes -= sizeOf(key, old);
    this.entries.delete(key);
    this.entries.set(key, answer);
    this.bytes += size;
    for (const [oldest, kept] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(oldest, kept);
    }
  }

  /** Bytes held (keys counted at two bytes a character). */
  get size(): number {
    return this.bytes;
  }
}

const sizeOf = (key: string, answer: Buffer) => 2 * key.length + answer.length;

const JSON_TYPE = 'application/json; charset=utf-8';
const pending = new WeakMap<FastifyRequest, { key: string; version: number }>();

/**
 * Serves the /api routes marked `config.listCache` from the cache. A preHandler: the signature,
 * nonce, session, permission and input checks have all run for this request. The key is the
 * caller (what a staff member may see, their roles and data scope, is database data the version
 * covers), the route and its validated parameters; the signature's timestamp and nonce are out
 * of the query by then. Only 200 answers are kept.
 */
export function registerListAnswers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.listCache || !request.staff) return;
    const key = `${request.staff.id}\u0000${request.method} ${request.routeOptions.url}\u0000${JSON.stringify(request.query)}\u0000${JSON.stringify(request.body ?? null)}`;
    const version = app.listAnswers.current();
    const kept = app.listAnswers.get(key);
    if (kept !== undefined) return reply.type(JSON_TYPE).send(kept);
    pending.set(request, { key, version });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const made = pending.get(request);
    if (made && reply.statusCode === 200 && typeof payload === 'string') app.listAnswers.set(made.key, made.version, payload);
  });
}
