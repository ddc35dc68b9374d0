// The test stages of `npm test` after the static checks: the unit and server files (two workers),
// then the server files that exercise the SQL dialect seam on PostgreSQL (POSTGRES_CORE), beside
// the browser files (one at a time, scripts/test-browser.mjs). A browser file
// leaves about a third of the two cores idle (the page waits for the server, the server for the
// page), and the server files fill it: run one after the other, the two stages took 460 s + 1,036 s.
//
// The browser stage prints as it goes; the unit and server stage's output is kept and printed
// whole when it ends, so the two never interleave. Both share one folder of template databases
// (tests/support/templateDatabase.ts, TEMPLATES_ENV), so the demo database is seeded once. The run
// fails if any stage fails; each stage runs to its end either way, so one run reports all.
//
// PostgreSQL: the whole server suite on it (npm run test:pg) is about as long again as on SQLite,
// which two cores cannot add to npm test's 25 minutes; CI runs it after npm test (.ci/run). Here
// run the files where the two databases answer through different SQL (dialect.ts) or where several
// instances share one database: what a change is most likely to break on one of them only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const templates = mkdtempSync(join(tmpdir(), 'pms-test-templates-'));
const env = { ...process.env, PMS_TEST_TEMPLATES: templates };

const POSTGRES_CORE = [
  'resources', // filters, sorting, JSON fields, unique checks, capped counts
  'list-answers', // the list and count caches and their data version
  'text-search', // ILIKE and its escapes
  'reports', // day and month buckets, rounding, the one-scan report
  'taskreports', // report jobs and background exports (leases)
  'json-shapes',
  'scope', // data scope of every list
  'approval', // row locks of concurrent decisions
  'commission', // a pool's balance under concurrent writes
  'timers', // advisory-locked timers
  'two-instances', // one database, two instances, one broker
  'prepared-statements', // the pool's named statements (PostgreSQL only)
  // two-instances-kill (two server processes and their writers, a minute) runs in CI's whole pass.
].map((name) => `tests/server/${name}.test.ts`);

/**
 * Runs `npm run <script>`. `yielding` stages run at a lower priority (nice 5): the browser stage is
 * the longest and waits on its page and server in turn, so it should have a core whenever it can
 * use one; the server files take what it leaves (they ended 110 s before it, both at full load).
 */
function stage(script, { keepOutput, args = [], yielding = false }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const command = ['npm', 'run', '--silent', script, ...(args.length ? ['--', ...args] : [])];
    const child = spawn(yielding ? 'nice' : command[0], yielding ? ['-n', '5', ...command] : command.slice(1), { env, stdio: keepOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
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

const serverStages = async () => [await stage('test:unit', { keepOutput: true, yielding: true }), await stage('test:pg', { keepOutput: true, args: POSTGRES_CORE, yielding: true })];
const results = (await Promise.all([serverStages(), stage('test:browser', { keepOutput: false }).then((passed) => [passed])])).flat();
rmSync(templates, { recursive: true, force: true });
process.exit(results.every(Boolean) ? 0 : 1);
