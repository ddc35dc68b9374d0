import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';

/**
 * mosquitto (Debian's package, apt-get install mosquitto) as the external broker of the
 * scale-out path, for development and tests: a WebSocket listener for browsers and services
 * alike, anonymous on loopback only, nothing persisted.
 */
export interface Mosquitto {
  /** ws://127.0.0.1:port, without credentials. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startMosquitto(port?: number): Promise<Mosquitto> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-mosquitto-'));
  const wsPort = port ?? (await freePort());
  // mosquitto 2.0 starts no listener at all with only a WebSocket one: a plain one beside it.
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(conf, [`listener ${await freePort()} 127.0.0.1`, `listener ${wsPort} 127.0.0.1`, 'protocol websockets', 'allow_anonymous true', 'persistence false', 'log_dest stderr', ''].join('\n'));
  const broker = spawn(process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => broker.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      let log = '';
      broker.stderr!.on('data', (chunk) => {
        log += chunk;
        if (log.includes(' running')) resolve();
      });
      broker.once('error', (error) => reject(new Error(`mosquitto did not start (apt-get install -y mosquitto, or MOSQUITTO_PATH): ${error.message}`)));
      broker.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${log}`)));
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `ws://127.0.0.1:${wsPort}`,
    port: wsPort,
    async stop() {
      broker.kill();
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
