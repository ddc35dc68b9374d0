import { theme } from 'antd';
import { useMemo } from 'react';

/**
 * Column widths from their content, for list tables whose rows are laid out one by one
 * (DataTable's rows in view): a table sized its columns to their widest cell by laying out every
 * cell, which these rows spare the browser (#11). The widths come from the text the cells show,
 * in the table's font, with the room their tags and padding take; a column is never narrower
 * than its header, nor wider than MAX_WIDTH (a longer text is ellipsed, with its full text on hover).
 */

/** What a cell shows, for its width: its text (in the tag's smaller font if `small`) and the room around it. */
export interface CellContent {
  text: string;
  small?: boolean;
  extra: number;
}

export const MAX_WIDTH = 360;
const MIN_WIDTH = 64;
/** A sortable header's sorter icons and their margin. */
const SORTER = 20;
/** Subpixel text widths summed per character, rounded: room so the widest cell is never ellipsed. */
const SLACK = 4;

/** Character widths of each font, measured once a character on a canvas; a string's width is their sum. */
const charWidths = new Map<string, Map<string, number>>();
let canvas: CanvasRenderingContext2D | null | undefined;

/** Without a canvas (outside a browser): a full-width character an em, another 0.6 em. */
function guess(char: string, fontSize: number): number {
  return (char.codePointAt(0) ?? 0) > 0x2e7f ? fontSize : fontSize * 0.6;
}

export function textWidth(text: string, font: string, fontSize: number): number {
  let widths = charWidths.get(font);
  if (!widths) charWidths.set(font, (widths = new Map()));
  let width = 0;
  for (const char of text) {
    let w = widths.get(char);
    if (w === undefined) {
      canvas ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
      if (canvas) {
        canvas.font = font;
        w = canvas.measureText(char).width;
      } else w = guess(char, fontSize);
      widths.set(char, w);
    }
    width += w;
  }
  return width;
}

/** The fonts of a table's header and cells, and its cells' horizontal padding. */
export interface TableMetrics {
  fontFamily: string;
  fontSize: number;
  fontSizeSM: number;
  fontWeightStrong: number;
  padding: number;
}

/** The width of a column titled `title` whose cells show `cells`, in a table of `metrics`. */
export function columnWidth(title: string, sortable: boolean, cells: Iterable<CellContent>, metrics: TableMetrics): number {
  const { fontFamily, fontSize, fontSizeSM, fontWeightStrong, padding } = metrics;
  const enough = MAX_WIDTH - padding - SLACK;
  let widest = textWidth(title, `${fontWeightStrong} ${fontSize}px ${fontFamily}`, fontSize) + (sortable ? SORTER : 0);
  for (const cell of cells) {
    if (widest >= enough) break;
    const size = cell.small ? fontSizeSM : fontSize;
    const width = cell.extra + textWidth(cell.text, `${size}px ${fontFamily}`, size);
    if (width > widest) widest = width;
  }
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil(widest + padding + SLACK)));
}

/** The metrics of antd's table of `size`, from the theme. */
export function useTableMetrics(size: 'small' | 'middle' | 'large' = 'large'): TableMetrics {
  const { token } = theme.useToken();
  const { fontFamily, fontSize, fontSizeSM, fontWeightStrong } = token;
  const padding = 2 * (size === 'large' ? token.padding : token.paddingXS);
  return useMemo(() => ({ fontFamily, fontSize, fontSizeSM, fontWeightStrong, padding }), [fontFamily, fontSize, fontSizeSM, fontWeightStrong, padding]);
}
