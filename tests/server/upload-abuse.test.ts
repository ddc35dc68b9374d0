import { expect, it } from 'vitest';
import { runUploadAbuse } from '../support/uploadAbuse.ts';

// The fast part of `npm run verify:security`'s upload figures: every case once.
it('refuses upload abuse and leaves nothing behind: no file outside the upload folder, no temp file, only server-generated names, safe downloads', async () => {
  const figures = await runUploadAbuse(1);
  expect(figures.cases).toBeGreaterThan(35);
  expect({ ...figures, cases: 0 }).toEqual({
    cases: 0,
    filesOutsideUploadFolder: 0,
    tempFilesLeft: 0,
    storedNamesNotServerGenerated: 0,
    downloadsUnsafe: 0,
    dangerousAccepted: 0,
    unsafeDisplayNames: 0,
    unexpectedAnswers: 0,
  });
}, 60_000);
