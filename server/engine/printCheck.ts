import type { DetailPage } from '../../src/shared/schemaTypes.ts';

/** What is wrong with a detail page's `print` (JSON pointer, message): sections it does not have, a sheet for a public page. */
export function* printProblems(page: DetailPage): Generator<[string, string]> {
  if (!page.print) return;
  if (page.public) yield ['/print', 'a public page is read through a link: it has no print sheet'];
  const titles = new Set(page.sections.map((s) => s.title));
  for (const [i, title] of (page.print.sections ?? []).entries()) {
    if (!titles.has(title)) yield [`/print/sections/${i}`, `the page has no section titled "${title}"`];
  }
}
