// Issue 11: a filtered, sorted, paginated list over the big database answers with p99 under 20 ms.
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { withBigServer } from '../support/bigServer.ts';
import { listLatencyRows } from '../support/listLatency.ts';

export default async (): Promise<VerifyRow[]> => withBigServer(1, (big) => listLatencyRows('server list', big));
