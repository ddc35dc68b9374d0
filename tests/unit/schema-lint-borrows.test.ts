import { describe, expect, it } from 'vitest';
import { borrowProblems } from '../../server/engine/borrowCheck.ts';
import type { PageSchema } from '../../src/shared/schemaTypes.ts';

// The schema lint's check of btnCodes a page uses but its own menu entry does not offer, over small
// in-memory pages (issue 43: the mutation run's tests for server/engine/borrowCheck.ts).
const KNOWN = new Set(['meeting:list', 'meeting:add', 'meeting:edit', 'minutes:add', 'minutes:list', 'room:view']);
const known = (code: string) => KNOWN.has(code);
const notOffered = (code: string, menu = 'this page') =>
  `btnCode "${code}" is not among the buttons of ${menu}, so a role granted that screen alone never sees it; offer it there, or name it in "borrows" (the code stays granted under its own screen)`;
const page = (route: string, more: object) => ({ kind: 'list', route, ...more }) as unknown as PageSchema;
const meetings = page('/meetings', { buttons: [{ code: 'meeting:list' }, { code: 'meeting:add' }] });
const routes = (...pages: PageSchema[]) => new Map(pages.map((p) => [p.route, p]));

describe("btnCodes a page's menu entry does not offer", () => {
  it('codes of its own buttons, or borrowed, anywhere in the page: no problem', () => {
    const own = page('/meetings', {
      buttons: [{ code: 'meeting:list' }, { code: 'meeting:add' }],
      borrows: ['minutes:add'],
      toolbar: [{ btnCode: 'meeting:add' }],
      rowActions: [{ btnCode: ['meeting:list', 'minutes:add'] }],
    });
    expect(borrowProblems(own, routes(own), known)).toEqual([]);
  });

  it('names each code another screen offers, at its pointer, single or in a list, however deep', () => {
    const p = page('/meetings', {
      buttons: [{ code: 'meeting:list' }],
      toolbar: [{ btnCode: 'meeting:add' }],
      rowActions: [{ btnCode: ['meeting:list', 'minutes:add'] }],
      sections: [{ tabs: [{ columns: [{ field: 'name', btnCode: 'room:view' }] }] }],
    });
    expect(borrowProblems(p, routes(p), known)).toEqual([
      ['/toolbar/0/btnCode', notOffered('meeting:add')],
      ['/rowActions/0/btnCode', notOffered('minutes:add')],
      ['/sections/0/tabs/0/columns/0/btnCode', notOffered('room:view')],
    ]);
  });

  it("leaves a code no page declares to the catalogue check, and reads neither the page's buttons nor its borrows as uses", () => {
    const p = page('/meetings', { buttons: [{ code: 'meeting:list' }, { code: 'minutes:list', btnCode: 'room:view' }], borrows: ['minutes:add'], toolbar: [{ btnCode: 'meeting:fly' }] });
    expect(borrowProblems(p, routes(p), known)).toEqual([]);
  });

  it('every code a page uses is reported once, whatever the catalogue knows', () => {
    const p = page('/meetings', { buttons: [{ code: 'a' }], toolbar: [{ btnCode: ['a', 'b'] }] });
    expect(borrowProblems(p, routes(p), () => true)).toEqual([['/toolbar/0/btnCode', notOffered('b')]]);
  });

  it('a "buttons" or "borrows" key below the page is read like any other', () => {
    const p = page('/meetings', { buttons: [{ code: 'meeting:list' }], toolbar: [{ buttons: { btnCode: 'room:view' }, borrows: [{ btnCode: 'minutes:add' }] }] });
    expect(borrowProblems(p, routes(p), known)).toEqual([
      ['/toolbar/0/buttons/btnCode', notOffered('room:view')],
      ['/toolbar/0/borrows/0/btnCode', notOffered('minutes:add')],
    ]);
  });

  it('a page without buttons offers nothing of its own', () => {
    const p = page('/meetings/form', { actions: [{ btnCode: 'meeting:add' }] });
    expect(borrowProblems(p, routes(p), known)).toEqual([['/actions/0/btnCode', notOffered('meeting:add')]]);
  });

  it('a page with "permissionsOf" uses the buttons of that page, following a chain, and names it', () => {
    const form = page('/meetings/form', { permissionsOf: '/meetings/detail', actions: [{ btnCode: 'meeting:add' }, { btnCode: 'meeting:edit' }] });
    const detail = page('/meetings/detail', { permissionsOf: '/meetings' });
    expect(borrowProblems(form, routes(form, detail, meetings), known)).toEqual([['/actions/1/btnCode', notOffered('meeting:edit', '"/meetings"')]]);
    const borrowing = page('/meetings/form', { permissionsOf: '/meetings', borrows: ['meeting:edit'], actions: [{ btnCode: 'meeting:edit' }] });
    expect(borrowProblems(borrowing, routes(borrowing, meetings), known)).toEqual([]);
  });

  it('a "permissionsOf" naming no page, or a loop, ends at the last page reached', () => {
    const lost = page('/meetings/form', { permissionsOf: '/nowhere', buttons: [{ code: 'meeting:edit' }], actions: [{ btnCode: 'meeting:edit' }, { btnCode: 'meeting:add' }] });
    expect(borrowProblems(lost, routes(lost), known)).toEqual([['/actions/1/btnCode', notOffered('meeting:add')]]);
    const a = page('/a', { permissionsOf: '/b', buttons: [{ code: 'meeting:list' }], actions: [{ btnCode: 'meeting:list' }, { btnCode: 'meeting:add' }] });
    const b = page('/b', { permissionsOf: '/c', buttons: [{ code: 'meeting:add' }] });
    const c = page('/c', { permissionsOf: '/b' });
    expect(borrowProblems(a, routes(a, b, c), known)).toEqual([['/actions/0/btnCode', notOffered('meeting:list', '"/b"')]]);
  });
});
