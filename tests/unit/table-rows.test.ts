// The list tables' light rows (src/engine/tableRows.tsx) rendered to markup: the cells rc-table
// laid out come out as antd's cells (classes, sticky offsets, ellipsis title), and the virtual
// table's row renders only the columns near the view, the fixed ones, and spacers for the rest.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ColumnWindow, ColumnWindowProvider, TableRow, VirtualRow } from '../../src/engine/tableRows.tsx';

/** Stands for rc-table's cell components: the rows only read their elements' props. */
const RcCell = () => null;
const record = { id: 1, name: '张三', org: { title: '客服部' } };

describe('the plain table row', () => {
  it('renders each cell as antd does, with the column render over its data path', () => {
    const cells = [
      createElement(RcCell, { key: 'name', prefixCls: 'ant-table', record, index: 0, renderIndex: 0, dataIndex: ['name'], ellipsis: true, fixLeft: 0, lastFixLeft: true }),
      createElement(RcCell, { key: 'org', prefixCls: 'ant-table', record, index: 0, renderIndex: 0, dataIndex: ['org', 'title'], className: 'ant-table-column-sort', render: (v: unknown) => `【${String(v)}】` }),
      createElement(RcCell, { key: 'op', prefixCls: 'ant-table', record, index: 0, renderIndex: 0, fixRight: 0, firstFixRight: true, align: 'center', additionalProps: { className: 'extra', colSpan: 2 }, render: () => createElement('a', null, '编辑') }),
    ];
    const html = renderToStaticMarkup(createElement(TableRow, { className: 'ant-table-row', 'data-row-key': 1 } as object, cells));
    expect(html).toBe(
      '<tr data-row-key="1" class="ant-table-row pms-table-row">' +
        '<td title="张三" class="ant-table-cell ant-table-cell-fix-left ant-table-cell-fix-left-last ant-table-cell-ellipsis" style="position:sticky;left:0"><span class="ant-table-cell-content">张三</span></td>' +
        '<td class="ant-table-cell ant-table-column-sort">【客服部】</td>' +
        '<td class="ant-table-cell extra ant-table-cell-fix-right ant-table-cell-fix-right-first" colSpan="2" style="position:sticky;right:0;text-align:center"><a>编辑</a></td>' +
        '</tr>',
    );
  });
});

describe('the virtual table row', () => {
  // Ten columns of 100 px: the first fixed left, the last fixed right.
  const fixedInfoList = Array.from({ length: 10 }, (_, i) => (i === 0 ? { fixLeft: 0 } : i === 9 ? { fixRight: 0 } : {}));
  const row = (window?: ColumnWindow): string => {
    const cells = fixedInfoList.map((_, i) =>
      createElement(RcCell, { key: i, colIndex: i, record, index: 0, renderIndex: 0, rowInfo: { prefixCls: 'ant-table', fixedInfoList }, column: { width: 100, render: () => `c${i}` } }),
    );
    const body: ReactNode = createElement(VirtualRow, { className: 'ant-table-row' }, cells);
    return renderToStaticMarkup(window ? createElement(ColumnWindowProvider, { value: window }, body) : body);
  };
  const shown = (html: string) => [...html.matchAll(/>(c\d)</g)].map((m) => m[1]);
  const gaps = (html: string) => [...html.matchAll(/<div style="width:(\d+)px"><\/div>/g)].map((m) => Number(m[1]));

  it('renders every column before the table is measured', () => {
    expect(shown(row())).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9']);
    expect(shown(row(new ColumnWindow()))).toHaveLength(10);
  });

  it('renders the columns within half a view of the visible ones, the fixed ones, and one spacer a run of the others', () => {
    const window = new ColumnWindow();
    // Scrolled 400 px in a view 200 px wide: 300–800 px is rendered (rounded to 100-px margins).
    window.left = 400;
    window.width = 200;
    const html = row(window);
    expect(shown(html)).toEqual(['c0', 'c3', 'c4', 'c5', 'c6', 'c7', 'c9']);
    expect(gaps(html)).toEqual([200, 100]);
    // Every cell keeps its column's width, so the row stays as wide as the header.
    expect([...html.matchAll(/class="ant-table-cell[^"]*" style="width:100px[;"]/g)]).toHaveLength(7);
  });
});
