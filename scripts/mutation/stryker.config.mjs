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
    // Authorisation: the route permission rules (access/authorize.ts and authenticate.ts apply them).
    'server/engine/access/guards.ts',
    // Data scope: the rule (which projects and own records a caller reaches, which conditions a row
    // meets); scope.ts only reads its facts and writes its conditions as SQL.
    'server/engine/access/dataScope.ts',
    // Workflow guards: the move's state, actor and note checks.
    'server/engine/resources/workflowGuards.ts',
    // Approval decisions: who acts, what a decision does next, and a flow's steps check.
    'server/engine/approvalRules.ts',
    'server/engine/approvals.ts:82-89',
    'server/engine/approvals.ts:98-120',
    // The schema lint's cross-checks, in pure files over small in-memory schema sets: a page's
    // actions against resources, endpoints and routes; a workflow and its approvals against the
    // resource's fields and states.
    'server/engine/actionCheck.ts',
    'server/engine/workflowCheck.ts',
    // Related columns and filters between resources.
    'server/engine/relatedCheck.ts',
    // btnCodes a page uses that its own menu entry does not offer (nor borrows).
    'server/engine/borrowCheck.ts',
    // A detail page's child-list tab: its resource, the field linking it to the record, its columns.
    'server/engine/detailTabsCheck.ts',
    // A drill page's report and route, and the report page's drillRoute that opens it.
    'server/engine/drillPageCheck.ts',
    // A calendar page's dates, labels, colours, rows and day view against its resources.
    'server/engine/calendarCheck.ts',
    // A report's conditions, durations, ratios, references, drill-down, definitions, measures over
    // another source, and its page's pivot.
    'server/engine/reportCheck.ts',
    // A list page's columns against its resource (taken out of schemaCheck.ts for this run).
    'server/engine/listColumnCheck.ts',
    // A report's source and the columns it reads (taken out of schemaCheck.ts), and the rule of what
    // is a column of a resource's table (isColumn; the rest of tables.ts writes migrations).
    'server/engine/reportSourceCheck.ts',
    'server/engine/tables.ts:51-54',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  // One: the host is shared (two cores); a run of all files takes about an hour.
  concurrency: 1,
  timeoutMS: 60_000,
  ignorePatterns: ['dist', 'reports', '.git', 'data', 'coverage'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
