import { formatDuration, formatTime } from '../shared/format.ts';
import type { CellContent } from './columnWidths.ts';
import type { DictItem } from './data.ts';
import type { CellType, EnumOption } from './schemaTypes.ts';

/** What cells show as text, by cell type: renderCell (cells.tsx) shows it, cellContent measures it. */

export interface CellSpec {
  cell?: CellType;
  dict?: string;
  enum?: Record<string, EnumOption>;
}

/** The text of a value its cell type shows as text. */
export function cellText(spec: CellSpec, value: unknown): string {
  switch (spec.cell ?? 'text') {
    case 'datetime':
      return formatTime(value as number);
    case 'date':
      return formatTime(value as number, 'YYYY-MM-DD');
    case 'duration':
      return formatDuration(Number(value));
    case 'number':
      return Number(value).toLocaleString('zh-CN');
    case 'money':
      return `¥${Number(value).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    default:
      return String(value);
  }
}

export const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The labels a dict cell shows for `value` (a list of values shows each item's label), and the item if it is one. */
export function dictLabel(items: DictItem[] | null | undefined, value: unknown): { text: string; item?: DictItem } {
  if (Array.isArray(value)) return { text: value.length ? value.map((v) => items?.find((i) => i.value === String(v))?.label ?? String(v)).join('、') : '-' };
  const item = items?.find((i) => i.value === String(value));
  return item ? { text: item.label, item } : { text: isEmpty(value) ? '' : String(value) };
}

/** A tag's room beside its text: its padding, border and margin (antd's Tag). */
const TAG = 7 * 2 + 2 + 8;
/** An image's thumbnail and the space after it (mediaCells.tsx). */
const IMAGE = 48 + 4;
/** The enable switch with its longest label. */
const SWITCH = 64;

/**
 * What renderCell shows for a value, for its column's width (columnWidths.ts); a dict cell's
 * labels from `dictItems`, its dictionary if loaded.
 */
export function cellContent(spec: CellSpec, value: unknown, dictItems?: DictItem[] | null): CellContent {
  if (spec.cell === 'enableSwitch') return { text: '', extra: SWITCH };
  if (isEmpty(value)) return { text: '-', extra: 0 };
  switch (spec.cell ?? 'text') {
    case 'dict': {
      const { text, item } = dictLabel(dictItems, value);
      return item?.color ? { text, small: true, extra: TAG } : { text, extra: 0 };
    }
    case 'enum':
    case 'tag': {
      const option = spec.enum?.[String(value)];
      return option?.color ? { text: option.text, small: true, extra: TAG } : { text: option?.text ?? String(value), extra: 0 };
    }
    case 'color':
      return { text: String(value), small: true, extra: TAG };
    case 'image':
      return { text: '', extra: IMAGE * (Array.isArray(value) ? value.length : String(value).split(',').length) };
    case 'richText':
      return { text: String(value).replace(/<[^>]*>/g, ''), extra: 0 };
    default:
      return { text: cellText(spec, value), extra: 0 };
  }
}
