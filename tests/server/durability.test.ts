import { describe, expect, it } from 'vitest';
import { crashDurability } from '../support/crash.ts';
import { testPostgres } from '../support/postgresDatabases.ts';

// The fast part of crash durability; `npm run verify:reliability` runs 30 kills. It kills a server
// on its SQLite file and reads that file as the crash left it: the PostgreSQL pass has its own
// kill test (two-instances-kill), so it does not run this one again on SQLite.
describe.skipIf(Boolean(testPostgres()))('crash durability', () => {
  it('keeps every acknowledged write and a sound database through SIGKILLs of the server while clients write', { timeout: 600_000 }, async () => {
    const figures = await crashDurability({ kills: 3 });
    expect(figures.problems).toEqual([]);
    expect(figures).toMatchObject({ kills: 3, lost: 0, integrityFailures: 0 });
    expect(figures.acknowledgedWrites).toBeGreaterThan(0);
  });
});
