// Issue 11: list calls with signature and session checks at 200 concurrent connections: ≥ 3,000 requests/s, memory flat.
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { mustBeZero } from '../../scripts/verify/rows.ts';
import { withBigServer } from '../support/bigServer.ts';
import { listMix } from '../support/calls.ts';
import { refusalText, signedLoad } from '../support/signedLoad.ts';

const CONNECTIONS = 200;

export default async (): Promise<VerifyRow[]> =>
  withBigServer(CONNECTIONS, async ({ server, tokens, data }) => {
    const run = (durationSeconds: number) => signedLoad({ url: server.url, tokens, mix: listMix(data), connections: CONNECTIONS, durationSeconds });
    await run(5);
    const before = await server.settledMemory();
    const cpuBefore = server.cpuMs();
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(server.rssMb()), 500);
    const f = await run(30).finally(() => clearInterval(sampler));
    const cpuPerRequest = Math.round(((server.cpuMs() - cpuBefore) * 1000) / Math.max(1, f.requests));
    const after = await server.settledMemory();
    return [
      { area: 'server throughput', figure: `签名+会话校验的列表请求/秒（${CONNECTIONS} 连接）`, value: f.requestsPerSecond, target: '≥ 3000', ok: f.requestsPerSecond >= 3000 },
      { area: 'server throughput', figure: 'latency p50 / p99 (ms)', value: `${f.p50} / ${f.p99}` },
      // One core's worth of server CPU per second over this figure is the ceiling of the figure above (Node answers on one thread).
      { area: 'server throughput', figure: 'server CPU per request (µs)', value: cpuPerRequest },
      mustBeZero('server throughput', 'connection errors', f.errors),
      mustBeZero('server throughput', 'timeouts (no answer in 10 s)', f.timeouts),
      mustBeZero('server throughput', 'non-2xx answers', f.non2xx),
      { area: 'server throughput', figure: 'non-2xx answers by status and message', value: refusalText(f.refusals) },
      // Flat: what the server keeps after a full collection, not where the collector's saw-tooth happens to be.
      { area: 'server throughput', figure: 'server RSS after a full GC, warm-up → after 30 s (MB)', value: `${before.rssMb} → ${after.rssMb}`, target: 'growth ≤ 50 MB', ok: after.rssMb - before.rssMb <= 50 },
      { area: 'server throughput', figure: 'its JS heap in use, warm-up → after 30 s (MB)', value: `${before.heapMb} → ${after.heapMb}` },
      { area: 'server throughput', figure: 'server RSS during the 30 s, lowest – highest (MB; garbage between collections)', value: `${Math.min(...samples)} – ${Math.max(...samples)}` },
    ];
  });
