// @vitest-environment jsdom
// A list column's width from what its cells show (src/engine/columnWidths.ts, cells.tsx
// cellContent). Without a canvas a full-width character counts an em and another 0.6 em, which
// is what these figures assume: jsdom has none (it would say so on the console, so it is not asked).
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cellContent, renderCell, type CellSpec } from '../../src/engine/cells.tsx';
import { columnWidth, MAX_WIDTH, textWidth } from '../../src/engine/columnWidths.ts';

HTMLCanvasElement.prototype.getContext = (() => null) as never;

const metrics = { fontFamily: 'sans-serif', fontSize: 14, fontSizeSM: 12, fontWeightStrong: 600, padding: 16 };
/** Padding 16 and 4 of room, rounded up. */
const width = (content: number) => Math.ceil(content + 16 + 4);

describe('the text a cell shows, for its width', () => {
  it('is the text renderCell shows: dates, money, numbers, enum and dict labels', () => {
    expect(cellContent({ cell: 'date' }, Date.UTC(2026, 10, 27, 4)).text).toBe('2026-11-27');
    expect(cellContent({ cell: 'money' }, 1234.5).text).toBe('¥1,234.50');
    expect(cellContent({ cell: 'number' }, 12345).text).toBe('12,345');
    expect(cellContent({ cell: 'enum', enum: { 1: { text: '处理中' } } }, 1)).toEqual({ text: '处理中', extra: 0 });
    const items = [{ label: '已入住', value: 'occupied', color: 'green' }];
    expect(cellContent({ cell: 'dict', dict: 'house_status' }, 'occupied', items)).toEqual({ text: '已入住', small: true, extra: 24 });
    // Before the dictionary is known: the stored value.
    expect(cellContent({ cell: 'dict', dict: 'house_status' }, 'occupied')).toEqual({ text: 'occupied', extra: 0 });
    expect(cellContent({ cell: 'text' }, null)).toEqual({ text: '-', extra: 0 });
  });

  it('is the text renderCell shows, kind by kind', () => {
    const shown = (spec: CellSpec, value: unknown) => renderToStaticMarkup(createElement(Fragment, null, renderCell(spec, value))).replace(/<[^>]*>/g, '');
    const cases: [CellSpec, unknown][] = [
      [{}, '张三'],
      [{ cell: 'datetime' }, Date.UTC(2026, 10, 27, 4, 5, 6)],
      [{ cell: 'duration' }, 3_725_000],
      [{ cell: 'money' }, 12],
      [{ cell: 'enum', enum: { 1: { text: '处理中', color: 'blue' } } }, 1],
      [{ cell: 'tag', enum: { a: { text: '紧急' } } }, 'b'],
      [{ cell: 'state' }, 'pending'],
      [{ cell: 'color' }, 'red'],
      [{ cell: 'dict', dict: 'house_status' }, 'occupied'],
      [{ cell: 'text' }, ''],
    ];
    for (const [spec, value] of cases) expect(shown(spec, value), JSON.stringify(spec)).toBe(cellContent(spec, value).text);
    expect(shown({ cell: 'enableSwitch' }, 1)).toBe('启用');
    expect(shown({ cell: 'enableSwitch' }, null)).toBe('');
  });

  it('counts the room of tags, switches and images', () => {
    expect(cellContent({ cell: 'tag', enum: { a: { text: '紧急', color: 'red' } } }, 'a')).toEqual({ text: '紧急', small: true, extra: 24 });
    expect(cellContent({ cell: 'enableSwitch' }, 1).extra).toBe(64);
    expect(cellContent({ cell: 'image' }, 'a.png,b.png').extra).toBe(104);
    expect(cellContent({ cell: 'richText' }, '<p>通知<b>内容</b></p>').text).toBe('通知内容');
  });
});

describe('a column width', () => {
  it('fits the widest cell and the header, whichever is wider', () => {
    const cells = ['张三', '欧阳娜娜'].map((text) => ({ text, extra: 0 }));
    expect(columnWidth('姓名', false, cells, metrics)).toBe(width(4 * 14));
    expect(columnWidth('业主或住户姓名', false, cells, metrics)).toBe(width(7 * 14));
    // A sortable header's sorter icons.
    expect(columnWidth('欧阳娜娜', true, cells, metrics)).toBe(width(4 * 14 + 20));
    // A tag's label in the smaller font, with its padding and margin.
    expect(columnWidth('状态', false, [{ text: '已入住', small: true, extra: 24 }], metrics)).toBe(width(3 * 12 + 24));
  });

  it('is at least 64 px, and at most MAX_WIDTH, past which a cell is ellipsed', () => {
    expect(columnWidth('', false, [{ text: '1', extra: 0 }], metrics)).toBe(64);
    expect(columnWidth('地址', false, [{ text: '一'.repeat(60), extra: 0 }], metrics)).toBe(MAX_WIDTH);
  });

  it('sums the width of each character of a text, measured once per font', () => {
    expect(textWidth('ab号', '14px test', 14)).toBeCloseTo(14 * 0.6 * 2 + 14);
    expect(textWidth('', '14px test', 14)).toBe(0);
  });
});
