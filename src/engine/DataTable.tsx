import { Spin, Table, type TableProps } from 'antd';
import type { AnyObject } from 'antd/es/_util/type';
import { useRef } from 'react';
import { ColumnWindowProvider, TableRow, useColumnWindow, VirtualRow } from './tableRows.tsx';

// Rows whose cells render without rc-table's per-cell component (see tableRows.tsx).
const PLAIN_BODY = { body: { row: TableRow } };
const VIRTUAL_BODY = { body: { row: VirtualRow } };

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
  // Until there are rows, a spinner stands in the empty area instead of antd's Spin over the
  // table: that Spin's blur class, taken off a frame after the rows come, made the browser
  // restyle every element of the table a second time (antd's descendant class selectors, #11).
  const waiting = Boolean(loading) && !props.dataSource?.length;
  return (
    <div ref={box}>
      <ColumnWindowProvider value={columnWindow}>
        <Table<T>
          {...props}
          loading={waiting ? false : loading}
          locale={waiting ? { ...locale, emptyText: <Spin /> } : locale}
          components={virtual ? VIRTUAL_BODY : PLAIN_BODY}
        />
      </ColumnWindowProvider>
    </div>
  );
}

/** The table's summary rows (a report's totals), for tables that are DataTables. */
DataTable.Summary = Table.Summary;
