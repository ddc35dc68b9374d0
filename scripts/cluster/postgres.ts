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

function run(bin: string, args: string[]): void {
  const [command, all] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, all, { encoding: 'utf8', cwd: os.tmpdir() });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
}

export function startPostgres(port: number, options: { dir?: string; maxConnections?: number } = {}): LocalPostgres {
  const bin = binDir();
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pms-pg-'));
  if (asRoot()) execFileSync('chown', ['-R', 'postgres', dir]);
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'pms', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    `-c max_connections=${options.maxConnections ?? 200}`,
  ].join(' ');
  run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', settings, '-l', path.join(dir, 'postgres.log'), '-w', 'start']);
  const baseUrl = `postgres://pms@127.0.0.1:${port}/`;
  return {
    baseUrl,
    port,
    dir,
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
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
