// The browser tests (`npm run test:browser`). On CI (`CI=true`) a file with a failed test runs
// once more, whole, in a new vitest process: a new server with fresh demo data and a new
// chromium. The journeys of a file build on each other's data (one adds the staff member the
// next deletes), so retrying a single test on the server its first try had changed could
// only fail again. A file that fails twice fails the run, and so does any unhandled error
// (never retried: it may come from a file that passed). Arguments go to vitest (file filters).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'pms-browser-tests-'));
const reporter = new URL('./failed-files-reporter.mjs', import.meta.url).pathname;

/** Runs vitest's browser project over `files`: the files to run again, [] when all passed, null when a retry cannot help. */
function run(files, name) {
  const report = join(dir, name);
  const { status } = spawnSync('npx', ['vitest', 'run', '--project', 'browser', '--reporter=default', `--reporter=${reporter}`, ...files], {
    stdio: 'inherit',
    env: { ...process.env, PMS_FAILED_FILES_REPORT: report },
  });
  if (status === 0) return [];
  let result;
  try {
    result = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    return null; // no report: vitest itself failed
  }
  return result.unhandledErrors === 0 && result.reason === 'failed' && result.failed.length ? result.failed : null;
}

let failed = run(process.argv.slice(2), 'first.json');
if (failed?.length && process.env.CI) {
  console.log(`\nRetrying ${failed.length} browser test file(s) with a fresh server: ${failed.join(', ')}\n`);
  failed = run(failed, 'retry.json');
  if (failed?.length === 0) console.log('\nThe retried files passed (reported above as failed on their first run).');
}
rmSync(dir, { recursive: true, force: true });
process.exit(failed?.length === 0 ? 0 : 1);
