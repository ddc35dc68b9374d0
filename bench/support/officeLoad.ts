import { Api } from '../../tests/support/api.ts';
import { loadData, officeMix } from './calls.ts';
import { startServerProcess } from './serverProcess.ts';
import { signedLoad, storedSessions, type LoadFigures } from './signedLoad.ts';

export interface OfficeLoadResult extends LoadFigures {
  sessions: number;
  rssBeforeMb: number;
  rssAfterMb: number;
}

/**
 * Issue 10's load: `sessions` signed-in users (one connection and token each) mixing lists,
 * details and writes at a fixed overall rate against the server as a child process over a
 * fresh demo database; its memory is read before and after, each time after a full garbage collection.
 */
export async function officeLoad(options: { sessions: number; seconds: number; rate: number }): Promise<OfficeLoadResult> {
  const server = await startServerProcess();
  try {
    const tokens = await storedSessions(server, options.sessions);
    const data = await loadData(new Api(server.url, tokens[0]));
    const rssBeforeMb = (await server.settledMemory()).rssMb;
    const figures = await signedLoad({ url: server.url, tokens, mix: officeMix(data), connections: options.sessions, durationSeconds: options.seconds, overallRate: options.rate });
    return { ...figures, sessions: options.sessions, rssBeforeMb, rssAfterMb: (await server.settledMemory()).rssMb };
  } finally {
    await server.stop();
  }
}
