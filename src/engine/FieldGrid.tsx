import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

/** Narrowest column, as Formily's FormGrid has it. */
const MIN_COLUMN_WIDTH = 100;
const ROW_GAP = 4;

/**
 * Form fields in a CSS grid: as many columns as fit at MIN_COLUMN_WIDTH each, between `min`
 * and `max`; a FormItem's `gridSpan` (its data-grid-span attribute) widens it (styles.css).
 * Takes the place of Formily's FormGrid, which reads every child's computed style on mount, on
 * each change of a child and, through the ResizeObserver polyfill it bundles (listening to
 * every key, mouse and focus event of the page), in each frame for 250 ms after any of them:
 * with 200 fields that was about a second of a cold load and a forced layout per keystroke.
 * Here one native ResizeObserver watches the grid's own width.
 */
export function FieldGrid({ max, min = 1, columnGap, children }: { max: number; min?: number; columnGap: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(max);
  useLayoutEffect(() => {
    const fit = (width: number) => Math.min(max, Math.max(min, Math.floor((width + columnGap) / (MIN_COLUMN_WIDTH + columnGap))));
    // Before the first paint: an observer reports the size it finds when it starts observing.
    const observer = new ResizeObserver(([entry]) => entry && entry.contentRect.width > 0 && setColumns(fit(entry.contentRect.width)));
    observer.observe(ref.current!);
    return () => observer.disconnect();
  }, [max, min, columnGap]);
  const style = { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: `${ROW_GAP}px ${columnGap}px`, '--pms-grid-columns': columns } as CSSProperties;
  return (
    <div ref={ref} className="pms-field-grid" style={style}>
      {children}
    </div>
  );
}
