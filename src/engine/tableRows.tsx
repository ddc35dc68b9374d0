import { Children, createContext, isValidElement, useContext, useEffect, useState, useSyncExternalStore, type CSSProperties, type ReactElement, type ReactNode, type RefObject } from 'react';

/**
 * A light body row for antd's Table (its documented `components.body.row` override). The table
 * still lays out the rows: it hands each row the cell elements it made for it, holding the
 * column's render, the record and the fixed-column offsets it measured. Rendering those
 * elements would mount rc-table's Cell for every cell: two context subscriptions, a hover
 * state, memo checks and event hooks each, which the profile of a route change between two
 * 100 × 20 lists found to be most of the page's render time (#11). This row renders the same
 * cells itself as plain tds (divs in the virtual table), with antd's class names and sticky
 * offsets, so sorting, selection, fixed and action columns and ellipsis look and work as before.
 * Row hover, which rc-table's Cell did in script, is the `pms-table-row` rule in styles.css.
 */

/** What rc-table puts on each cell element of a row (Body/BodyRow.js; VirtualTable/VirtualCell.js). */
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
  /** A tree table's indent and expand icon. */
  appendNode?: ReactNode;
}
interface TableCellProps extends CellColumn, FixedInfo, CellPlace {
  index: number;
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
  const { prefixCls, record, renderIndex, additionalProps = {}, appendNode } = place;
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
    <Tag title={title} {...additionalProps} key={key} className={classes} style={style}>
      {appendNode}
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

/** Whether a cell's props (from rc-table) would render the same cell: its onCell props compared by value. */
function sameCell(a: TableCellProps, b: TableCellProps): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    const x = (a as unknown as Record<string, unknown>)[k];
    const y = (b as unknown as Record<string, unknown>)[k];
    if (x !== y && !(k === 'additionalProps' && sameValues(x as object, y as object))) return false;
  }
  return true;
}

/**
 * The cells a row rendered last, by key. A cell whose props are the same as then is the same
 * element as then, which React skips, as it did rc-table's memoised Cell. A cache of pure
 * results: an element kept from a render React threw away still shows the same cell.
 */
class RowCells {
  private last = new Map<unknown, { props: TableCellProps; cell: ReactElement }>();
  private next = new Map<unknown, { props: TableCellProps; cell: ReactElement }>();

  cell(key: string | number, props: TableCellProps): ReactElement {
    const before = this.last.get(key);
    const cell = before && sameCell(before.props, props) ? before.cell : lightCell(props, props, props, 'td', key);
    this.next.set(key, { props, cell });
    return cell;
  }

  /** The row's render is over: its cells are the ones to compare with next time. */
  done(): void {
    this.last = this.next;
    this.next = new Map();
  }
}

/**
 * The plain table's row: `<tr>` with rc-table's cells rendered light. A new table sets its column
 * widths and sticky offsets from layout effects right after it mounts, which renders every row
 * twice more before the first paint, with new objects but the same cells: 2 x 2,000 cells of a
 * 100 x 20 list that RowCells lets React skip (#11).
 */
export function TableRow({ children, className, ...row }: RowProps) {
  const [cells] = useState(() => new RowCells());
  const rendered = Children.map(children, (child) => {
    if (!isValidElement(child)) return child;
    const p = (child as ReactElement<TableCellProps>).props;
    // The empty table's one cell (no record) is rare and cheap: rc-table renders it.
    if (!p.record) return child;
    return cells.cell(child.key ?? p.index, p);
  });
  cells.done();
  return (
    <tr {...row} className={`${className ?? ''} pms-table-row`}>
      {rendered}
    </tr>
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
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const { column, colIndex, record, index, renderIndex, rowInfo } = (child as ReactElement<VirtualCellProps>).props;
    const width = Number(column.width) || 0;
    const fixed = rowInfo.fixedInfoList[colIndex];
    const inView = at + width > from! && at < to!;
    at += width;
    if (!inView && typeof fixed?.fixLeft !== 'number' && typeof fixed?.fixRight !== 'number') {
      skipped += width;
      return;
    }
    if (skipped) cells.push(<div key={`gap${colIndex}`} style={{ width: skipped }} />);
    skipped = 0;
    cells.push(
      lightCell(column, fixed, { prefixCls: rowInfo.prefixCls, record, renderIndex, additionalProps: column.onCell?.(record, index) }, 'div', colIndex, { width }),
    );
  });
  if (skipped) cells.push(<div key="gapEnd" style={{ width: skipped }} />);
  return (
    <div {...row} className={`${className ?? ''} pms-table-row`} style={height ? { ...style, height } : style}>
      {cells}
    </div>
  );
}
