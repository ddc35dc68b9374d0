// Mutation testing of the rules that matter most (issue 43): `npm run test:mutation`. Each mutant
// (a changed operator, condition or constant in one of the files below) runs the tests that cover
// it; a mutant that no test notices is a rule the suite does not really hold. Outside `npm test`:
// its tests run once per mutant. Scores per file go to the README.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutation/vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/shared/signature.ts',
    'server/platform/http/signature.ts',
    'server/platform/http/nonces.ts',
    'server/modules/files/markupScan.ts',
    // escapeCell only: the rest of the file streams the sheet.
    'server/platform/http/excel.ts:19-22',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  concurrency: 2,
  timeoutMS: 60_000,
  ignorePatterns: ['dist', 'reports', '.git', 'data', 'coverage'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
