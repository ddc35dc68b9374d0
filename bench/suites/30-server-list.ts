// Issue 11: a filtered, sorted, paginated list over the big database answers with p99 under 20 ms.
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { withBigServer } from '../support/bigServer.ts';
import { patrolRecordList, workOrderList } from '../support/calls.ts';
import { signedLoad } from '../support/signedLoad.ts';

const LISTS = [
  { figure: '工单列表（1,000,000 工单）', make: workOrderList },
  { figure: '巡查记录列表（5,000,000 记录）', make: patrolRecordList },
];

export default async (): Promise<VerifyRow[]> =>
  withBigServer(1, async ({ server, tokens, data }) => {
    const rows: VerifyRow[] = [];
    for (const { figure, make } of LISTS) {
      // One user clicking through pages and filters: latency, not throughput. The first seconds warm the page cache.
      const load = (durationSeconds: number) => signedLoad({ url: server.url, tokens, mix: [{ weight: 1, make: (random) => make(random, data.projects) }], connections: 1, durationSeconds });
      await load(3);
      const f = await load(15);
      rows.push({ area: 'server list', figure: `${figure} p50 (ms)`, value: f.p50 });
      rows.push({ area: 'server list', figure: `${figure} p99 (ms)`, value: f.p99, target: '< 20', ok: f.p99 < 20 && f.non2xx === 0 && f.errors === 0 });
    }
    return rows;
  });
