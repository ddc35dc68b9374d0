import { describe, expect, it } from 'vitest';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';

/** The lint's checks of a detail page's printed sheet (`print`), on corrupted copies of schemas/. */
const PAGE = 'workorder/pages/home_task-6-detailsTask.json';

const corrupted = lintsCorrupted();

describe('schema lint: print sheets', () => {
  it('accepts the shipped page', () => {
    expect(corrupted(PAGE, () => undefined)).toEqual([]);
  });

  it('names a printed section the page does not have, and a sheet without a title', () => {
    expect(corrupted(PAGE, (doc) => (doc.print.sections[1] = '不存在的分组'))).toEqual([`${PAGE}#/print/sections/1: the page has no section titled "不存在的分组"`]);
    expect(corrupted(PAGE, (doc) => (doc.print.title = '')).some((e) => e.includes('#/print/title'))).toBe(true);
  });
});
