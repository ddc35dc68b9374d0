import type { VerifyRow } from '../../scripts/verify/rows.ts';
import type { BigServer } from './bigServer.ts';
import { patrolRecordList, workOrderList } from './calls.ts';
import { processTreeCpuMs } from './serverProcess.ts';
import { signedLoad } from './signedLoad.ts';

const LISTS = [
  { figure: '工单列表（1,000,000 工单）', make: workOrderList },
  { figure: '巡查记录列表（5,000,000 记录）', make: patrolRecordList },
];

/**
 * Issue 11's list latency over the big database: one user clicking through pages and filters of
 * each screen (latency, not throughput), p99 under 20 ms. The first seconds warm the caches.
 */
export async function listLatencyRows(area: string, { server, postgres, tokens, data }: BigServer): Promise<VerifyRow[]> {
  const rows: VerifyRow[] = [];
  // CPU per call, hardly moved by other load on the machine (latency is): the server's, and PostgreSQL's when there is one.
  const cpu = () => [server.cpuMs(), postgres ? processTreeCpuMs(postgres.pid()) : 0];
  for (const { figure, make } of LISTS) {
    const load = (durationSeconds: number) => signedLoad({ url: server.url, tokens, mix: [{ weight: 1, make: (random) => make(random, data.projects) }], connections: 1, durationSeconds });
    await load(3);
    const before = cpu();
    const f = await load(15);
    const perCall = cpu().map((ms, i) => Math.round(((ms - before[i]!) * 1000) / Math.max(1, f.requests)));
    rows.push({ area, figure: `${figure} p50 (ms)`, value: f.p50 });
    rows.push({ area, figure: `${figure} p99 (ms)`, value: f.p99, target: '< 20', ok: f.p99 < 20 && f.non2xx === 0 && f.errors === 0 });
    rows.push({ area, figure: `${figure} CPU per call, server${postgres ? ' / PostgreSQL' : ''} (µs)`, value: postgres ? `${perCall[0]} / ${perCall[1]}` : perCall[0]! });
  }
  return rows;
}
