import type SQLite from 'better-sqlite3';

const PURGE_SLICE = 5000;

/**
 * The nonces of signed requests, kept until their 5-minute window has passed (spec 5).
 * A commit per request would cost a disk flush each (synchronous=FULL), so a new nonce is
 * checked against the table and the ones not yet written, and written with the others of the
 * last moments in one transaction. That transaction is committed without waiting for the disk
 * (synchronous=NORMAL for it alone, WAL): waiting stalled the event loop about a quarter of the
 * time under load, and what a power cut could lose is nonces of moments a restart loses anyway.
 * A restart keeps every nonce but those of the last flush interval.
 */
export class NonceStore {
  /** Claimed and not yet written, by nonce. */
  private pending = new Map<string, [number, string]>();
  private readonly has: SQLite.Statement<[string, number]>;
  private readonly insert: SQLite.Statement<[number, string]>;
  private readonly purge: SQLite.Statement<[number]>;
  private readonly timer: NodeJS.Timeout;
  private lastPurge = 0;
  /** The last purge filled its slice: more expired nonces wait, purged at the next flush. */
  private morePurge = false;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly now: () => number = Date.now,
    flushEveryMs = 100,
  ) {
    // A nonce alone, while any earlier use of it is in its window (issue 40: keyed with the
    // timestamp, a reused nonce under a new timestamp passed); its own index finds it.
    this.has = sqlite.prepare('select 1 from request_nonce where nonce = ? and expires_at >= ? limit 1');
    this.insert = sqlite.prepare('insert or ignore into request_nonce (expires_at, nonce) values (?, ?)');
    // In slices, so that a busy minute's expired nonces never stall the event loop at once: up to
    // the slice's last expiry, a range at the start of the table's one b-tree (time order).
    this.purge = sqlite.prepare(
      `delete from request_nonce where expires_at < ? and expires_at <= coalesce((select expires_at from request_nonce order by expires_at limit 1 offset ${PURGE_SLICE - 1}), 9e15)`,
    );
    this.timer = setInterval(() => this.flush(), flushEveryMs);
    this.timer.unref();
  }

  /** Records a nonce; false when it was seen before (a replay). */
  claim(nonce: string, expiresAt: number): boolean {
    if (this.pending.has(nonce) || this.has.get(nonce, this.now())) return false;
    this.pending.set(nonce, [expiresAt, nonce]);
    return true;
  }

  /** Writes the nonces claimed since the last flush; drops expired ones once a minute. */
  flush(): void {
    const t = this.now();
    const purge = this.morePurge || t - this.lastPurge > 60_000;
    if ((!this.pending.size && !purge) || !this.sqlite.open) return;
    // A request's transaction is open across awaits: the nonces wait for the next tick, rather
    // than ride in it (and go with its rollback) at a level that cannot change inside it.
    if (this.sqlite.inTransaction) return;
    const batch = this.pending;
    this.pending = new Map();
    // The connection's own level is put back at once: every other write stays durable.
    const level = this.sqlite.pragma('synchronous', { simple: true });
    this.sqlite.pragma('synchronous = NORMAL');
    try {
      this.sqlite.transaction(() => {
        for (const [expiresAt, nonce] of batch.values()) this.insert.run(expiresAt, nonce);
        if (purge) {
          this.lastPurge = t;
          this.morePurge = this.purge.run(t).changes >= PURGE_SLICE;
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
