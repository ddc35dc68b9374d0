import { describe, expect, it } from 'vitest';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';
import { cellText } from '../../src/engine/cellText.ts';
import { arrangeColumns } from '../../src/engine/arrangeColumns.ts';

const columns = [{ field: 'code' }, { field: 'title', width: 180 }, { field: 'status' }, { field: 'kind', hidden: true }];

describe('list column settings', () => {
  it('shows the page\'s columns but those it hides, until the user saves their own', () => {
    expect(arrangeColumns(columns, undefined).map((c) => c.field)).toEqual(['code', 'title', 'status']);
  });

  it('applies the user\'s order, hiding and widths; columns added since come after theirs', () => {
    const arranged = arrangeColumns(columns, [{ key: 'status' }, { key: 'kind', width: 120 }, { key: 'code', hidden: true }, { key: 'gone' }]);
    expect(arranged.map((c) => [c.field, c.width])).toEqual([['status', undefined], ['kind', 120], ['title', 180]]);
  });
});

describe('the lateness cell', () => {
  it('says which deadline was missed and by how much', () => {
    const text = (minutes: number, of = '响应') => cellText({ cell: 'lateness' }, { minutes, of });
    expect(text(25)).toBe('响应超时 25 分钟');
    expect(text(125, '完成')).toBe('完成超时 2 小时 5 分钟');
    expect(text(60 * 24 * 3 + 60)).toBe('响应超时 3 天 1 小时');
    expect(text(0)).toBe('未超时');
  });
});

describe('the lint of lists for the job', () => {
  const lint = lintsCorrupted();
  const list = 'workorder/pages/home_task-1-taskList.json';
  const order = 'workorder/resources/work_order.json';
  it('keeps a column shown, and a lateness column on a resource declaring its deadlines', () => {
    expect(lint(list, (d) => d.columns.forEach((c: { hidden?: boolean }) => (c.hidden = true)))).toEqual([`${list}#/columns: every column is "hidden": show at least one by default`]);
    expect(lint(list, (d) => (d.columns[4].cell = 'text'))).toEqual([`${list}#/columns/4/cell: the field "lateness" is shown by the cell "lateness"`]);
    expect(lint(order, (d) => (d.lateness.deadlines[0].due = 'title'))).toEqual([`${order}#/lateness/deadlines/0/due: "title" is not a datetime field of resource "work_order"`]);
    expect(lint(order, (d) => delete d.lateness)).toContain(`${list}#/columns/4/cell: resource "work_order" declares no "lateness" (its deadlines)`);
  });
});
