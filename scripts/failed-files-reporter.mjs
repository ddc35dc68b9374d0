// A vitest reporter for scripts/test-browser.mjs: writes the run's test files, the failed ones and
// its count of unhandled errors to the file named by PMS_FAILED_FILES_REPORT.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FailedFilesReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const name = (m) => relative(process.cwd(), m.moduleId);
    const failed = testModules.filter((m) => m.state() === 'failed').map(name);
    writeFileSync(process.env.PMS_FAILED_FILES_REPORT, JSON.stringify({ ran: testModules.map(name), failed, unhandledErrors: unhandledErrors.length, reason }));
  }
}
