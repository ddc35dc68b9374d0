import { describe, expect, it } from 'vitest';
import { linkHref } from '../../src/engine/linkCell.ts';

describe('link cells', () => {
  it("open the row's own record, or the one a reference names, by the page's :id or its query parameter", () => {
    const row = { id: 7, sheet_id: 42, code: 'WO-1' };
    expect(linkHref({ to: '/business-settings/bulletins/detail/:id' }, row)).toBe('/business-settings/bulletins/detail/7');
    expect(linkHref({ to: '/home_task/detailsTask' }, row)).toBe('/home_task/detailsTask?id=7');
    expect(linkHref({ to: '/performanceManagement/list/detail', by: 'sheet_id' }, row)).toBe('/performanceManagement/list/detail?id=42');
    expect(linkHref({ to: '/quest-detail', param: 'questId' }, row)).toBe('/quest-detail?questId=7');
  });

  it('open nothing when the row names no record, and keep an id with odd characters inside its parameter', () => {
    expect(linkHref({ to: '/x/:id', by: 'sheet_id' }, { id: 1, sheet_id: null })).toBeNull();
    expect(linkHref({ to: '/x', by: 'code' }, { code: '' })).toBeNull();
    expect(linkHref({ to: '/x', by: 'code' }, { code: 'a&b=c' })).toBe('/x?id=a%26b%3Dc');
  });
});
