import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { freePort } from '../../tests/support/server.ts';

const ROOT = path.join(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  pid: number;
  dataDir: string;
  /** The PostgreSQL database it serves (PMS_DATABASE_URL), or none for SQLite in dataDir. */
  databaseUrl?: string;
  /** Resident memory of the server process now, in MB (VmRSS of /proc/<pid>/status). */
  rssMb(): number;
  /** Peak resident memory since start, in MB (VmHWM). */
  peakRssMb(): number;
  /**
   * Memory after a full garbage collection (asked through the process's inspector): what the
   * server keeps. RSS read at a random moment of a busy server lands anywhere on the collector's
   * saw-tooth (here ~340 to ~530 MB under 10,000 calls a second), so it cannot tell growth.
   */
  settledMemory(): Promise<{ rssMb: number; heapMb: number }>;
  /** CPU time the process has used since start, in ms (user + system of /proc/<pid>/stat): unlike requests per second, hardly moved by other load on the machine. */
  cpuMs(): number;
  stop(): Promise<void>;
}

function cpuMsOf(pid: number): number {
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in clock ticks (100 a second).
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time of a process and its children now, in ms: PostgreSQL's postmaster and its backends.
 * A child that exited in between is not counted; a pool's backends stay for the whole run.
 */
export function processTreeCpuMs(rootPid: number): number {
  let total = cpuMsOf(rootPid);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === rootPid) total += cpuMsOf(Number(entry));
    } catch {
      // The process ended while the folder was read.
    }
  }
  return total;
}

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 102.4) / 10;
}

/** Calls the inspector's methods one after another over one connection and answers their results. */
async function inspectorCalls(url: string, methods: string[]): Promise<unknown[]> {
  const socket = new WebSocket(url);
  try {
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const results: unknown[] = [];
    for (const [i, method] of methods.entries()) {
      results.push(
        await new Promise((resolve, reject) => {
          const onMessage = (data: WebSocket.RawData) => {
            const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
            if (message.id !== i) return;
            socket.off('message', onMessage);
            if (message.error) reject(new Error(`${method}: ${message.error.message}`));
            else resolve(message.result);
          };
          socket.on('message', onMessage);
          socket.send(JSON.stringify({ id: i, method }));
        }),
      );
    }
    return results;
  } finally {
    socket.close();
  }
}

/**
 * The real server (`server/main.ts`) as a child process on a free loopback port, so that its
 * memory and CPU are its own and the load generator does not share its event loop. dataDir:
 * an existing database to serve (kept), or none for a fresh demo database (removed on stop).
 * databaseUrl: PostgreSQL instead (dataDir then holds the instance's own files).
 */
export async function startServerProcess(options: { dataDir?: string; databaseUrl?: string; env?: Record<string, string>; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const own = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pms-load-'));
  const port = await freePort();
  // The inspector on a free loopback port, for settledMemory; no client is attached otherwise.
  const child: ChildProcess = spawn(process.execPath, ['--inspect=127.0.0.1:0', ...(options.nodeArgs ?? []), ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      PORT: String(port),
      HOST: '127.0.0.1',
      PMS_PUBLIC_URL: `http://127.0.0.1:${port}`,
      PMS_DATA_DIR: dataDir,
      ...(options.databaseUrl ? { PMS_DATABASE_URL: options.databaseUrl } : {}),
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
  const inspectorUrl = output.match(/Debugger listening on (ws:\/\/\S+)/)?.[1];
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    dataDir,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    rssMb: () => statusMb(pid, 'VmRSS'),
    peakRssMb: () => statusMb(pid, 'VmHWM'),
    async settledMemory() {
      if (!inspectorUrl) throw new Error(`the server's inspector address is not in its output:\n${output}`);
      const [, usage] = await inspectorCalls(inspectorUrl, ['HeapProfiler.collectGarbage', 'Runtime.getHeapUsage']);
      return { rssMb: statusMb(pid, 'VmRSS'), heapMb: Math.round((usage as { usedSize: number }).usedSize / 1024 / 102.4) / 10 };
    },
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
