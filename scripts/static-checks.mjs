// The static stage of `npm test`: type check, lint, schema lint, import boundaries and the web
// build. Each is one process that keeps one core busy, so they run two at a time (the machines
// that run the suite have two cores), longest first; each one's output is printed whole when it
// ends, and the stage fails if any of them failed, after all have ended.
import { spawn } from 'node:child_process';
import os from 'node:os';

const CHECKS = ['typecheck', 'lint', 'build', 'lint:schemas', 'lint:deps'];
const parallel = Math.max(1, Math.min(2, os.availableParallelism()));

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> npm run ${script} (${code === 0 ? 'passed' : `FAILED, exit ${code}`}, ${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...CHECKS];
const results = [];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (queue.length) results.push(await run(queue.shift()));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
