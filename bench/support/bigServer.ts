import { Api } from '../../tests/support/api.ts';
import { bigDatabase } from './bigData.ts';
import { loadData, type LoadData } from './calls.ts';
import { startServerProcess, type ServerProcess } from './serverProcess.ts';
import { storedSessions } from './signedLoad.ts';

export interface BigServer {
  server: ServerProcess;
  tokens: string[];
  data: LoadData;
}

/** The server as a child process over the big database, with `sessions` signed-in admin sessions; stopped afterwards. */
export async function withBigServer<T>(sessions: number, run: (big: BigServer) => Promise<T>): Promise<T> {
  const server = await startServerProcess({ dataDir: await bigDatabase() });
  try {
    const tokens = await storedSessions(server.dataDir, sessions);
    const data = await loadData(new Api(server.url, tokens[0]));
    return await run({ server, tokens, data });
  } finally {
    await server.stop();
  }
}
