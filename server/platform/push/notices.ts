import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/index.ts';
import { runExclusively } from '../db/dialect.ts';
import { formatTime } from '../../../src/shared/format.ts';
import { pushTopic, type PushMessage } from '../../../src/shared/push.ts';
import type { Publisher } from './publisher.ts';

/** What a module sends: one notice to one or more staff members. */
export interface NoticeInput {
  staffIds: number[];
  /** '1' a to-do, anything else a reminder (spec 3). */
  category: string;
  /**
   * The event's type code. The browser picks the sound from it (spec 9): 'pending_receive_msg'
   * expire, category '2' notice, category '1' with 121 or 103 handle, 109 rob-order, 154 comment.
   */
  type: string | number;
  content: string;
  /** Optional title shown in the message list. */
  title?: string;
  /** The record the notice is about; a work order id makes the notice's 查看 open /newTaskDetail. */
  functionId?: string | number | null;
}

/** Unpublished messages older than this are not pushed any more (they stay in the list). */
const STALE_MS = 10 * 60_000;
/** How long a publish may wait for the broker's acknowledgement before it is retried. */
const ACK_TIMEOUT_MS = 30_000;
/** Messages published per round of the outbox. */
const BATCH = 500;
/** Retry pace of the outbox (a broker that was away, a database whose commits others see later). */
const SWEEP_MS = 10_000;

// Callers pass their own transaction, typed by the engine as Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Executor = Kysely<any>;

/**
 * Push notices (spec 4 "Push notice", 7.6). Call `app.notices.send(trx, input)` from any module,
 * inside its own write transaction (or with `app.db`, which opens one):
 *
 *   await app.notices.send(trx, { staffIds: [handlerId], category: '1', type: '121', content: `工单 ${code} 已派发给您`, functionId: orderId });
 *
 * Each recipient gets a row in staff_message first; publishing to push/{domain} at QoS 1 happens
 * only after the transaction commits, so a rolled-back change pushes nothing and a user who was
 * offline still finds the message in the unread count and list. The rows double as an outbox:
 * the flush after send() reads through app.db, which SQLite's single connection serves only
 * once the caller's transaction has ended, and a sweep every SWEEP_MS publishes whatever is left
 * (a broker that was down, a restart, a database with concurrent connections).
 */
export class NoticeService {
  private flushing: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DB,
    private readonly publisher: Publisher,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores one message per recipient and schedules the push; answers the new message ids. */
  async send(executor: Executor, input: NoticeInput): Promise<number[]> {
    const notice = checked(input);
    const store = async (trx: Executor) => {
      const found = new Set<number>();
      for (const ids of chunks(notice.staffIds)) for (const row of await trx.selectFrom('staff').select('id').where('id', 'in', ids).execute()) found.add(row.id);
      const missing = notice.staffIds.filter((id) => !found.has(id));
      if (missing.length) throw new Error(`notice recipients do not exist: ${missing.join(', ')}`);
      const now = Date.now();
      const ids: number[] = [];
      // In chunks: a notice to every staff member of a large company would pass SQLite's limit of bound variables.
      for (const staffIds of chunks(notice.staffIds)) {
        const rows = await trx
          .insertInto('staff_message')
          .values(staffIds.map((staffId) => ({ staff_id: staffId, category: notice.category, type: notice.type, title: notice.title, content: notice.content, function_id: notice.functionId, created_at: now })))
          .returning('id')
          .execute();
        ids.push(...rows.map((r: { id: number }) => r.id));
      }
      return ids;
    };
    const ids = executor.isTransaction ? await store(executor) : await executor.transaction().execute(store);
    this.flushSoon();
    return ids;
  }

  /** Publishes what is waiting now, then sweeps every SWEEP_MS. */
  start(): void {
    this.flushSoon();
    this.timer = setInterval(() => this.flushSoon(), SWEEP_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.again = false;
    await this.flushing;
  }

  /** Runs one flush at a time; a request during a flush runs another right after it. */
  flushSoon(): void {
    if (this.flushing) {
      this.again = true;
      return;
    }
    // One instance at a time publishes the outbox (several on one PostgreSQL database): each message once.
    this.flushing = runExclusively(this.db as never, 'notice-outbox', () => this.flush(), undefined)
      .catch((error) => this.log.error({ err: error }, 'push outbox flush failed'))
      .finally(() => {
        this.flushing = null;
        if (this.again) {
          this.again = false;
          this.flushSoon();
        }
      });
  }

  /**
   * Publishes waiting messages a batch at a time until none is left: a notice to a thousand
   * people goes out at once, not a batch per sweep. Each batch is marked published in one
   * commit, so a large notice costs a few commits, not one per recipient. A batch with a
   * failure stops the flush; the next sweep retries what is left.
   */
  private async flush(): Promise<void> {
    await this.db.updateTable('staff_message').set({ published_at: 0 }).where('published_at', 'is', null).where('created_at', '<', Date.now() - STALE_MS).execute();
    for (;;) {
      const rows = await this.db
        .selectFrom('staff_message')
        .innerJoin('staff', 'staff.id', 'staff_message.staff_id')
        .select(['staff_message.id', 'category', 'type', 'content', 'function_id', 'staff_message.created_at', 'staff.business_account_domain as domain'])
        .where('published_at', 'is', null)
        .orderBy('staff_message.id')
        .limit(BATCH)
        .execute();
      const published: number[] = [];
      // No usable domain: nobody can subscribe, the message is for the list only.
      const unroutable: number[] = [];
      let failed = false;
      await Promise.all(
        rows.map(async (row) => {
          const topic = pushTopic(row.domain);
          if (!topic) {
            unroutable.push(row.id);
            return;
          }
          try {
            await withTimeout(this.publisher.publish(topic, JSON.stringify(payloadOf(row))), ACK_TIMEOUT_MS);
            published.push(row.id);
          } catch (error) {
            failed = true;
            this.log.warn({ err: error, messageId: row.id }, 'push not delivered to the broker yet; will retry');
          }
        }),
      );
      const now = Date.now();
      await this.db.transaction().execute(async (trx) => {
        for (const ids of chunks(published)) await trx.updateTable('staff_message').set({ published_at: now }).where('id', 'in', ids).execute();
        for (const ids of chunks(unroutable)) await trx.updateTable('staff_message').set({ published_at: 0 }).where('id', 'in', ids).execute();
      });
      if (failed || rows.length < BATCH) return;
    }
  }
}

/** Ids in groups small enough for one statement's bound variables. */
function chunks<T>(values: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** The payload of spec 3. */
export function payloadOf(row: { id: number; category: string; type: string; content: string; function_id: string | null; created_at: number }): PushMessage {
  return {
    category: row.category,
    type: row.type,
    content: row.content,
    time: formatTime(row.created_at),
    pushParams: { messageId: row.id, functionId: row.function_id, type: row.type },
  };
}

/** A bad call is a programming error of the calling module: say precisely what is wrong. */
function checked(input: NoticeInput) {
  const staffIds = [...new Set(input.staffIds)];
  if (!staffIds.length || staffIds.some((id) => !Number.isInteger(id) || id < 1)) throw new Error('notice needs staffIds, positive integers');
  const text = (value: unknown, name: string, max: number, required: boolean) => {
    const s = value === null || value === undefined ? '' : String(value).trim();
    if (required && !s) throw new Error(`notice needs ${name}`);
    if (s.length > max) throw new Error(`notice ${name} is longer than ${max} characters`);
    return s || null;
  };
  return {
    staffIds,
    category: text(input.category, 'category', 16, true)!,
    type: text(input.type, 'type', 64, true)!,
    content: text(input.content, 'content', 2000, true)!,
    title: text(input.title, 'title', 100, false),
    functionId: text(input.functionId, 'functionId', 64, false),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no acknowledgement within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
