import fs from 'node:fs';
import path from 'node:path';
import { startServer, type TestServer } from '../server.ts';

/**
 * The test server for the fuzzers: its database on tmpfs when the machine has one (each signed
 * request commits its nonce, and on a disk every commit waits ~10 ms for fsync, which input
 * validation has nothing to do with), and sign-in rate limits out of the way of bad logins.
 */
export async function startFuzzServer(): Promise<TestServer> {
  const dir = fs.existsSync('/dev/shm') ? fs.mkdtempSync(path.join('/dev/shm', 'pms-fuzz-')) : undefined;
  const server = await startServer({ PMS_LOGIN_RATE_LIMIT: '1000000', ...(dir ? { PMS_DATA_DIR: dir } : {}) });
  return {
    ...server,
    async close() {
      await server.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
