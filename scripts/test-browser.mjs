// The browser tests (`npm run test:browser`). On CI (`CI=true`) a file with a failed test runs
// once more, whole, in a new vitest process: a new server with fresh demo data and a new
// chromium. The journeys of a file build on each other's data (one adds the staff member the
// next deletes), so retrying a single test on the server its first try had changed could
// only fail again. A file that fails twice fails the run. Arguments go to vitest (file filters).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'pms-browser-tests-'));

/** Runs vitest's browser project over `files`; the files with a failed test, [] when all passed. */
function run(files, report) {
  const output = join(dir, report);
  const { status } = spawnSync('npx', ['vitest', 'run', '--project', 'browser', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, ...files], { stdio: 'inherit' });
  if (status === 0) return [];
  let results;
  try {
    results = JSON.parse(readFileSync(output, 'utf8')).testResults;
  } catch {
    // No report (vitest itself failed): nothing to retry file by file.
    return null;
  }
  const failed = results.filter((file) => file.status !== 'passed').map((file) => relative(process.cwd(), file.name));
  // A non-zero exit with every file passed is an error outside the tests (e.g. an unhandled rejection).
  return failed.length ? failed : null;
}

let failed = run(process.argv.slice(2), 'first.json');
if (failed?.length && process.env.CI) {
  console.log(`\nRetrying ${failed.length} browser test file(s) with a fresh server: ${failed.join(', ')}\n`);
  failed = run(failed, 'retry.json');
  if (failed?.length === 0) console.log('\nThe retried files passed (reported above as failed on their first run).');
}
rmSync(dir, { recursive: true, force: true });
process.exit(failed?.length === 0 ? 0 : 1);
