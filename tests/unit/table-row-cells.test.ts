// @vitest-environment jsdom
// A list table's cells are rendered once when it mounts (src/engine/tableRows.tsx RowCells): rc-table
// sets the column widths it measured from layout effects right after mounting, which renders every
// row again with the same cells. A cell whose record changes is rendered anew; selecting a row
// renders only its selection cell.
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../../src/engine/DataTable.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// antd asks for media queries (the pager's size) and observes sizes; jsdom has neither.
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as never;

describe('the light rows of a list table', () => {
  it('renders each cell once as the table mounts, and again only the cells whose record changed', async () => {
    const shown: string[] = [];
    const columns = [
      { key: 'name', dataIndex: 'name', title: '姓名', render: (v: string) => (shown.push(v), v) },
      { key: 'phone', dataIndex: 'phone', title: '电话' },
    ];
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i, name: `住户${i}`, phone: `1380000000${i}` }));
    const box = document.createElement('div');
    document.body.append(box);
    const root = createRoot(box);
    const table = (dataSource: typeof rows, selected: number[] = []) =>
      createElement(DataTable<(typeof rows)[number]>, { rowKey: 'id', columns, dataSource, scroll: { x: 'max-content' }, pagination: false, rowSelection: { selectedRowKeys: selected } });

    await act(async () => root.render(table(rows)));
    expect(box.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(10);
    expect(shown).toEqual(rows.map((r) => r.name));

    shown.length = 0;
    const changed = rows.map((r) => (r.id === 3 ? { ...r, name: '住户三' } : r));
    await act(async () => root.render(table(changed)));
    expect(shown).toEqual(['住户三']);
    expect(box.querySelector('tbody tr[data-row-key="3"] td:nth-child(2)')!.textContent).toBe('住户三');

    // Selecting a row renders its checkbox and class anew, not the other cells.
    shown.length = 0;
    await act(async () => root.render(table(changed, [5])));
    expect(shown).toEqual([]);
    expect(box.querySelector('tbody tr[data-row-key="5"]')!.classList).toContain('ant-table-row-selected');
    expect(box.querySelectorAll('tbody .ant-checkbox-checked')).toHaveLength(1);
    await act(async () => root.unmount());
  });
});
