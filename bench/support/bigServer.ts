import type { LocalPostgres } from '../../scripts/cluster/postgres.ts';
import { Api } from '../../tests/support/api.ts';
import { openConfiguredDatabase } from '../../server/platform/db/index.ts';
import { bigDatabase } from './bigData.ts';
import { bigPostgres } from './bigPostgres.ts';
import { loadData, type LoadData } from './calls.ts';
import { startServerProcess, type ServerProcess } from './serverProcess.ts';
import { storedSessions } from './signedLoad.ts';

export interface BigServer {
  /** The first instance (the only one on SQLite). */
  server: ServerProcess;
  /** Every instance, all on the same database. */
  servers: ServerProcess[];
  /** The PostgreSQL cluster they share, when on PostgreSQL. */
  postgres?: LocalPostgres;
  tokens: string[];
  data: LoadData;
}

export interface BigServerOptions {
  /** The big database on PostgreSQL (bigPostgres.ts) instead of the SQLite file. */
  postgres?: boolean;
  /** Server processes on the same database (PostgreSQL only; default 1). */
  instances?: number;
}

/**
 * Drops the request nonces earlier suites left in the big database. The throughput suite leaves
 * over a million; the server purges them once expired, up to 50,000 deletions a second, so a
 * suite that started within minutes measured that purge too (an export's peak memory 17 -> 81
 * MB and its CPU 2.7 -> 3.4 s). A bench database needs no replay protection across servers.
 */
async function dropNonces(where: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const database = openConfiguredDatabase(where);
  try {
    await database.db.deleteFrom('request_nonce').execute();
  } finally {
    await database.close();
  }
}

/** The instances over the SQLite file, or over the PostgreSQL copy (its cluster stopped with them). */
async function startBig(options: BigServerOptions): Promise<{ servers: ServerProcess[]; postgres?: LocalPostgres; stop: () => Promise<void> }> {
  const instances = options.instances ?? 1;
  if (!options.postgres) {
    if (instances !== 1) throw new Error('several instances need PostgreSQL: SQLite is one process’s database');
    const dataDir = await bigDatabase();
    await dropNonces({ dataDir });
    const server = await startServerProcess({ dataDir });
    return { servers: [server], stop: () => server.stop() };
  }
  const big = await bigPostgres();
  const servers: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    big.cluster.stop();
  };
  try {
    await dropNonces({ dataDir: big.filesDir, databaseUrl: big.databaseUrl });
    // One after another: the first checks the migrations and syncs under its locks, the next finds them done.
    for (let i = 0; i < instances; i++) servers.push(await startServerProcess({ databaseUrl: big.databaseUrl, env: { PMS_FILES_DIR: big.filesDir } }));
    return { servers, postgres: big.cluster, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The server as child processes over the big database, with `sessions` signed-in admin sessions; stopped afterwards. */
export async function withBigServer<T>(sessions: number, run: (big: BigServer) => Promise<T>, options: BigServerOptions = {}): Promise<T> {
  const { servers, postgres, stop } = await startBig(options);
  try {
    const server = servers[0]!;
    const tokens = await storedSessions(server, sessions);
    const data = await loadData(new Api(server.url, tokens[0]));
    return await run({ server, servers, ...(postgres ? { postgres } : {}), tokens, data });
  } finally {
    await stop();
  }
}
