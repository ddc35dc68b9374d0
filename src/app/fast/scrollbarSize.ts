import { getTargetScrollBarSize as measure } from 'rc-util/es/getScrollBarSize';

// rc-table measures its body's scrollbar each time a table mounts (rc-util's
// getTargetScrollBarSize): it puts a scrolling element and a <style> for its ::-webkit-scrollbar
// into the document, reads the element's layout and takes both out again, forcing a layout of the
// whole page in the commit that mounts the table, before the table's own measures. A scrollbar's
// size follows only from the scrollbar styles an element has, so it is measured once for each.
// The build gives rc-table this function instead of rc-util's (antdImports.ts).

const sizes = new Map<string, ReturnType<typeof measure>>();

/** The scrollbar size of this element, as rc-util measures it: once per distinct scrollbar style. */
export function getTargetScrollBarSize(target: HTMLElement): ReturnType<typeof measure> {
  if (!(target instanceof Element)) return measure(target);
  const own = getComputedStyle(target);
  const webkit = getComputedStyle(target, '::-webkit-scrollbar');
  const style = `${own.scrollbarColor}|${own.scrollbarWidth}|${webkit.width}|${webkit.height}`;
  let size = sizes.get(style);
  if (!size) sizes.set(style, (size = measure(target)));
  return size;
}
