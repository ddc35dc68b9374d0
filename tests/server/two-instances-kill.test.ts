import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceKill } from '../support/instanceKill.ts';
import { createDatabase, dropDatabase, testPostgres } from '../support/postgresDatabases.ts';
import { scratchDir } from '../support/server.ts';
import { copyTemplate } from '../support/templateDatabase.ts';
import { startMosquitto, type Mosquitto } from '../../scripts/cluster/mosquitto.ts';
import { loadConfig } from '../../server/platform/config.ts';

/**
 * Two server processes on one PostgreSQL database, one files folder and one mosquitto, one of
 * them SIGKILLed under writes while it writes an export, with timers due and notices to publish
 * (instanceKill.ts; npm run test:pg, skipped on SQLite). `npm run verify:reliability --
 * two-instance` runs more kills on a cluster of its own.
 */
let mosquitto: Mosquitto | undefined;
let filesDir: string | undefined;
let databaseUrl: string | undefined;

beforeAll(async () => {
  if (!testPostgres()) return;
  mosquitto = await startMosquitto();
  // A copy of the run's seeded template, its seed's files and sign-on key in the shared folder.
  filesDir = fs.mkdtempSync(path.join(scratchDir, 'pms-shared-files-'));
  const config = loadConfig({ NODE_ENV: 'test', PMS_DATA_DIR: filesDir });
  if (!(await copyTemplate(config, {}, filesDir))) config.databaseUrl = await createDatabase();
  databaseUrl = config.databaseUrl;
});
afterAll(async () => {
  await mosquitto?.stop();
  if (databaseUrl) await dropDatabase(databaseUrl);
  if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
});

describe.runIf(Boolean(testPostgres()))('an instance killed under writes', () => {
  it('loses no acknowledged write; the other finishes its export, fires its due timers once, publishes its notices and goes on writing', { timeout: 600_000 }, async () => {
    const f = await instanceKill({ databaseUrl: databaseUrl!, filesDir: filesDir!, mqttUrl: mosquitto!.url, kills: 1, writeMs: 2000, exportRows: 5000 });
    expect(f.problems).toEqual([]);
    expect(f.kills).toBe(1);
    expect(f.lost).toBe(0);
    expect(f.acknowledgedWrites).toBeGreaterThan(0);
    expect(f.writesAfterKill).toBeGreaterThan(0);
    expect(f.exportsTakenOver).toBe(1);
    expect(f.timersDueAtKill).toBeGreaterThan(0);
    expect(f.timersNotOnce).toBe(0);
    expect(f.noticesNotDelivered).toBe(0);
  });
});
