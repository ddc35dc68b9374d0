import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMosquitto } from './mosquitto.ts';
import { startPostgres } from './postgres.ts';

/**
 * npm run cluster [-- N]: the scale-out path on one machine, for development and tests — a
 * PostgreSQL cluster in a temporary directory (postgres.ts), mosquitto with a WebSocket listener
 * as the external broker, and N instances (default 2) of the server on consecutive ports from
 * PORT (default 8080), sharing the database, the broker and one files folder. Ctrl-C stops all.
 * Put a load balancer in front of the ports (README "Running at scale").
 */
const count = Number(process.argv[2] ?? 2);
const firstPort = Number(process.env.PORT ?? 8080);
const pgPort = Number(process.env.PMS_CLUSTER_PG_PORT ?? 55432);
const mqttPort = Number(process.env.PMS_CLUSTER_MQTT_PORT ?? 9001);

// mosquitto first: a missing package fails before anything else is started.
const mosquitto = await startMosquitto(mqttPort);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-cluster-'));
// A folder of its own (startPostgres makes it and, as root, gives it to the postgres user, who cannot enter root's).
const postgres = startPostgres(pgPort);
const children: ChildProcess[] = [];

async function stop(): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await mosquitto.stop();
  postgres.stop();
  fs.rmSync(root, { recursive: true, force: true });
}
process.on('SIGINT', () => void stop().then(() => process.exit(0)));

const databaseUrl = await postgres.createDatabase('pms');

const files = path.join(root, 'files');
fs.mkdirSync(files);
const env = { ...process.env, PMS_DATABASE_URL: databaseUrl, PMS_MQTT_URL: mosquitto.url, PMS_FILES_DIR: files };
// The first instance migrates and seeds; the others start once it listens (they would wait on its locks anyway).
for (let i = 0; i < count; i++) {
  const port = firstPort + i;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...env, PORT: String(port), PMS_DATA_DIR: path.join(root, `instance-${i + 1}`) }, stdio: 'inherit' });
  children.push(child);
  if (i === 0) await waitFor(`http://127.0.0.1:${port}/`);
}
console.log(`PMS cluster: ${count} instances on ports ${firstPort}–${firstPort + count - 1}, PostgreSQL on ${pgPort}, mosquitto on ${mqttPort}, files in ${files}`);

async function waitFor(url: string): Promise<void> {
  for (let deadline = Date.now() + 600_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
    try {
      await fetch(url);
      return;
    } catch {
      /* not yet listening */
    }
  }
  throw new Error(`${url} did not answer within 10 minutes`);
}
