// The test browser's --disable-features (tests/support/browser.ts) replaces playwright-core's own,
// as chromium reads only the last: it must still hold every feature playwright-core turns off.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DISABLED_FEATURES } from '../support/browser.ts';

it("turns off every chromium feature playwright-core turns off, and chromium's omnibox popup", () => {
  const root = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = fs.readFileSync(path.join(root, 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  expect(list, "playwright-core's list of disabled features").toBeDefined();
  const theirs = [...list!.matchAll(/^\s*"(\w+)"/gm)].map((m) => m[1]);
  expect(theirs.length).toBeGreaterThan(5);
  expect(theirs.filter((f) => !DISABLED_FEATURES.includes(f!))).toEqual([]);
  expect(DISABLED_FEATURES).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
});
