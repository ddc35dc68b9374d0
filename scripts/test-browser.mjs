// The browser tests (`npm run test:browser`). On CI (`CI=true`) a file with a failed test runs
// once more, whole, in a new vitest process: a new server with fresh demo data and a new
// chromium. The journeys of a file build on each other's data (one adds the staff member the
// next deletes), so retrying a single test on the server its first try had changed could
// only fail again. A file that fails twice fails the run, and so does any unhandled error
// (never retried: it may come from a file that passed). Arguments go to vitest (file filters).
//
// A retry hides a race, so it is not forgotten (issue 43): the files that needed one are listed
// at the end of the output and kept in .ci/retried-browser-files.txt, a tracked file the session
// commits with its work and the next one reads. A file already on that list that needs a retry
// again fails the run; a file that passes at the first try leaves the list.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'pms-browser-tests-'));
const reporter = new URL('./failed-files-reporter.mjs', import.meta.url).pathname;
const RETRIED = new URL('../.ci/retried-browser-files.txt', import.meta.url).pathname;
const HEADER = '# Browser test files that needed a retry in the last CI run (scripts/test-browser.mjs): a race to fix.\n';

/** Runs vitest's browser project over `files`: what ran and failed; failed is null when a retry cannot help. */
function run(files, name) {
  const report = join(dir, name);
  const { status } = spawnSync('npx', ['vitest', 'run', '--project', 'browser', '--reporter=default', `--reporter=${reporter}`, ...files], {
    stdio: 'inherit',
    env: { ...process.env, PMS_FAILED_FILES_REPORT: report },
  });
  let result;
  try {
    result = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    return { ran: [], failed: null }; // no report: vitest itself failed
  }
  if (status === 0) return { ran: result.ran, failed: [] };
  return { ran: result.ran, failed: result.unhandledErrors === 0 && result.reason === 'failed' && result.failed.length ? result.failed : null };
}

const readList = () => (existsSync(RETRIED) ? readFileSync(RETRIED, 'utf8').split('\n').filter((line) => line && !line.startsWith('#')) : []);

const previous = readList();
const first = run(process.argv.slice(2), 'first.json');
let failed = first.failed;
let retried = [];
if (failed?.length && process.env.CI) {
  console.log(`\nRetrying ${failed.length} browser test file(s) with a fresh server: ${failed.join(', ')}\n`);
  retried = failed;
  failed = run(failed, 'retry.json').failed;
}
rmSync(dir, { recursive: true, force: true });

const passedAfterRetry = failed?.length === 0 ? retried : [];
const again = passedAfterRetry.filter((file) => previous.includes(file));
if (process.env.CI && failed !== null) {
  // Files this run did not cover keep their entry; the ones it ran are listed only if they needed the retry.
  const kept = [...previous.filter((file) => !first.ran.includes(file)), ...passedAfterRetry].sort();
  if (kept.length) writeFileSync(RETRIED, HEADER + kept.map((file) => `${file}\n`).join(''));
  else rmSync(RETRIED, { force: true });
}
if (passedAfterRetry.length) {
  const line = '='.repeat(78);
  console.log(`\n${line}\nBROWSER FILES THAT PASSED ONLY ON A RETRY (a race to fix; kept in .ci/retried-browser-files.txt):`);
  for (const file of passedAfterRetry) console.log(`  ${file}${previous.includes(file) ? '   <- also in the previous run: fails this run' : ''}`);
  console.log(line);
}
if (again.length) console.log(`\n${again.length} file(s) needed a retry twice in a row: the run fails.`);
process.exit(failed?.length === 0 && !again.length ? 0 : 1);
