import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Narrowest column, as Formily's FormGrid has it. */
const MIN_COLUMN_WIDTH = 100;
const ROW_GAP = 4;

/**
 * Widens the fields whose FieldItem has a gridSpan (its data-grid-span attribute) as Formily's
 * FormGrid does: never past the columns left in the row, -1 to the row's end. Reads attributes
 * only, never a computed style, so it forces no layout.
 */
function spread(grid: HTMLElement, columns: number): void {
  let column = 0;
  for (const child of Array.from(grid.children) as HTMLElement[]) {
    const wanted = Number(child.getAttribute('data-grid-span') ?? 1);
    const remaining = columns - (column % columns);
    const span = wanted === -1 ? remaining : Math.min(wanted, remaining);
    const gridColumn = wanted === -1 ? `span ${remaining} / -1` : span === 1 ? '' : `span ${span} / auto`;
    if (child.style.gridColumn !== gridColumn) child.style.gridColumn = gridColumn;
    column += span;
  }
}

/**
 * Form fields in a CSS grid: as many columns as fit at MIN_COLUMN_WIDTH each, between `min`
 * and `max`. Takes the place of Formily's FormGrid, which reads every child's computed style
 * on mount, on each change of a child and, through the ResizeObserver polyfill it bundles
 * (listening to every key, mouse and focus event of the page), in each frame for 250 ms after
 * any of them: with 200 fields that was about a second of a cold load and a forced layout per
 * keystroke. Here a native ResizeObserver watches the grid's width, and the spans are set
 * again only when fields come or go.
 */
export function FieldGrid({ max, min = 1, columnGap, className, skipOffscreen, children }: { max: number; min?: number; columnGap: number; className?: string; skipOffscreen?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(max);
  useLayoutEffect(() => {
    const fit = (width: number) => Math.min(max, Math.max(min, Math.floor((width + columnGap) / (MIN_COLUMN_WIDTH + columnGap))));
    // Before the first paint: an observer reports the size it finds when it starts observing.
    const observer = new ResizeObserver(([entry]) => entry && entry.contentRect.width > 0 && setColumns(fit(entry.contentRect.width)));
    observer.observe(ref.current!);
    return () => observer.disconnect();
  }, [max, min, columnGap]);
  useLayoutEffect(() => {
    const grid = ref.current!;
    spread(grid, columns);
    // A field shown or hidden by x-reactions moves the ones after it.
    const observer = new MutationObserver(() => spread(grid, columns));
    observer.observe(grid, { childList: true });
    return () => observer.disconnect();
  }, [columns]);
  useEffect(() => {
    if (!skipOffscreen) return;
    // From the frame after the first render on (styles.css [data-skip-offscreen]): a read of layout
    // inside a skipped field (a control measuring itself, a script asking for offsetParent) lays that
    // field out on its own, a layout each (with Formily's FormItem, which measured every label in its
    // first frame, a 200-field form took 201 layouts, about 0.45 s under load); unskipped, the first
    // read lays out the grid once and the others read it.
    const frame = requestAnimationFrame(() => ref.current?.setAttribute('data-skip-offscreen', ''));
    return () => cancelAnimationFrame(frame);
  }, [skipOffscreen]);
  return (
    <div ref={ref} className={className} style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: `${ROW_GAP}px ${columnGap}px` }}>
      {children}
    </div>
  );
}
