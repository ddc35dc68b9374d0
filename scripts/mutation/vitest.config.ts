import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config.ts';

// The tests that judge the rules under mutation (scripts/mutation/stryker.config.mjs). One project,
// as Stryker's runner expects, of unit files that hold each rule at its edges: every mutant runs
// them, so a server file (a server start each) would make a run of hours.
const { projects: _projects, ...shared } = base.test ?? {};
export default mergeConfig({ ...base, test: shared }, defineConfig({
  test: {
    // PMS_MUTATION_TESTS (comma-separated) narrows a run over one file to the tests that hold it.
    include: process.env.PMS_MUTATION_TESTS?.split(',') ?? [
      'tests/unit/server-sign.test.ts',
      'tests/unit/signature-check.test.ts',
      'tests/unit/nonce-store.test.ts',
      'tests/unit/excel-rows.test.ts',
      'tests/unit/markup-scan.test.ts',
      'tests/unit/route-guards.test.ts',
      'tests/unit/workflow-guards.test.ts',
      'tests/unit/data-scope.test.ts',
      'tests/unit/data-scope-rule.test.ts',
      'tests/unit/approval-rules.test.ts',
      'tests/unit/schema-lint-actions.test.ts',
      'tests/unit/schema-lint-workflow.test.ts',
      'tests/unit/schema-lint-related.test.ts',
      'tests/unit/schema-lint-borrows.test.ts',
      'tests/unit/schema-lint-child-tabs.test.ts',
      'tests/unit/schema-lint-drill.test.ts',
      'tests/unit/schema-lint-calendar-rules.test.ts',
      'tests/unit/schema-lint-report-rules.test.ts',
      'tests/unit/schema-lint-list-columns.test.ts',
      'tests/unit/schema-lint-report-columns.test.ts',
    ],
    environment: 'node',
    // Modules kept between the runs of one runner: a mutant is switched on at run time, so
    // nothing needs importing again (a run per mutant took 40 s on a loaded host).
    isolate: false,
    testTimeout: 30_000,
  },
}));
