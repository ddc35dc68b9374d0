import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRoutes, PER_ROUTE_IN_TESTS } from '../support/fuzz/fuzzRoutes.ts';
import { startFuzzServer } from '../support/fuzz/server.ts';
import type { TestServer } from '../support/server.ts';

// The second half of fuzz.test.ts's route table, in a file of its own so the two halves run on
// the suite's two workers at once (the whole table is the longest file of the suite).
let server: TestServer;

beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(() => server?.close());

describe('bad input on every API route (second half)', () => {
  it('answers every invalid input with a 4xx envelope, no 5xx, no leak and no change to the data', async () => {
    const figures = await fuzzRoutes(server, { perRoute: PER_ROUTE_IN_TESTS, part: { index: 1, of: 2 } });
    console.log(`fuzz (second half): ${figures.routesCovered}/${figures.routesInTable} routes, ${figures.inputsSent} inputs, 5xx ${figures.serverErrors}, leaks ${figures.leaks}, accepted ${figures.accepted}, database changed ${figures.databaseChanged}`);
    expect(figures.findings).toEqual([]);
    expect(figures.routesCovered).toBe(figures.routesInTable);
    expect(figures.routesInTable).toBeGreaterThan(100);
    expect(figures.fewestPerRoute).toBeGreaterThanOrEqual(PER_ROUTE_IN_TESTS);
    expect([figures.serverErrors, figures.leaks, figures.accepted, figures.databaseChanged]).toEqual([0, 0, 0, 0]);
  }, 1_200_000);
});
