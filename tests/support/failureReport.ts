import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach } from 'vitest';
import { describeOpenPages } from './browser.ts';

// Setup file of the browser tests: a failed test prints what its pages showed then (before the
// file's hooks close them), with screenshots, so a failure on CI says more than its assertion.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-failed-test-'));
    console.log(`The pages when "${task.name}" failed:\n${await describeOpenPages(dir)}`);
  });
});
