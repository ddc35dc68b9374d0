import { sql } from 'kysely';
import type { DB } from '../db/index.ts';

/**
 * The request nonces and the request log on a database that several instances share
 * (PostgreSQL): written through Kysely, asynchronously, so a nonce claimed on one instance is
 * refused on every other (the table is the only memory). The SQLite stores of nonces.ts and
 * requestLog.ts keep their batched, synchronous writes: one process, one file.
 */
export class SharedNonceStore {
  private readonly timer: NodeJS.Timeout;
  private lastPurge = 0;

  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.purge().catch(() => undefined), 60_000);
    this.timer.unref();
  }

  /**
   * Records a nonce; false when it was seen before (a replay). A replay carries the same signed
   * timestamp, so two instances claiming it at once write the same key: one insert wins. The
   * check for an earlier use under another timestamp rides in the insert: one round trip a call.
   */
  async claim(nonce: string, expiresAt: number): Promise<boolean> {
    const { rows } = await sql<{ nonce: string }>`
      insert into request_nonce (expires_at, nonce)
      select ${expiresAt}::bigint, ${nonce}::text
      where not exists (select 1 from request_nonce where nonce = ${nonce} and expires_at >= ${this.now()})
      on conflict do nothing returning nonce`.execute(this.db);
    return rows.length > 0;
  }

  private async purge(): Promise<void> {
    const t = this.now();
    if (t - this.lastPurge < 60_000) return;
    this.lastPurge = t;
    await this.db.deleteFrom('request_nonce').where('expires_at', '<', t).execute();
  }

  close(): void {
    clearInterval(this.timer);
  }
}

type Entry = [at: number, method: string, path: string, service: string | null, staffId: number | null, staffName: string | null, ip: string, status: number, durationMs: number, signOk: number | null, error: string | null];

const DAY = 86_400_000;
const MAX_PENDING = 20_000;

/** The request log's rows of the last moments, written in one insert; purged hourly. */
export class SharedRequestLog {
  private pending: Entry[] = [];
  private readonly timer: NodeJS.Timeout;
  private lastPurge = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DB,
    private readonly keepDays: number,
    private readonly now: () => number = Date.now,
    flushEveryMs = 500,
  ) {
    this.timer = setInterval(() => void this.flush(), flushEveryMs);
    this.timer.unref();
  }

  add(entry: Entry): void {
    if (this.pending.length >= MAX_PENDING) this.pending.shift();
    this.pending.push(entry);
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch(() => undefined);
    return this.flushing;
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length) {
      const rows = batch.map(([at, method, path, service, staffId, staffName, ip, status, durationMs, signOk, error]) => ({
        at, method, path, service, staff_id: staffId, staff_name: staffName, ip, status, duration_ms: durationMs, sign_ok: signOk, error,
      }));
      await this.db.insertInto('request_log').values(rows as never).execute();
    }
    const t = this.now();
    if (t - this.lastPurge > 3_600_000) {
      this.lastPurge = t;
      await this.db.deleteFrom('request_log').where('at', '<', t - this.keepDays * DAY).execute();
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
