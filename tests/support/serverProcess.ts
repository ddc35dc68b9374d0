import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The real server as `npm start` runs it (`node --import tsx server/main.ts`), in a child
 * process, so that it can be killed the way a crash kills it: nothing of it runs afterwards.
 */
export class ServerProcess {
  readonly url: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  /** The end of the server's output, to explain a start that failed (or a refused request). */
  output = '';

  constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string> = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Starts the server and resolves once /api/auth/health answers, with the milliseconds that took (a loaded two-core machine may need minutes). */
  async start(timeoutMs = 300_000): Promise<number> {
    if (this.child) throw new Error('the server is already running');
    const started = Date.now();
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(this.port), PMS_PUBLIC_URL: this.url, PMS_DATA_DIR: this.dataDir, ...this.env },
    });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    while (Date.now() - started < timeoutMs) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${this.output}`);
      if (await this.healthy()) return Date.now() - started;
      await sleep(25);
    }
    await this.kill();
    throw new Error(`the server did not answer within ${timeoutMs} ms:\n${this.output}`);
  }

  private async healthy(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/api/auth/health`, { signal: AbortSignal.timeout(5000) })).status === 200;
    } catch {
      return false;
    }
  }

  /** SIGKILL, as a crash or the OOM killer ends a process; resolves once the process is gone. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
    this.child = undefined;
  }
}
