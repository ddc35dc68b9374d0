import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../tests/support/server.ts';

const ROOT = path.join(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  pid: number;
  dataDir: string;
  /** Resident memory of the server process now, in MB (VmRSS of /proc/<pid>/status). */
  rssMb(): number;
  /** Peak resident memory since start, in MB (VmHWM). */
  peakRssMb(): number;
  /** CPU time the process has used since start, in ms (user + system of /proc/<pid>/stat): unlike requests per second, hardly moved by other load on the machine. */
  cpuMs(): number;
  stop(): Promise<void>;
}

function cpuMsOf(pid: number): number {
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in clock ticks (100 a second).
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 102.4) / 10;
}

/**
 * The real server (`server/main.ts`) as a child process on a free loopback port, so that its
 * memory and CPU are its own and the load generator does not share its event loop. dataDir:
 * an existing database to serve (kept), or none for a fresh demo database (removed on stop).
 */
export async function startServerProcess(options: { dataDir?: string; env?: Record<string, string>; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const own = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pms-load-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      PORT: String(port),
      HOST: '127.0.0.1',
      PMS_PUBLIC_URL: `http://127.0.0.1:${port}`,
      PMS_DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${output}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('PMS is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code ?? signal}:\n${output}`));
    });
  });
  const pid = child.pid!;
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    dataDir,
    rssMb: () => statusMb(pid, 'VmRSS'),
    peakRssMb: () => statusMb(pid, 'VmHWM'),
    cpuMs: () => cpuMsOf(pid),
    async stop() {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
      if (own) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
