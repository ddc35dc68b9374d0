import { Spin, Table, theme, type TableProps } from 'antd';
import type { AnyObject } from 'antd/es/_util/type';
import { useMemo, useRef } from 'react';
import { ColumnWindowProvider, InViewBody, RowHeightProvider, PlainBody, useColumnWindow, VirtualRow } from './tableRows.tsx';

// Rows whose cells render without rc-table's per-cell component (see tableRows.tsx).
const PLAIN_BODY = { body: { wrapper: PlainBody } };
const VIRTUAL_BODY = { body: { row: VirtualRow } };
const IN_VIEW_BODY = { body: { wrapper: InViewBody } };

/** The checkbox column's width where every column needs one (rows in view, ListPage's virtual table). */
export const SELECTION_WIDTH = 48;

/** The columns' widths if every column has one in pixels. */
function fixedWidths(columns: TableProps['columns']): number[] | undefined {
  const widths = columns?.map((c) => c.width);
  return widths?.length && widths.every((w) => typeof w === 'number') ? widths : undefined;
}

const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);

type GlobalToken = ReturnType<typeof theme.useToken>['token'];

/** One line's row of a table of `size`: antd's estimate for its virtual list (InternalTable's listItemHeight). */
function lineRowHeight(token: GlobalToken, size: TableProps['size']): number {
  const padding = size === 'small' ? token.paddingXS : size === 'middle' ? token.paddingSM : token.padding;
  return padding * 2 + Math.floor(token.fontSize * token.lineHeight) + token.lineWidth;
}

/**
 * antd's Table with the light rows of tableRows.tsx. Every table of the app is one of these,
 * so lists, reports, detail sub-tables and the notice list render their rows the same way.
 * A virtual table also gets the column window its rows render within; the box around it is
 * there for every table, so turning virtual on or off (a larger page size) keeps the table's state.
 */
export function DataTable<T extends AnyObject>({ loading, locale, ...props }: Omit<TableProps<T>, 'components'>) {
  const box = useRef<HTMLDivElement>(null);
  const virtual = Boolean(props.virtual);
  const columnWindow = useColumnWindow(box, virtual);
  // The virtual list places its rows by this height and every row has it (VirtualRow): given to
  // both here, so they agree whatever antd estimates.
  const rowHeight = lineRowHeight(theme.useToken().token, props.size);
  // A virtual table's rows are one line high: its cells are ellipsed (and clip, styles.css).
  const columns = useMemo(() => (virtual ? props.columns?.map((c) => ({ ellipsis: true, ...c })) : props.columns), [virtual, props.columns]);
  // A table whose columns all have widths (ListPage measures them) needs no table layout to size
  // them: its rows are laid out one by one, only those in view (tableRows.tsx InViewBody), in a
  // table of fixed layout as wide as its columns.
  const widths = fixedWidths(columns);
  const inView = !virtual && !props.expandable && !props.onRow && widths !== undefined;
  const rowSelection = inView && props.rowSelection ? { columnWidth: SELECTION_WIDTH, ...props.rowSelection } : props.rowSelection;
  const layout = widths && inView ? { tableLayout: 'fixed' as const, rowSelection, scroll: { ...props.scroll, x: sum(widths) + (Number(rowSelection?.columnWidth) || 0) } } : undefined;
  // Until there are rows, a spinner stands in the empty area instead of antd's Spin over the
  // table: that Spin's blur class, taken off a frame after the rows come, made the browser
  // restyle every element of the table a second time (antd's descendant class selectors, #11).
  // It shows only if the rows take longer than a blink: most come sooner, and would only flash it.
  const waiting = Boolean(loading) && !props.dataSource?.length;
  return (
    <div ref={box}>
      <ColumnWindowProvider value={columnWindow}>
        <RowHeightProvider value={virtual ? rowHeight : undefined}>
          <Table<T>
            {...props}
            {...(virtual ? { listItemHeight: rowHeight } : undefined)}
            {...layout}
            columns={columns}
            loading={waiting ? false : loading}
            locale={waiting ? { ...locale, emptyText: <Spin delay={300} /> } : locale}
            components={virtual ? VIRTUAL_BODY : inView ? IN_VIEW_BODY : PLAIN_BODY}
          />
        </RowHeightProvider>
      </ColumnWindowProvider>
    </div>
  );
}

/** The table's summary rows (a report's totals), for tables that are DataTables. */
DataTable.Summary = Table.Summary;
