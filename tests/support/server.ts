import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/platform/config.ts';
import { copyTemplate } from './templateDatabase.ts';
import { freePort } from '../../scripts/cluster/ports.ts';
import { createDatabase, dropDatabase, testPostgres } from './postgresDatabases.ts';

/**
 * Where test servers keep their data: in memory when the machine has a tmpfs. The product commits
 * with synchronous=FULL, so on a disk every commit (each signed request commits its nonce) waits
 * for an fsync that what these tests check does not depend on; the crash and durability tests
 * (crash.ts) keep theirs on disk.
 */
export const scratchDir = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();

export { freePort };

export interface TestServer {
  app: FastifyInstance;
  url: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real server on a free loopback port with a fresh data directory, seeded with demo data:
 * in a test run, a copy of the run's template database (templateDatabase.ts), which the server
 * migrates, syncs and seeds at start like any database (nothing left to do on the copy).
 */
export async function startServer(env: Record<string, string> = {}, chosenPort?: number, options: BuildOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(scratchDir, 'pms-test-'));
  // The port is chosen first: the embedded provider's issuer and redirect URIs name it.
  const port = chosenPort ?? (await freePort());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', PMS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PMS_PUBLIC_URL: `http://127.0.0.1:${port}`, ...(process.env.PMS_SCHEMAS_DIR ? { PMS_SCHEMAS_DIR: process.env.PMS_SCHEMAS_DIR } : {}), ...env });
  await copyTemplate(config, options, dataDir);
  // On PostgreSQL (npm run test:pg) a server without a template copy starts from an empty database of its own.
  const ownDatabase = testPostgres() && !config.databaseUrl ? await createDatabase() : undefined;
  if (ownDatabase) config.databaseUrl = ownDatabase;
  const created = testPostgres() && config.databaseUrl !== env.PMS_DATABASE_URL ? config.databaseUrl : undefined;
  const app = await buildApp(config, options);
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    config,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      if (created) await dropDatabase(created);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
