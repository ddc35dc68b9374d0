import { formatDuration, formatTime } from '../shared/format.ts';
import type { DictItem } from './data.ts';
import type { CellLink, CellType, EnumOption } from '../shared/schemaTypes.ts';

/** What cells show as text, by cell type: the cell kinds of cells.tsx show it and measure it. */

export interface CellSpec {
  cell?: CellType;
  dict?: string;
  enum?: Record<string, EnumOption>;
  /** percent and progress: the row's field holding 100 % (columnValue reads both). */
  of?: string;
  /** link: the page the value opens (columnValue reads the row's id). */
  link?: CellLink;
}

/** A part of a whole (a percent or progress cell with `of`): 3 nominations of a quota of 5. */
export interface Share {
  part: number;
  whole: number;
}

const isShare = (value: unknown): value is Share => typeof value === 'object' && value !== null && 'whole' in value;

/** The percentage a percent or progress cell shows: the value itself, or part of whole (none of nothing). */
export function percentOf(value: unknown): number | null {
  if (!isShare(value)) return Number(value);
  return value.whole ? (Number(value.part) / Number(value.whole)) * 100 : null;
}

const percentText = (n: number | null) => (n === null || Number.isNaN(n) ? '-' : `${Number(n.toFixed(1))}%`);

/** 「响应超时 25 分钟」: which deadline was missed and by how much (days, hours, minutes); 未超时 when none. */
function latenessText({ minutes, of }: { minutes: number; of?: unknown }): string {
  if (!(minutes > 0)) return '未超时';
  const m = Math.floor(minutes);
  const parts = m < 60 ? [`${m} 分钟`] : m < 1440 ? [`${Math.floor(m / 60)} 小时`, m % 60 ? `${m % 60} 分钟` : ''] : [`${Math.floor(m / 1440)} 天`, Math.floor((m % 1440) / 60) ? `${Math.floor((m % 1440) / 60)} 小时` : ''];
  return `${of ?? ''}超时 ${parts.filter(Boolean).join(' ')}`;
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
    case 'percent':
      return percentText(percentOf(value));
    case 'progress':
      return isShare(value) ? `${value.part ?? 0}/${value.whole}` : percentText(percentOf(value));
    case 'lateness':
      return latenessText(value as { minutes: number; of?: unknown });
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
