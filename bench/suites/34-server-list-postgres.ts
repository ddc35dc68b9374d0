// Issue 39: the lists of 30-server-list on PostgreSQL (the same big database, copied: bigPostgres.ts), same target.
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { withBigServer } from '../support/bigServer.ts';
import { listLatencyRows } from '../support/listLatency.ts';

export default async (): Promise<VerifyRow[]> => withBigServer(1, (big) => listLatencyRows('server list, PostgreSQL', big), { postgres: true });
