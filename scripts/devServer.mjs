// The reference server of `npm run dev` (issue 41): one server process at a time, restarted when
// server/ or schemas/ change, and only once the schemas pass the one validator
// (scripts/lint-schemas.ts, server/engine/schemaCheck.ts). A schema mistake leaves the running
// server serving the last good schemas and puts the validator's message in the state file, which
// Vite shows in its error overlay (vite.config.ts, devStatePlugin); while the server restarts the
// proxy answers 正在重新加载. No `node --watch`: its nested watcher stopped reacting after a few
// restarts. The watch here lives in this one process and never starts another.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Where the dev loop says how it is: { state: 'starting' | 'ok' | 'error', errors: string[] }. */
export const defaultStateFile = path.join(ROOT, 'node_modules/.pms-dev/state.json');

/** Runs a node script with tsx; resolves with its exit code and what it wrote to stderr. */
function runTs(script, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code: code ?? 1, stderr }));
  });
}

/**
 * Starts the dev loop: `env` is the server's environment (PORT, PMS_SCHEMAS_DIR, PMS_DATA_DIR…).
 * Returns { ready, reloaded, stop }: `ready` resolves when the first server listens, `reloaded()`
 * when the reloads asked for so far are done.
 */
export function startDevServer({ env = process.env, stateFile = defaultStateFile, log = (line) => console.log(line), stdio = 'inherit' } = {}) {
  const schemasDir = env.PMS_SCHEMAS_DIR ? path.resolve(env.PMS_SCHEMAS_DIR) : path.join(ROOT, 'schemas');
  let server;
  let stopped = false;
  let running = Promise.resolve();
  let queued = false;

  const writeState = (state, errors = []) => {
    fs.mkdirSync(path.dirname(stateFile), { recursive: true });
    fs.writeFileSync(stateFile, JSON.stringify({ state, errors, at: Date.now() }));
  };

  /** Starts the server and resolves once it listens (or with its errors if it exits first). */
  const startServer = () =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      server = child;
      let stderr = '';
      let listening = false;
      child.stdout.on('data', (d) => {
        if (stdio === 'inherit') process.stdout.write(d);
        if (!listening && String(d).includes('PMS is running at')) {
          listening = true;
          resolve([]);
        }
      });
      child.stderr.on('data', (d) => {
        if (stdio === 'inherit') process.stderr.write(d);
        stderr += d;
      });
      child.on('exit', (code) => {
        if (server === child) server = undefined;
        if (!listening) resolve([stderr.trim() || `the server exited (${code})`]);
        else if (!stopped && code) writeState('error', [`the server stopped (${code}): ${stderr.trim().split('\n').slice(-5).join('\n')}`]);
      });
    });

  const stopServer = () =>
    new Promise((resolve) => {
      const child = server;
      if (!child || child.exitCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => (clearTimeout(kill), resolve()));
      child.kill('SIGTERM');
    });

  /** One reload: validate, then replace the server; a refused change keeps the old one serving. */
  async function reload(first) {
    if (!first) {
      const lint = await runTs('scripts/lint-schemas.ts', { ...env, PMS_SCHEMAS_DIR: schemasDir });
      if (lint.code !== 0) {
        const errors = lint.stderr.trim().split('\n').filter(Boolean);
        writeState('error', errors);
        log(`[dev] schemas refused, the server keeps the last good ones:\n${errors.join('\n')}`);
        return;
      }
    }
    writeState('starting');
    await stopServer();
    if (stopped) return;
    const errors = await startServer();
    writeState(errors.length ? 'error' : 'ok', errors);
    log(errors.length ? `[dev] the server did not start:\n${errors.join('\n')}` : '[dev] server ready');
  }

  /** Reloads one after another; changes during a reload make one more. */
  function schedule(first = false) {
    if (queued) return running;
    queued = true;
    running = running.then(() => {
      queued = false;
      return stopped ? undefined : reload(first);
    });
    return running;
  }

  let timer;
  const changed = (file) => {
    if (file && /(^|[\\/])(node_modules|\.git)([\\/]|$)|~$|\.swp$/.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => schedule(), 300);
  };
  const watchers = [schemasDir, path.join(ROOT, 'server')].map((dir) => fs.watch(dir, { recursive: true }, (_, file) => changed(file)));
  const ready = schedule(true);

  return {
    ready,
    /** Resolves when every change seen so far has been handled (after the debounce). */
    reloaded: async () => {
      await new Promise((r) => setTimeout(r, 400));
      await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      watchers.forEach((w) => w.close());
      await running.catch(() => undefined);
      await stopServer();
    },
  };
}
