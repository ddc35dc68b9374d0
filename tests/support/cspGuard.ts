import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { describeOpenPages, takeCspViolations } from './browser.ts';

// Setup file of the browser tests: a test during which a page broke the Content-Security-Policy
// fails, whether or not it watches the page's problems itself (afterAll catches the file's hooks).
function failOnViolations() {
  const violations = takeCspViolations();
  if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
}
afterEach(failOnViolations);
afterAll(failOnViolations);

// A failed test prints what its pages showed then (before the file's hooks close them).
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-failed-test-'));
    console.log(`The pages when "${task.name}" failed:\n${await describeOpenPages(dir)}`);
  });
});
