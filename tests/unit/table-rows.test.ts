// The list tables' light rows (src/engine/tableRows.tsx) rendered to markup: the cells of the
// columns rc-table laid out come out as antd's cells (classes, sticky offsets, ellipsis title), and the virtual
// table's row renders only the columns near the view, the fixed ones, and spacers for the rest.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../../src/engine/DataTable.tsx';
import { ColumnWindow, ColumnWindowProvider, VirtualRow } from '../../src/engine/tableRows.tsx';

/** Stands for rc-table's cell components: the rows only read their elements' props. */
const RcCell = () => null;
const record = { id: 1, name: '张三', org: { title: '客服部' } };

/** The body rows of a DataTable rendered to markup (rc-table's measure row left out). */
function bodyRows(props: object): string {
  const html = renderToStaticMarkup(createElement(DataTable, { rowKey: 'id', pagination: false, scroll: { x: 'max-content' }, ...props }));
  return html.slice(html.indexOf('<tbody'), html.indexOf('</tbody>')).replace(/<tr aria-hidden="true" class="ant-table-measure-row".*?<\/tr>/, '');
}

describe('the plain table row', () => {
  it('renders each cell as antd does, with the column render over its data path', () => {
    const columns = [
      { key: 'name', dataIndex: 'name', title: '姓名', ellipsis: true, fixed: 'left' },
      { key: 'org', dataIndex: ['org', 'title'], title: '部门', className: 'dept', render: (v: unknown) => `【${String(v)}】` },
      { key: 'op', title: '操作', width: 120, fixed: 'right', align: 'center', onCell: () => ({ className: 'extra', colSpan: 2 }), render: () => createElement('a', null, '编辑') },
    ];
    expect(bodyRows({ columns, dataSource: [record] })).toBe(
      '<tbody class="ant-table-tbody">' +
        '<tr data-row-key="1" class="ant-table-row ant-table-row-level-0 pms-table-row">' +
        '<td title="张三" class="ant-table-cell ant-table-cell-fix-left ant-table-cell-fix-left-last ant-table-cell-ellipsis" style="position:sticky;left:0"><span class="ant-table-cell-content">张三</span></td>' +
        '<td class="ant-table-cell dept pms-cell-nowrap">【客服部】</td>' +
        '<td class="ant-table-cell extra ant-table-cell-fix-right ant-table-cell-fix-right-first" colSpan="2" style="position:sticky;right:0;text-align:center"><a>编辑</a></td>' +
        '</tr>',
    );
  });

  it('keeps the cells of content-sized columns on one line, and only in a content-sized table', () => {
    const columns = [
      { key: 'name', dataIndex: 'name', title: '姓名' },
      { key: 'org', dataIndex: ['org', 'title'], title: '部门', width: 80 },
    ];
    expect(bodyRows({ columns, dataSource: [record] })).toContain('<td class="ant-table-cell pms-cell-nowrap">张三</td><td class="ant-table-cell">客服部</td>');
    expect(bodyRows({ columns, dataSource: [record], scroll: { x: 600 } })).toContain('<td class="ant-table-cell">张三</td><td class="ant-table-cell">客服部</td>');
  });

  it("marks a selected row and renders antd's selection column", () => {
    const rows = bodyRows({ columns: [{ key: 'name', dataIndex: 'name', title: '姓名' }], dataSource: [record, { id: 2, name: '李四' }], rowSelection: { selectedRowKeys: [2] } });
    expect(rows).toContain('<tr data-row-key="1" class="ant-table-row ant-table-row-level-0 pms-table-row">');
    expect(rows).toContain('<tr data-row-key="2" class="ant-table-row ant-table-row-level-0 pms-table-row ant-table-row-selected">');
    expect(rows.match(/class="ant-checkbox-input"/g)).toHaveLength(2);
    expect(rows.match(/ant-checkbox-checked/g)).toHaveLength(1);
  });

  it("leaves expandable tables to rc-table's own rows", () => {
    const rows = bodyRows({ columns: [{ key: 'name', dataIndex: 'name', title: '姓名' }], dataSource: [record], expandable: { expandedRowRender: () => '明细' } });
    expect(rows).toContain('ant-table-row-expand-icon-cell');
    expect(rows).not.toContain('pms-table-row');
  });
});

describe('the table of rows in view', () => {
  const columns = [
    { key: 'name', dataIndex: 'name', title: '姓名', width: 80, fixed: 'left' as const },
    { key: 'org', dataIndex: ['org', 'title'], title: '部门', width: 120 },
  ];

  it('lays out a table whose columns all have widths as grid rows in one cell, its columns one property', () => {
    const html = renderToStaticMarkup(createElement(DataTable, { rowKey: 'id', pagination: false, columns, dataSource: [record] }));
    expect(html).toContain('table-layout:fixed');
    expect(html).toMatch(/<table style="width:200px;min-width:100%;table-layout:fixed">/);
    expect(bodyRows({ columns, dataSource: [record], scroll: undefined })).toBe(
      '<tbody class="ant-table-tbody">' +
        '<tr role="presentation" class="pms-rows-in-view"><td role="presentation" class="pms-rows-in-view-cell" colSpan="2" style="--pms-columns:minmax(80px, 80fr) minmax(120px, 120fr)">' +
        '<div role="row" data-row-key="1" class="ant-table-row ant-table-row-level-0 pms-table-row">' +
        '<div role="cell" class="ant-table-cell ant-table-cell-fix-left ant-table-cell-fix-left-last" style="position:sticky;left:0">张三</div>' +
        '<div role="cell" class="ant-table-cell">客服部</div>' +
        '</div></td></tr>',
    );
  });

  it('gives the checkbox column a width, and marks a selected row', () => {
    const html = renderToStaticMarkup(createElement(DataTable, { rowKey: 'id', pagination: false, columns, dataSource: [record], rowSelection: { selectedRowKeys: [1] } }));
    expect(html).toMatch(/<table style="width:248px;min-width:100%;table-layout:fixed">/);
    expect(html).toContain('--pms-columns:minmax(48px, 48fr) minmax(80px, 80fr) minmax(120px, 120fr)');
    expect(html).toContain('<div role="row" data-row-key="1" class="ant-table-row ant-table-row-level-0 pms-table-row ant-table-row-selected">');
  });

  it('keeps the table layout when a column has no width, or rows expand', () => {
    expect(bodyRows({ columns: [...columns, { key: 'x', dataIndex: 'id', title: '编号' }], dataSource: [record] })).not.toContain('pms-rows-in-view');
    expect(bodyRows({ columns, dataSource: [record], expandable: { expandedRowRender: () => '明细' } })).not.toContain('pms-rows-in-view');
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
    expect([...html.matchAll(/role="cell" class="ant-table-cell[^"]*" style="width:100px[;"]/g)]).toHaveLength(7);
  });
});
