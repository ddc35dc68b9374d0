import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/platform/config.ts';
import { buildDefaultTemplate } from './templateDatabase.ts';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/cluster/postgres.ts';
import { freePort } from '../../scripts/cluster/ports.ts';
import setup from './globalSetup.ts';
import { POSTGRES_ENV } from './postgresDatabases.ts';

/**
 * The server project on PostgreSQL (npm run test:pg): one cluster for the run, then the usual setup
 * (templates). A cluster already named in PMS_TEST_POSTGRES (postgres://user@host:port/) is used
 * and left running, and templates already named in PMS_TEST_TEMPLATES are kept: running one file
 * after another then seeds the template once rather than per run.
 */
export default async function postgresSetup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = process.env[POSTGRES_ENV] ? undefined : startPostgres(await freePort());
  if (cluster) process.env[POSTGRES_ENV] = cluster.baseUrl;
  const teardown = await setup(project);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-pg-template-'));
  try {
    await buildDefaultTemplate(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', PMS_DATA_DIR: dataDir, HOST: '127.0.0.1' }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return async () => {
    await teardown();
    if (!cluster) return;
    delete process.env[POSTGRES_ENV];
    cluster.stop();
  };
}
