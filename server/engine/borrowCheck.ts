import type { PageSchema } from '../../src/shared/schemaTypes.ts';
import { guardCodes } from '../../src/shared/endpoints.ts';

/**
 * Every btnCode a page uses (actions, columns, tabs...), with its JSON pointer; the page's own
 * `buttons` are what it offers, not uses (its `borrows` are codes, not objects: nothing to find).
 * An array's entries are its indexes, so one walk covers arrays and objects.
 */
function usedCodes(value: unknown, pointer: string, out: [string, string][]): [string, string][] {
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'btnCode') for (const code of guardCodes(v as string | string[])) out.push([`${pointer}/btnCode`, code]);
      else if (!(pointer === '' && key === 'buttons')) usedCodes(v, `${pointer}/${key}`, out);
    }
  }
  return out;
}

/**
 * A button guarded by another screen's code is hidden from whoever was granted this screen
 * alone: the lint refuses a btnCode that the page's own menu entry (its buttons, or those of the
 * page named by `permissionsOf`) does not offer, unless the page names it in `borrows`. A code
 * that no page declares (`known` says no) is the catalogue check's to report: one mistake, one message.
 */
export function borrowProblems(page: PageSchema, routes: Map<string, PageSchema>, known: (code: string) => boolean): [string, string][] {
  let own = page;
  const seen = new Set<string>();
  while (own.permissionsOf && !seen.has(own.route)) {
    seen.add(own.route);
    own = routes.get(own.permissionsOf) ?? own;
  }
  const offered = new Set([...(own.buttons ?? []).map((b) => b.code), ...(page.borrows ?? [])]);
  const menu = own === page ? 'this page' : `"${own.route}"`;
  return usedCodes(page, '', [])
    .filter(([, code]) => known(code) && !offered.has(code))
    .map(([pointer, code]) => [pointer, `btnCode "${code}" is not among the buttons of ${menu}, so a role granted that screen alone never sees it; offer it there, or name it in "borrows" (the code stays granted under its own screen)`]);
}
