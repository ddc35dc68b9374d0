import { describe, expect, it } from 'vitest';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';
import { calendarDays, dayKey, itemDays } from '../../src/shared/calendar.ts';

/** The lint's checks of calendar pages, on corrupted copies of schemas/, and the days a calendar shows. */
const PAGE = 'templates/pages/execution-manager-calendar.json';

const corrupted = lintsCorrupted();

describe('schema lint: calendar pages', () => {
  it('refuses dates that are not range-filtered date fields and labels the list lacks', () => {
    const errors = corrupted(PAGE, (doc) => {
      doc.dateField = 'title';
      doc.endField = 'plan_end';
      doc.labelField = 'nothing';
      doc.open.to = '/no-such-screen/:id';
    });
    expect(errors).toEqual([
      `${PAGE}#/dateField: resource "work_task" does not filter "title" by range, so the calendar cannot ask for the days in view; give the field "filter": "range"`,
      `${PAGE}#/endField: resource "work_task" does not filter "plan_end" by range, so the calendar cannot ask for the days in view; give the field "filter": "range"`,
      `${PAGE}#/labelField: "nothing" is not a field of resource "work_task"`,
      `${PAGE}#/open/to: no screen has the route "/no-such-screen/:id"; add its page schema or fix the path`,
    ]);
    expect(corrupted(PAGE, (doc) => (doc.dateField = 'result'))).toEqual([`${PAGE}#/dateField: "result" is not a date field of resource "work_task" (a "datetime", or a string of "2026-12-01")`]);
  });

  it('holds colours to the values of a state or enum field', () => {
    expect(corrupted(PAGE, (doc) => (doc.colorField = 'title'))).toEqual([`${PAGE}#/colorField: "title" is neither the workflow field nor an enum field of resource "work_task"`]);
    expect(corrupted(PAGE, (doc) => (doc.colorField = 'source'))).toEqual([`${PAGE}#/colors: give the text and colour of each value of the enum field "source" (plan, manual)`]);
    expect(corrupted(PAGE, (doc) => (doc.colors = { done: { text: '已完成', color: 'green' }, late: { text: '迟到' } }))).toEqual([`${PAGE}#/colors/late: "late" is not a value of "status"; use one of pending, processing, suspended, overdue, done, accepted, closed`]);
  });

  it('needs a resource that answers a whole view at once, and a known view', () => {
    expect(corrupted('templates/resources/work_task.json', (doc) => (doc.maxPageSize = 200))).toEqual([
      `${PAGE}#/resource: resource "work_task" answers at most 200 rows at once and a calendar view asks for up to 1000; raise its "maxPageSize"`,
    ]);
    expect(corrupted(PAGE, (doc) => (doc.views = ['year'])).some((e) => e.startsWith(`${PAGE}#/views/0`))).toBe(true);
  });

  const ROOMS = 'meetings/pages/meetingManagement-roomSchedule.json';
  it('holds rows to a resource the records refer to, its fields and the page\'s filters', () => {
    expect(
      corrupted(ROOMS, (doc) => {
        doc.rows.field = 'organizer_id';
        doc.rows.labelField = 'nothing';
        doc.rows.filters = ['status'];
        doc.rows.copy = { project_id: 'floorplan' };
        doc.rows.hours = [20, 8];
      }),
    ).toEqual([
      `${ROOMS}#/rows/field: "organizer_id" is not a field of resource "meeting" referring to "meeting_room"`,
      `${ROOMS}#/rows/labelField: "nothing" is not a field of resource "meeting_room"`,
      `${ROOMS}#/rows/filters: "status" is not one of the page's filters`,
      `${ROOMS}#/rows/copy/project_id: "floorplan" is not a field of resource "meeting_room"`,
      `${ROOMS}#/rows/hours: hours are whole hours from 0 to 24, the first before the last (20, 8)`,
    ]);
  });

  it('needs rows for the day view and empty slots, a known rows resource and a form for the slot', () => {
    expect(corrupted(ROOMS, (doc) => (doc.rows.resource = 'no_such'))).toEqual([`${ROOMS}#/rows/resource: no resource "no_such"`]);
    expect(corrupted(ROOMS, (doc) => (doc.slot.form = '/meetingManagement/meetingList'))).toEqual([`${ROOMS}#/slot/form: "/meetingManagement/meetingList" is not the route of a form page`]);
    expect(
      corrupted(ROOMS, (doc) => {
        delete doc.rows;
      }),
    ).toEqual([
      `${ROOMS}#/views: the day view shows hours across rows; declare "rows" (the resource whose records are the rows)`,
      `${ROOMS}#/slot: an empty slot is an hour of a row; declare "rows"`,
    ]);
  });
});

describe('calendar days', () => {
  it('shows whole weeks from Monday around a month, and one week', () => {
    expect(calendarDays('day', '2026-11-15')).toEqual(['2026-11-15']);
    const month = calendarDays('month', '2026-11-15');
    expect(month[0]).toBe('2026-10-26');
    expect(month.at(-1)).toBe('2026-12-06');
    expect(month.length % 7).toBe(0);
    expect(calendarDays('week', '2026-11-29')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });

  it('draws a record on its days within the view', () => {
    expect(dayKey(new Date(2026, 10, 3, 9).getTime())).toBe('2026-11-03');
    expect(dayKey('2026-1-5 08:00')).toBe('2026-01-05');
    expect(dayKey(null)).toBeNull();
    expect(itemDays('2026-11-28', '2026-12-02', '2026-11-23', '2026-11-29')).toEqual(['2026-11-28', '2026-11-29']);
    expect(itemDays(new Date(2026, 10, 24, 9).getTime(), undefined, '2026-11-23', '2026-11-29')).toEqual(['2026-11-24']);
    expect(itemDays('bad', undefined, '2026-11-23', '2026-11-29')).toEqual([]);
  });
});
