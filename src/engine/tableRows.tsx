import { useContext as useTableContext } from '@rc-component/context';
import { Children, createContext, isValidElement, memo, useContext, useEffect, useState, useSyncExternalStore, type CSSProperties, type ReactElement, type ReactNode, type RefObject } from 'react';
import TableContext from 'rc-table/es/context/TableContext';

/**
 * Light body rows for antd's Table. The table still lays out the rows: rc-table's Body makes
 * one row element a record and measures the columns, and its context holds the columns as antd
 * transformed them (selection, sorting) and the fixed-column offsets. Rendering its rows would
 * mount rc-table's BodyRow and Cell for every row and cell: the whole table context merged into
 * each row's props, a props object, two context subscriptions, a hover state and event hooks a
 * cell, which the profile of a route change between two 100 × 20 lists found to be most of the
 * page's render time (#11). These rows render the same cells themselves as plain tds (divs in
 * the virtual table), with antd's class names and sticky offsets, so sorting, selection, fixed
 * and action columns and ellipsis look and work as before. Row hover, which rc-table's Cell did
 * in script, is the `pms-table-row` rule in styles.css.
 */

/** A column as rc-table's context holds it (after antd's transforms), what a cell reads of it. */
interface CellColumn {
  className?: string;
  ellipsis?: boolean | { showTitle?: boolean };
  align?: CSSProperties['textAlign'];
  dataIndex?: string | number | readonly (string | number)[];
  render?: (value: unknown, record: Record<string, unknown>, index: number) => ReactNode;
  onCell?: (record: Record<string, unknown>, index: number) => CellProps;
  width?: number | string;
}
interface FixedInfo {
  fixLeft?: number | false;
  fixRight?: number | false;
  lastFixLeft?: boolean;
  firstFixRight?: boolean;
}
type CellProps = React.TdHTMLAttributes<HTMLElement> & Record<string, unknown>;
/** Where a cell is: its table, record and onCell props. */
interface CellPlace {
  prefixCls: string;
  record: Record<string, unknown>;
  renderIndex: number;
  additionalProps?: CellProps;
  /** The cell keeps its text on one line (a content-sized column, where it never wraps anyway). */
  nowrap?: boolean;
}
interface VirtualCellProps {
  column: CellColumn;
  colIndex: number;
  record: Record<string, unknown>;
  index: number;
  renderIndex: number;
  rowInfo: { prefixCls: string; fixedInfoList: FixedInfo[] };
}

function valueAt(record: Record<string, unknown>, dataIndex: CellColumn['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex as string | number];
  let value: unknown = record;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
  return value;
}

/**
 * One cell as rc-table's Cell renders it (class names, sticky offsets, ellipsis title), without
 * its hooks: a `td` in the table, a `div` (with its width in `layout`) in the virtual table.
 */
function lightCell(column: CellColumn, fixed: FixedInfo | undefined, place: CellPlace, Tag: 'td' | 'div', key: string | number, layout?: CSSProperties) {
  const { render, dataIndex, className, ellipsis, align } = column;
  const { fixLeft, fixRight, lastFixLeft, firstFixRight } = fixed ?? {};
  const { prefixCls, record, renderIndex, additionalProps = {}, nowrap } = place;
  const value = valueAt(record, dataIndex);
  let content: ReactNode = render ? render(value, record, renderIndex) : (value as ReactNode);
  const cell = `${prefixCls}-cell`;
  const left = typeof fixLeft === 'number';
  const right = typeof fixRight === 'number';
  let classes = cell;
  if (className) classes += ` ${className}`;
  if (additionalProps.className) classes += ` ${additionalProps.className}`;
  if (left) classes += ` ${cell}-fix-left${lastFixLeft ? ` ${cell}-fix-left-last` : ''}`;
  if (right) classes += ` ${cell}-fix-right${firstFixRight ? ` ${cell}-fix-right-first` : ''}`;
  if (ellipsis) classes += ` ${cell}-ellipsis`;
  else if (nowrap) classes += ' pms-cell-nowrap';
  const showTitle = ellipsis === true || (typeof ellipsis === 'object' && ellipsis.showTitle);
  const text = isValidElement<{ children?: unknown }>(content) ? content.props.children : content;
  const title = showTitle && (typeof text === 'string' || typeof text === 'number') ? String(text) : undefined;
  if (ellipsis && (lastFixLeft || firstFixRight)) content = <span className={`${cell}-content`}>{content}</span>;
  // Most cells have no style: no object for them.
  const style: CSSProperties | undefined =
    layout || left || right || align || additionalProps.style
      ? { ...layout, ...(left ? { position: 'sticky', left: fixLeft as number } : right ? { position: 'sticky', right: fixRight as number } : undefined), ...(align ? { textAlign: align } : undefined), ...additionalProps.style }
      : undefined;
  return (
    <Tag role={Tag === 'div' ? 'cell' : undefined} title={title} {...additionalProps} key={key} className={classes} style={style}>
      {content}
    </Tag>
  );
}

type RowProps = React.HTMLAttributes<HTMLElement> & { children?: ReactNode };

/** Shallow equality of two objects' own values (a cell's onCell props are a new object every time). */
function sameValues(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

/** What a body cell shows, from its column (antd makes new column objects whenever sorting or selection changes). */
const CELL_FIELDS = ['render', 'dataIndex', 'className', 'ellipsis', 'align'] as const;

/** One cell of a plain row: its column, fixed offsets and place. */
interface CellInput {
  column: CellColumn;
  fixed: FixedInfo | undefined;
  record: Record<string, unknown>;
  renderIndex: number;
  additionalProps: CellProps | undefined;
  nowrap: boolean;
}

function sameCell(a: CellInput, b: CellInput): boolean {
  return (
    a.record === b.record &&
    a.renderIndex === b.renderIndex &&
    a.nowrap === b.nowrap &&
    CELL_FIELDS.every((k) => a.column[k] === b.column[k]) &&
    sameValues(a.fixed, b.fixed) &&
    sameValues(a.additionalProps, b.additionalProps)
  );
}

/**
 * The cells a row rendered last, by key. A cell whose input is the same as then is the same
 * element as then, which React skips, as it did rc-table's memoised Cell: checking a row after
 * a selection or sort renders only the cells that changed. A cache of pure results: an element
 * kept from a render React threw away still shows the same cell.
 */
class RowCells {
  private last = new Map<unknown, { input: CellInput; cell: ReactElement }>();
  private next = new Map<unknown, { input: CellInput; cell: ReactElement }>();

  cell(key: string | number, input: CellInput, prefixCls: string, inView: boolean): ReactElement {
    const before = this.last.get(key);
    const cell = before && sameCell(before.input, input) ? before.cell : lightCell(input.column, input.fixed, { prefixCls, ...input }, inView ? 'div' : 'td', key);
    this.next.set(key, { input, cell });
    return cell;
  }

  /** The row's render is over: its cells are the ones to compare with next time. */
  done(): void {
    this.last = this.next;
    this.next = new Map();
  }
}

/** What rc-table's Body hands each of its rows (Body/index.js), read from the row elements it made. */
interface BodyRowProps {
  record: Record<string, unknown>;
  rowKey: React.Key;
  index: number;
  renderIndex: number;
  indent: number;
}

const isBodyRow = (child: ReactNode): child is ReactElement<BodyRowProps> =>
  isValidElement<Partial<BodyRowProps>>(child) && child.props.record !== undefined && child.props.renderIndex !== undefined;

interface PlainRowProps {
  record: Record<string, unknown>;
  rowKey: React.Key;
  index: number;
  renderIndex: number;
  className: string;
  prefixCls: string;
  columns: readonly CellColumn[];
  fixedInfoList: readonly FixedInfo[];
  /**
   * The table is as wide as its content (auto layout, `scroll.x: 'max-content'`): a column without
   * a width is as wide as its widest cell, so its cells never wrap. They are told so (nowrap),
   * which spares the browser finding every line-break opportunity of their text, each character
   * of Chinese text: a third of a 100 × 20 table's layout (#11). Cells of columns with a width
   * wrap at it as before.
   */
  contentSized: boolean;
  /** A row of InViewBody: a div of div cells, rather than a `tr` of `td`s. */
  inView: boolean;
}

/** Whether two lists have entries of the same values (rc-table makes a new fixed-offset list whenever it measures). */
const sameEntries = <T extends object>(a: readonly T[], b: readonly T[]) => a === b || (a.length === b.length && a.every((x, i) => sameValues(x, b[i])));

/** Whether a row would render the same: its props, the fixed offsets compared by value. */
function samePlainRow(a: PlainRowProps, b: PlainRowProps): boolean {
  return (Object.keys(a) as (keyof PlainRowProps)[]).every((k) => (k === 'fixedInfoList' ? sameEntries(a[k], b[k]) : a[k] === b[k]));
}

/** A body row (a `tr`, or a div in InViewBody) with its cells rendered light (lightCell), each only when its input changed (RowCells). */
const PlainRow = memo(function PlainRow({ record, rowKey, index, renderIndex, className, prefixCls, columns, fixedInfoList, contentSized, inView }: PlainRowProps) {
  const [cells] = useState(() => new RowCells());
  const rendered = columns.map((column, colIndex) =>
    cells.cell(
      (column as { key?: string }).key ?? colIndex,
      { column, fixed: fixedInfoList[colIndex], record, renderIndex, additionalProps: column.onCell?.(record, index), nowrap: contentSized && column.width === undefined },
      prefixCls,
      inView,
    ),
  );
  cells.done();
  const Row = inView ? 'div' : 'tr';
  return (
    <Row role={inView ? 'row' : undefined} data-row-key={rowKey} className={className}>
      {rendered}
    </Row>
  );
}, samePlainRow);

const NO_FIXED: readonly FixedInfo[] = [];

const BODY_CONTEXT = ['prefixCls', 'scrollX', 'tableLayout', 'flattenColumns', 'fixedInfoList', 'rowClassName', 'onRow', 'expandableType'] as const;

/**
 * rc-table's body rows as PlainRows; its other children (the measure row, the empty
 * placeholder) as they are. Expandable tables and tables with onRow keep rc-table's own rows.
 */
function usePlainRows(children: ReactNode, inView: boolean): { rows: ReactNode[]; others: ReactNode[] } {
  const { prefixCls = 'ant-table', flattenColumns, fixedInfoList, rowClassName, onRow, expandableType, scrollX, tableLayout } = useTableContext(TableContext, [...BODY_CONTEXT]);
  const own = !expandableType && !onRow;
  const contentSized = scrollX === 'max-content' && tableLayout === 'auto';
  const rows: ReactNode[] = [];
  const others: ReactNode[] = [];
  Children.forEach(children, (child) => {
    if (!own || !isBodyRow(child)) return void (own ? others : rows).push(child);
    const { record, rowKey, index, renderIndex, indent } = child.props;
    const extra = typeof rowClassName === 'function' ? rowClassName(record, index, indent) : rowClassName;
    rows.push(
      <PlainRow
        key={rowKey}
        record={record}
        rowKey={rowKey}
        index={index}
        renderIndex={renderIndex}
        className={`${prefixCls}-row ${prefixCls}-row-level-${indent} pms-table-row${extra ? ` ${extra}` : ''}`}
        prefixCls={prefixCls}
        columns={flattenColumns as readonly CellColumn[]}
        fixedInfoList={fixedInfoList ?? NO_FIXED}
        contentSized={contentSized}
        inView={inView}
      />,
    );
  });
  return { rows, others };
}

/**
 * The plain table's body (antd's documented `components.body.wrapper`): rc-table's Body hands it
 * its measure row and one BodyRow element a record, which this renders as light rows instead
 * (PlainRow). rc-table's BodyRow merged the whole table context into each row's props and made a
 * props object for each of its cells, every render; a route change between two 100 × 20 lists
 * spent most of its script there and in rc-table's Cell (#11). A row renders again only when its
 * record, class, columns or fixed offsets change: rc-table measures the columns right after the
 * table mounts and renders its body again, which these rows skip.
 */
export function PlainBody({ children, ...body }: RowProps) {
  const { rows, others } = usePlainRows(children, false);
  return (
    <tbody {...body}>
      {others}
      {rows}
    </tbody>
  );
}

/**
 * The body of a table whose columns all have widths (DataTable): one row of the table, its cell
 * spanning every column, holds the rows as divs of div cells, each row a grid of the columns'
 * widths with `content-visibility: auto` (styles.css). The browser then styles and lays out only
 * the rows in view, where a table lays out every cell of every row to size its columns: the
 * bench's 100 × 20 body took 47.7 ms of style and layout as a table, 2.2 ms as such rows (#11).
 * Every row is in the DOM, so finding text in the page still sees them all; the table row and
 * cell holding them are presentation only, so the rows and cells are the table's to assistive
 * technology. A column grows by its share of the room left when the table is wider than its
 * columns, as the table's fixed layout widens its header cell; the widths are one custom
 * property, not a style on every cell.
 */
export function InViewBody({ children, ...body }: RowProps) {
  const { rows, others } = usePlainRows(children, true);
  const { flattenColumns } = useTableContext(TableContext, ['flattenColumns']);
  const columns = (flattenColumns ?? []) as readonly CellColumn[];
  const tracks = columns.map((c) => `minmax(${Number(c.width) || 0}px, ${Number(c.width) || 0}fr)`).join(' ');
  return (
    <tbody {...body}>
      {others}
      {rows.length > 0 && (
        <tr role="presentation" className="pms-rows-in-view">
          <td role="presentation" className="pms-rows-in-view-cell" colSpan={columns.length} style={{ '--pms-columns': tracks } as CSSProperties}>
            {rows}
          </td>
        </tr>
      )}
    </tbody>
  );
}

/**
 * The columns of a virtual table in view: how far they are scrolled and how wide the view is.
 * antd's virtual table renders only the rows in view but every column of each (#11: 40 columns
 * of 25 new rows a wheel step made tasks over 50 ms); its rows render only the columns here.
 * The table scrolls its header with its body, so the header's scroll events tell where it is.
 */
export class ColumnWindow {
  left = 0;
  /** Everything until the table is measured. */
  width = Infinity;
  private listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  /** Follows the header of the table inside `root`; answers the function that stops it. */
  follow(root: HTMLElement): () => void {
    const header = root.querySelector<HTMLElement>('.ant-table-header');
    if (!header) return () => undefined;
    const update = () => {
      this.left = header.scrollLeft;
      // A hidden page (keepAlive) measures 0: all its columns then, rather than none.
      this.width = header.clientWidth || Infinity;
      for (const listener of this.listeners) listener();
    };
    update();
    header.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      header.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }
}

const ColumnWindowContext = createContext<ColumnWindow | null>(null);
export const ColumnWindowProvider = ColumnWindowContext.Provider;

/** The virtual table's row height (DataTable), which the virtual list places its rows by. */
const RowHeightContext = createContext<number | undefined>(undefined);
export const RowHeightProvider = RowHeightContext.Provider;

/** A column window following the virtual table inside `root` while `on`. */
export function useColumnWindow(root: RefObject<HTMLElement | null>, on: boolean): ColumnWindow {
  const [columns] = useState(() => new ColumnWindow());
  useEffect(() => (on && root.current ? columns.follow(root.current) : undefined), [columns, root, on]);
  return columns;
}

/** Columns within half a view of the visible ones are rendered too, so a quick scroll does not show them blank. */
const OVERSCAN = 0.5;

/** "from:to" in pixels along the row that its cells are rendered for (a string, so rows re-render only when it moves). */
function useColumnSpan(): string {
  const columns = useContext(ColumnWindowContext);
  const span = () => {
    if (!columns || columns.width === Infinity) return '';
    const margin = columns.width * OVERSCAN;
    // Rounded to whole margins: small scrolls within the rendered span do not re-render the rows.
    const from = Math.floor(columns.left / margin) * margin - margin;
    return `${from}:${from + columns.width + 3 * margin}`;
  };
  return useSyncExternalStore(columns?.subscribe ?? (() => () => undefined), span, span);
}

/**
 * The virtual table's row: a flex row of divs, each as wide as its column (only the width is
 * inline: setting inline styles was a tenth of a wheel step's script; styles.css keeps them
 * from flexing). Only the columns
 * in the column window and the fixed ones are rendered; a spacer stands for each run of the others.
 *
 * The ref the virtual list hands its rows is left off: with it, the list measured every row it
 * mounted (its height and margins, forcing style and layout) and rendered itself again with the
 * heights, twice the work of each wheel step through new rows (#11). Instead every row is the
 * height the list places it by (RowHeightProvider); its cells are ellipsed, and clip what is
 * taller than a line (styles.css). rc-table leaves the ref off the same way for expandable rows.
 */
export function VirtualRow({ children, className, ref: _measure, style, ...row }: RowProps & { ref?: unknown }) {
  const height = useContext(RowHeightContext);
  const span = useColumnSpan();
  const [from, to] = span ? span.split(':').map(Number) : [-Infinity, Infinity];
  const cells: ReactNode[] = [];
  let at = 0;
  let skipped = 0;
  // rc-table hands the cells as one array: read directly, without Children.forEach's key
  // escaping of all 40 (a tenth of a wheel step's script).
  for (const child of Array.isArray(children) ? children : [children]) {
    if (!isValidElement(child)) continue;
    const { column, colIndex, record, index, renderIndex, rowInfo } = (child as ReactElement<VirtualCellProps>).props;
    const width = Number(column.width) || 0;
    const fixed = rowInfo.fixedInfoList[colIndex];
    const inView = at + width > from! && at < to!;
    at += width;
    if (!inView && typeof fixed?.fixLeft !== 'number' && typeof fixed?.fixRight !== 'number') {
      skipped += width;
      continue;
    }
    if (skipped) cells.push(<div key={`gap${colIndex}`} style={{ width: skipped }} />);
    skipped = 0;
    cells.push(
      lightCell(column, fixed, { prefixCls: rowInfo.prefixCls, record, renderIndex, additionalProps: column.onCell?.(record, index) }, 'div', colIndex, { width }),
    );
  }
  if (skipped) cells.push(<div key="gapEnd" style={{ width: skipped }} />);
  return (
    <div {...row} className={`${className ?? ''} pms-table-row`} style={height ? { ...style, height } : style}>
      {cells}
    </div>
  );
}
