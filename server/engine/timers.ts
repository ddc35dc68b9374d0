import type { FastifyInstance } from 'fastify';
import type { DB } from '../platform/db/index.ts';
import { runExclusively } from '../platform/db/dialect.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The workflow timers of every resource (registerWorkflowTimers). */
    workflowTimers: WorkflowTimers;
  }
}

/** Moves records whose time in a state ran out; answers how many it moved. */
export type TimerSweep = (now: number) => Promise<number>;

/** Every resource's sweep, registered by its routes; run together by the clock below or by tests. */
export class WorkflowTimers {
  private readonly sweeps: TimerSweep[] = [];

  constructor(private readonly db: DB) {}

  private interval: NodeJS.Timeout | null = null;
  /** The clock's pass under way, awaited by stop(): the database closes after it, not under it. */
  private passing: Promise<unknown> | null = null;

  add(sweep: TimerSweep): void {
    this.sweeps.push(sweep);
  }

  /** One pass over every resource at the given time (tests pass their own clock). */
  async run(now = Date.now()): Promise<number> {
    // With several instances on one PostgreSQL database, one pass at a time across them (dialect.ts).
    return runExclusively(this.db, 'workflow-timers', async () => {
      let moved = 0;
      for (const sweep of this.sweeps) moved += await sweep(now);
      return moved;
    }, 0);
  }

  /** Checks every minute while the server runs; a failed pass is logged and retried next minute. */
  start(app: FastifyInstance, everyMs = 60_000): void {
    if (this.interval || !this.sweeps.length) return;
    this.interval = setInterval(() => {
      if (this.passing) return;
      this.passing = this.run()
        .catch((error) => app.log.error({ err: error }, 'workflow timers failed'))
        .finally(() => (this.passing = null));
    }, everyMs);
    this.interval.unref();
  }

  async stop(): Promise<void> {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    await this.passing;
  }
}

export function registerWorkflowTimers(app: FastifyInstance): void {
  const timers = new WorkflowTimers(app.db);
  app.decorate('workflowTimers', timers);
  app.addHook('onReady', async () => timers.start(app, app.config.timerIntervalMs || undefined));
  app.addHook('onClose', () => timers.stop());
}
