// The test stages of `npm test` after the static checks: the unit and server files (two workers)
// and the browser files (one at a time, scripts/test-browser.mjs) run side by side. A browser file
// leaves about a third of the two cores idle (the page waits for the server, the server for the
// page), and the server files fill it: run one after the other, the two stages took 460 s + 1,036 s.
//
// The browser stage prints as it goes; the unit and server stage's output is kept and printed
// whole when it ends, so the two never interleave. Both share one folder of template databases
// (tests/support/templateDatabase.ts, TEMPLATES_ENV), so the demo database is seeded once. The run
// fails if either stage fails; each stage runs to its end either way, so one run reports both.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const templates = mkdtempSync(join(tmpdir(), 'pms-test-templates-'));
const env = { ...process.env, PMS_TEST_TEMPLATES: templates };

function stage(script, { keepOutput }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { env, stdio: keepOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (keepOutput) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const line = '='.repeat(78);
      process.stdout.write(`\n${line}\nnpm run ${script}: ${code === 0 ? 'passed' : `FAILED, exit ${code}`} in ${seconds} s\n${line}\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([stage('test:unit', { keepOutput: true }), stage('test:browser', { keepOutput: false })]);
rmSync(templates, { recursive: true, force: true });
process.exit(results.every(Boolean) ? 0 : 1);
