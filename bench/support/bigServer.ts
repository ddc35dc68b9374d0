import { Api } from '../../tests/support/api.ts';
import { openDatabase } from '../../server/platform/db/index.ts';
import { bigDatabase } from './bigData.ts';
import { loadData, type LoadData } from './calls.ts';
import { startServerProcess, type ServerProcess } from './serverProcess.ts';
import { storedSessions } from './signedLoad.ts';

export interface BigServer {
  server: ServerProcess;
  tokens: string[];
  data: LoadData;
}

/**
 * Drops the request nonces earlier suites left in the big database. The throughput suite leaves
 * over a million; the server purges them once expired, up to 50,000 deletions a second, so a
 * suite that started within minutes measured that purge too (an export's peak memory 17 -> 81
 * MB and its CPU 2.7 -> 3.4 s). A bench database needs no replay protection across servers.
 */
async function dropNonces(dataDir: string): Promise<void> {
  const database = openDatabase(dataDir);
  try {
    await database.db.deleteFrom('request_nonce').execute();
  } finally {
    await database.close();
  }
}

/** The server as a child process over the big database, with `sessions` signed-in admin sessions; stopped afterwards. */
export async function withBigServer<T>(sessions: number, run: (big: BigServer) => Promise<T>): Promise<T> {
  const dataDir = await bigDatabase();
  await dropNonces(dataDir);
  const server = await startServerProcess({ dataDir });
  try {
    const tokens = await storedSessions(server.dataDir, sessions);
    const data = await loadData(new Api(server.url, tokens[0]));
    return await run({ server, tokens, data });
  } finally {
    await server.stop();
  }
}
