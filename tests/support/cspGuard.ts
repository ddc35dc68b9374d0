import { afterAll, afterEach } from 'vitest';
import { takeCspViolations } from './browser.ts';

// Setup file of the browser tests: a test during which a page broke the Content-Security-Policy
// fails, whether or not it watches the page's problems itself (afterAll catches the file's hooks).
function failOnViolations() {
  const violations = takeCspViolations();
  if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
}
afterEach(failOnViolations);
afterAll(failOnViolations);
