import { describe, expect, it } from 'vitest';
import { calendarProblems, calendarRowProblems } from '../../server/engine/calendarCheck.ts';
import type { CalendarPage, ResourceDef } from '../../src/shared/schemaTypes.ts';

// The schema lint's checks of a calendar page over its resource and its rows' resource, over small
// in-memory schemas (issue 43: the mutation run's tests for server/engine/calendarCheck.ts;
// schema-lint-calendar.test.ts lints corrupted copies of the real pages).
const meeting = {
  name: 'meeting',
  scope: 'project',
  permissions: {},
  maxPageSize: 1000,
  fields: {
    title: { type: 'string' },
    start_at: { type: 'datetime', filter: 'range' },
    day: { type: 'string', filter: 'range' },
    end_at: { type: 'datetime', filter: 'eq' },
    seats: { type: 'integer', filter: 'range' },
    kind: { type: 'string', enum: { board: { text: '董事会' }, team: { text: '部门会' } } },
    state: { type: 'string' },
    room_id: { type: 'integer', ref: 'room' },
    organizer_id: { type: 'integer', ref: 'staff' },
    floor: { type: 'string' },
  },
  workflow: { field: 'state', states: { booked: {}, held: {} } },
} as unknown as ResourceDef;
const shown = (field: string) => field in meeting.fields;
const page = (more: object = {}) => ({ kind: 'calendar', resource: 'meeting', dateField: 'start_at', labelField: 'title', ...more }) as unknown as CalendarPage;
const problems = (more: object = {}, resource: object = {}) => calendarProblems(page(more), { ...meeting, ...resource } as ResourceDef, shown);

describe("a calendar page's dates, labels and colours", () => {
  it('range-filtered date fields, shown labels, a state or enum field with its colours: no problem', () => {
    expect(problems()).toEqual([]);
    expect(problems({ endField: 'day', subField: 'floor', colorField: 'state' })).toEqual([]);
    expect(problems({ colorField: 'state', colors: { booked: { text: '已订' } } })).toEqual([]);
    expect(problems({ colorField: 'kind', colors: { board: { text: '董事会' }, team: { text: '部门会' } } })).toEqual([]);
  });

  it('a date that is no date field, or not filtered by range', () => {
    const notDate = (key: string, field: string) => [`/${key}`, `"${field}" is not a date field of resource "meeting" (a "datetime", or a string of "2026-12-01")`];
    const notRange = (key: string, field: string) => [`/${key}`, `resource "meeting" does not filter "${field}" by range, so the calendar cannot ask for the days in view; give the field "filter": "range"`];
    expect(problems({ dateField: 'nothing', endField: 'seats' })).toEqual([notDate('dateField', 'nothing'), notDate('endField', 'seats')]);
    expect(problems({ dateField: 'end_at', endField: 'title' })).toEqual([notRange('dateField', 'end_at'), notRange('endField', 'title')]);
  });

  it('a label or second line the list does not answer', () => {
    expect(problems({ labelField: 'nothing', subField: 'none' })).toEqual([
      ['/labelField', '"nothing" is not a field of resource "meeting"'],
      ['/subField', '"none" is not a field of resource "meeting"'],
    ]);
  });

  it('a colour field that is neither the workflow field nor an enum field', () => {
    expect(problems({ colorField: 'title' })).toEqual([['/colorField', '"title" is neither the workflow field nor an enum field of resource "meeting"']]);
    expect(problems({ colorField: 'state' }, { workflow: undefined })).toEqual([['/colorField', '"state" is neither the workflow field nor an enum field of resource "meeting"']]);
    expect(problems({ colorField: 'nothing', colors: { a: { text: 'A' } } })).toEqual([['/colorField', '"nothing" is neither the workflow field nor an enum field of resource "meeting"']]);
  });

  it('colours without a colour field, once', () => {
    expect(problems({ colors: { booked: { text: '已订' } } })).toEqual([['/colors', 'colours need "colorField", the field whose values they colour']]);
  });

  it('colours of values the field does not have', () => {
    expect(problems({ colorField: 'state', colors: { booked: { text: '已订' }, late: { text: '迟' } } })).toEqual([['/colors/late', '"late" is not a value of "state"; use one of booked, held']]);
    expect(problems({ colorField: 'kind', colors: { board: { text: '董事会' }, held: { text: '已开' } } })).toEqual([['/colors/held', '"held" is not a value of "kind"; use one of board, team']]);
  });

  it('an enum colour field without colours needs them; the workflow field has its states\' own', () => {
    expect(problems({ colorField: 'kind' })).toEqual([['/colors', 'give the text and colour of each value of the enum field "kind" (board, team)']]);
    expect(problems({ colorField: 'kind' }, { workflow: undefined })).toEqual([['/colors', 'give the text and colour of each value of the enum field "kind" (board, team)']]);
    expect(problems({}, { workflow: undefined })).toEqual([]);
  });

  it('a resource that answers fewer rows than a view asks for', () => {
    expect(problems({}, { maxPageSize: 999 })).toEqual([['/resource', 'resource "meeting" answers at most 999 rows at once and a calendar view asks for up to 1000; raise its "maxPageSize"']]);
    expect(problems({}, { maxPageSize: undefined })).toEqual([['/resource', 'resource "meeting" answers at most 200 rows at once and a calendar view asks for up to 1000; raise its "maxPageSize"']]);
  });
});

const room = {
  name: 'room',
  scope: 'project',
  permissions: {},
  maxPageSize: 200,
  fields: { name: { type: 'string' }, floor: { type: 'string', filter: 'eq' }, seats: { type: 'integer' } },
} as unknown as ResourceDef;
const shared = { ...room, name: 'shared_room', scope: 'global' } as unknown as ResourceDef;
const resourceOf = (name: string) => ({ room, shared_room: shared } as Record<string, ResourceDef>)[name];
const rows = (more: object = {}) => ({ field: 'room_id', resource: 'room', labelField: 'name', ...more });
const rowProblems = (more: object = {}, pageMore: object = {}, resource: object = {}) =>
  calendarRowProblems(page({ rows: rows(more), filters: { floor: {}, title: {}, seats: {}, project_id: {} }, ...pageMore }), { ...meeting, ...resource } as ResourceDef, resourceOf);

describe("a calendar page's rows and day view", () => {
  it('rows of a resource the records refer to, its fields, filters it has, copied fields and hours: no problem', () => {
    expect(rowProblems({ subField: 'seats', filters: ['floor', 'project_id'], copy: { floor: 'floor', project_id: 'project_id' }, hours: [0, 24] }, { views: ['day'], slot: { form: '/f' } })).toEqual([]);
    expect(rowProblems({ hours: [7, 8] })).toEqual([]);
  });

  it('no rows: neither a day view nor empty slots', () => {
    expect(calendarRowProblems(page(), meeting, resourceOf)).toEqual([]);
    expect(calendarRowProblems(page({ views: ['month', 'week'] }), meeting, resourceOf)).toEqual([]);
    expect(calendarRowProblems(page({ views: ['month', 'day'], slot: { form: '/f' } }), meeting, resourceOf)).toEqual([
      ['/views', 'the day view shows hours across rows; declare "rows" (the resource whose records are the rows)'],
      ['/slot', 'an empty slot is an hour of a row; declare "rows"'],
    ]);
  });

  it('rows of a resource no schema declares, and nothing else said', () => {
    expect(rowProblems({ resource: 'no_such', field: 'title', hours: [9, 1] })).toEqual([['/rows/resource', 'no resource "no_such"']]);
  });

  it("a records' field that does not refer to the rows' resource", () => {
    expect(rowProblems({ field: 'organizer_id' })).toEqual([['/rows/field', '"organizer_id" is not a field of resource "meeting" referring to "room"']]);
    expect(rowProblems({ field: 'nothing' })).toEqual([['/rows/field', '"nothing" is not a field of resource "meeting" referring to "room"']]);
  });

  it("headings the rows' resource lacks", () => {
    expect(rowProblems({ labelField: 'title', subField: 'state' })).toEqual([
      ['/rows/labelField', '"title" is not a field of resource "room"'],
      ['/rows/subField', '"state" is not a field of resource "room"'],
    ]);
  });

  it("shared filters that are not the page's, or that the rows' resource does not filter by", () => {
    expect(rowProblems({ filters: ['state', 'title', 'seats'] })).toEqual([
      ['/rows/filters', '"state" is not one of the page\'s filters'],
      ['/rows/filters', 'resource "room" does not filter by "title"'],
      ['/rows/filters', 'resource "room" does not filter by "seats"'],
    ]);
    expect(rowProblems({ filters: ['floor'] }, { filters: undefined })).toEqual([['/rows/filters', '"floor" is not one of the page\'s filters']]);
    expect(rowProblems({ resource: 'shared_room', field: 'room_id', filters: ['project_id'] }, {}, { fields: { ...meeting.fields, room_id: { type: 'integer', ref: 'shared_room' } } })).toEqual([
      ['/rows/filters', 'resource "shared_room" does not filter by "project_id"'],
    ]);
  });

  it('copied fields either side lacks, the project only where the resource has one', () => {
    expect(rowProblems({ copy: { nothing: 'floor', title: 'none' } })).toEqual([
      ['/rows/copy/nothing', '"nothing" is not a field of resource "meeting"'],
      ['/rows/copy/title', '"none" is not a field of resource "room"'],
    ]);
    expect(rowProblems({ copy: { project_id: 'project_id' } }, {}, { scope: 'global' })).toEqual([['/rows/copy/project_id', '"project_id" is not a field of resource "meeting"']]);
    expect(rowProblems({ resource: 'shared_room', copy: { floor: 'project_id' } }, {}, { fields: { ...meeting.fields, room_id: { type: 'integer', ref: 'shared_room' } } })).toEqual([
      ['/rows/copy/floor', '"project_id" is not a field of resource "shared_room"'],
    ]);
  });

  it('hours that are not whole hours of a day, the first before the last', () => {
    for (const hours of [[-1, 20], [8, 25], [8, 8], [9, 8], [7.5, 20], [8, 20.5]]) {
      expect(rowProblems({ hours })).toEqual([['/rows/hours', `hours are whole hours from 0 to 24, the first before the last (${hours[0]}, ${hours[1]})`]]);
    }
  });

  it("a rows' resource that answers fewer records than the calendar asks for", () => {
    expect(rowProblems({ resource: 'shared_room' }, {}, { fields: { ...meeting.fields, room_id: { type: 'integer', ref: 'shared_room' } } })).toEqual([]);
    const small = { ...room, maxPageSize: 199 } as ResourceDef;
    expect(calendarRowProblems(page({ rows: rows() }), meeting, () => small)).toEqual([
      ['/rows/resource', 'resource "room" answers at most 199 rows at once and the calendar asks for up to 200 rows; raise its "maxPageSize"'],
    ]);
  });
});
