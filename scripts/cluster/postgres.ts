import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL cluster of its own in a temporary directory, from Debian's `postgresql` package
 * (apt-get install postgresql), for development and tests: initdb, a server on a loopback port
 * with a socket in the same directory, trust authentication for the `pms` user, and durability
 * off (fsync, synchronous_commit: a test cluster is thrown away). PostgreSQL refuses to run as
 * root, so as root it runs as the package's `postgres` user.
 */
export interface LocalPostgres {
  /** postgres://pms@127.0.0.1:port/ — append a database name. */
  baseUrl: string;
  port: number;
  dir: string;
  /** The postmaster's process id (its backends are its children). */
  pid(): number;
  /** Creates an empty database; answers its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

function binDir(): string {
  if (process.env.PMS_PG_BIN) return process.env.PMS_PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set PMS_PG_BIN to the folder of pg_ctl)');
  return path.join(root, versions[0]!, 'bin');
}

const asRoot = () => process.getuid?.() === 0;

function spawnAsOwner(bin: string, args: string[]) {
  const [command, all] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return spawnSync(command, all, { encoding: 'utf8', cwd: os.tmpdir() });
}

function run(bin: string, args: string[]): void {
  const result = spawnAsOwner(bin, args);
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
}

/**
 * keep: the cluster in `dir` outlives stop() (a bench's big database, loaded once): started
 * again from its data folder when one is there, initialised otherwise; stop() leaves it.
 * settings: more `-c name=value` for the server (e.g. shared_buffers).
 */
export function startPostgres(port: number, options: { dir?: string; maxConnections?: number; keep?: boolean; settings?: string[] } = {}): LocalPostgres {
  const bin = binDir();
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pms-pg-'));
  fs.mkdirSync(dir, { recursive: true });
  if (asRoot()) execFileSync('chown', ['-R', 'postgres', dir]);
  const data = path.join(dir, 'data');
  if (!(options.keep && fs.existsSync(path.join(data, 'PG_VERSION')))) run(path.join(bin, 'initdb'), ['-D', data, '-U', 'pms', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  // A kept cluster still running from a run that was killed: stopped, to start on this port.
  else if (spawnAsOwner(path.join(bin, 'pg_ctl'), ['-D', data, 'status']).status === 0) run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    `-c max_connections=${options.maxConnections ?? 200}`,
    ...(options.settings ?? []).map((setting) => `-c ${setting}`),
  ].join(' ');
  run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', settings, '-l', path.join(dir, 'postgres.log'), '-w', 'start']);
  const baseUrl = `postgres://pms@127.0.0.1:${port}/`;
  return {
    baseUrl,
    port,
    dir,
    pid: () => Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: `${baseUrl}postgres` });
      await client.connect();
      try {
        await client.query(`create database "${name}"`);
      } finally {
        await client.end();
      }
      return `${baseUrl}${name}`;
    },
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        if (!options.keep) fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
