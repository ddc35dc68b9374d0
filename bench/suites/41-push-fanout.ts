// Push fan-out (issue 11): 1,000 staff members each hold a WebSocket MQTT connection to the
// embedded broker with their own session; notices go to all of them, first as one send to
// 1,000 recipients (a system notice to everyone), then as 1,000 separate sends (1,000 events in
// a burst). Measured per recipient: from the send (the server event) to the message arriving
// at the client. The clients live in worker threads, so their work does not stall the server's
// event loop any more than other processes would.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { clock } from '../../tests/support/noticeWatch.ts';
import { startServer } from '../../tests/support/server.ts';
import { insertStaff } from '../../tests/support/staff.ts';
import type { SubscriberReport, SubscribersData } from '../push/subscribers.ts';
import { median, ms, quantile } from '../support/measure.ts';

const CLIENTS = Number(process.env.BENCH_PUSH_CLIENTS ?? 1000);
const WORKERS = Math.max(1, Math.min(4, os.availableParallelism() - 1));
const BROADCASTS = 3;
/** Rounds sent first and not counted: a server that has run for hours has its code paths warm. */
const WARMUP = 1;
const TARGET_P99_MS = 500;
/** Workers do not inherit tsx's loader: the worker registers it before importing the TypeScript module. */
const SUBSCRIBERS = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.resolve('../push/subscribers.ts'))}); })`;

/** Staff members in the bench's own fresh database, each with a session as a sign-in would make. */
async function benchStaff(app: FastifyInstance, count: number): Promise<{ id: number; token: string; topic: string }[]> {
  const staff = await insertStaff(app, count, 'push_bench');
  return Promise.all(staff.map(async ({ id, domain }) => ({ id, token: await app.sessions.create(id, { userAgent: 'push-bench' }), topic: `push/${domain}` })));
}

export default async function pushFanout(): Promise<VerifyRow[]> {
  const server = await startServer();
  const workers: Worker[] = [];
  try {
    const staff = await benchStaff(server.app, CLIENTS);
    const url = `${server.url.replace('http', 'ws')}/mqtt`;
    const arrivals = new Map<number, number>();
    const connected = clock();
    let ready = 0;
    const failed: string[] = [];
    await Promise.all(
      Array.from({ length: WORKERS }, (_, w) => {
        const data: SubscribersData = { url, subscribers: staff.filter((_, i) => i % WORKERS === w).map(({ token, topic }) => ({ token, topic })) };
        const worker = new Worker(SUBSCRIBERS, { eval: true, workerData: data });
        workers.push(worker);
        return new Promise<void>((resolve, reject) => {
          worker.on('error', reject);
          worker.on('message', (report: SubscriberReport) => {
            if ('ready' in report) {
              ready += report.ready;
              failed.push(...report.failed);
              resolve();
            } else for (const a of report.arrivals) arrivals.set(a.messageId, a.at);
          });
        });
      }),
    );
    const connectSeconds = (clock() - connected) / 1000;
    if (failed.length) throw new Error(`${failed.length} subscribers could not connect: ${failed[0]}`);

    /** Waits until every message id has arrived (or 30 s passed), then answers each one's latency. */
    async function latencies(sent: Map<number, number>): Promise<{ values: number[]; missing: number }> {
      const deadline = Date.now() + 30_000;
      while ([...sent.keys()].some((id) => !arrivals.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const values = [...sent].filter(([id]) => arrivals.has(id)).map(([id, at]) => arrivals.get(id)! - at);
      return { values, missing: sent.size - values.length };
    }
    const staffIds = staff.map((s) => s.id);

    const broadcast: number[] = [];
    let broadcastMissing = 0;
    for (let round = 0; round < WARMUP + BROADCASTS; round++) {
      const at = clock();
      const ids = await server.app.notices.send(server.app.db, { staffIds, category: '2', type: 'system_notice', content: `全员通知 第 ${round + 1} 轮`, functionId: null });
      const { values, missing } = await latencies(new Map(ids.map((id) => [id, at])));
      if (round < WARMUP) continue;
      broadcast.push(...values);
      broadcastMissing += missing;
    }

    const single = new Map<number, number>();
    const burstStart = clock();
    for (const [i, id] of staffIds.entries()) {
      const at = clock();
      const [messageId] = await server.app.notices.send(server.app.db, { staffIds: [id], category: '1', type: '121', content: `单独派单通知 ${i}`, functionId: `WO-${i}` });
      single.set(messageId!, at);
      // Each event is its own task, as requests would be, so publishing interleaves with sending.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const burstSeconds = (clock() - burstStart) / 1000;
    const singles = await latencies(single);

    const area = `push fan-out, ${CLIENTS} MQTT clients`;
    const figures = (name: string, values: number[], missing: number, expected: number): VerifyRow[] => [
      { area, figure: `${name}: received / sent`, value: `${values.length} / ${expected}`, target: 'all', ok: missing === 0 },
      { area, figure: `${name}: send → received, median (ms)`, value: ms(median(values)) },
      { area, figure: `${name}: send → received, p99 (ms)`, value: ms(quantile(values, 0.99)), target: `< ${TARGET_P99_MS}`, ok: quantile(values, 0.99) < TARGET_P99_MS },
      { area, figure: `${name}: send → received, max (ms)`, value: ms(Math.max(...values)) },
    ];
    return [
      { area, figure: `connected and subscribed (${WORKERS} worker threads)`, value: ready, target: `= ${CLIENTS}`, ok: ready === CLIENTS },
      { area, figure: 'connecting and subscribing all (s)', value: Number(connectSeconds.toFixed(1)) },
      ...figures(`one notice to all (${BROADCASTS} rounds)`, broadcast, broadcastMissing, BROADCASTS * CLIENTS),
      ...figures(`${CLIENTS} single notices in a burst`, singles.values, singles.missing, CLIENTS),
      { area, figure: `${CLIENTS} single notices: sending them all (s)`, value: Number(burstSeconds.toFixed(1)) },
    ];
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    await server.close();
  }
}
