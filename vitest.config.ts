import { defineConfig } from 'vitest/config';
import { pageMetaPlugin } from './vite.config.ts';

export default defineConfig({
  // Unit tests import the route table, which reads page schemas' routing keys (`?meta`).
  plugins: [pageMetaPlugin()],
  // Node loads antd's CommonJS build (lib/), whose rc-table has its own table context: the light
  // rows (src/engine/tableRows.tsx) must read that one there, as they read the ES one in the app.
  resolve: { alias: { 'rc-table/es/context/TableContext': 'rc-table/lib/context/TableContext' } },
  test: {
    projects: [
      // The schema lint runs the meta-schema generator and a child process: seconds, not milliseconds.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { extends: true, test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          setupFiles: ['tests/support/cspGuard.ts', 'tests/support/failureReport.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // What a user waits for may take seconds on a loaded machine; a poll gives up after 10 s, not 1 s.
          expect: { poll: { timeout: 10_000 } },
          // Two cores: one chromium at a time keeps the figures steady and the run reliable.
          fileParallelism: false,
          // No retry of a single test: on CI a file with a failure runs again whole, with a fresh
          // server (scripts/test-browser.mjs).
        },
      },
    ],
  },
});
