import type { CalendarPage, ResourceDef } from '../../src/shared/schemaTypes.ts';
import { maxPageSize } from '../../src/shared/endpoints.ts';
import { CALENDAR_ROW_RECORDS, CALENDAR_ROWS } from '../../src/shared/calendar.ts';

/**
 * The problems of a calendar page over its resource, as [JSON pointer, message]: its dates must be
 * date fields the list filters by range (the days in view are that range), its label fields shown
 * by the list, its colours those of a state or enum field's values.
 * `shown` says whether the list answers a field (a field, a reference's label, a computed column).
 */
export function calendarProblems(page: CalendarPage, resource: ResourceDef, shown: (field: string) => boolean): [string, string][] {
  const problems: [string, string][] = [];
  const name = resource.name;
  for (const key of ['dateField', 'endField'] as const) {
    const field = page[key];
    if (field === undefined) continue;
    const def = resource.fields[field];
    if (!def || (def.type !== 'datetime' && def.type !== 'string')) problems.push([`/${key}`, `"${field}" is not a date field of resource "${name}" (a "datetime", or a string of "2026-12-01")`]);
    else if (def.filter !== 'range') problems.push([`/${key}`, `resource "${name}" does not filter "${field}" by range, so the calendar cannot ask for the days in view; give the field "filter": "range"`]);
  }
  for (const key of ['labelField', 'subField'] as const) {
    const field = page[key];
    if (field !== undefined && !shown(field)) problems.push([`/${key}`, `"${field}" is not a field of resource "${name}"`]);
  }
  const values = colourValues(page, resource);
  if (page.colorField !== undefined && values === null) problems.push(['/colorField', `"${page.colorField}" is neither the workflow field nor an enum field of resource "${name}"`]);
  if (page.colors && page.colorField === undefined) problems.push(['/colors', 'colours need "colorField", the field whose values they colour']);
  if (values && page.colors) for (const value of Object.keys(page.colors)) if (!values.includes(value)) problems.push([`/colors/${value}`, `"${value}" is not a value of "${page.colorField}"; use one of ${values.join(', ')}`]);
  if (values && !page.colors && resource.workflow?.field !== page.colorField) problems.push(['/colors', `give the text and colour of each value of the enum field "${page.colorField}" (${values.join(', ')})`]);
  if (maxPageSize(resource) < CALENDAR_ROWS) problems.push(['/resource', `resource "${name}" answers at most ${maxPageSize(resource)} rows at once and a calendar view asks for up to ${CALENDAR_ROWS}; raise its "maxPageSize"`]);
  return problems;
}

/** The values of the colour field: the workflow's states or the field's enum; null when there is none or it is neither (colours without a field have their one message). */
function colourValues(page: CalendarPage, resource: ResourceDef): string[] | null {
  if (page.colorField === undefined) return null;
  if (resource.workflow?.field === page.colorField) return Object.keys(resource.workflow.states);
  const enumeration = resource.fields[page.colorField]?.enum;
  return enumeration ? Object.keys(enumeration) : null;
}

/**
 * The problems of a calendar page's rows (one per record of another resource) and day view: the
 * records' field must refer to the rows' resource, the rows' heading fields be its fields, the
 * shared filters be the page's filters that resource filters by, the hours a day's; the day view
 * and the empty slot's action need rows.
 */
export function calendarRowProblems(page: CalendarPage, resource: ResourceDef, resourceOf: (name: string) => ResourceDef | undefined): [string, string][] {
  const problems: [string, string][] = [];
  const rows = page.rows;
  if (!rows) {
    if (page.views?.includes('day')) problems.push(['/views', 'the day view shows hours across rows; declare "rows" (the resource whose records are the rows)']);
    if (page.slot) problems.push(['/slot', 'an empty slot is an hour of a row; declare "rows"']);
    return problems;
  }
  const rowResource = resourceOf(rows.resource);
  if (!rowResource) return [['/rows/resource', `no resource "${rows.resource}"`]];
  if (resource.fields[rows.field]?.ref !== rows.resource) problems.push(['/rows/field', `"${rows.field}" is not a field of resource "${resource.name}" referring to "${rows.resource}"`]);
  for (const key of ['labelField', 'subField'] as const) {
    const field = rows[key];
    if (field !== undefined && !(field in rowResource.fields)) problems.push([`/rows/${key}`, `"${field}" is not a field of resource "${rows.resource}"`]);
  }
  for (const name of rows.filters ?? []) {
    if (!page.filters?.[name]) problems.push(['/rows/filters', `"${name}" is not one of the page's filters`]);
    else if (!rowResource.fields[name]?.filter && !(name === 'project_id' && rowResource.scope === 'project')) problems.push(['/rows/filters', `resource "${rows.resource}" does not filter by "${name}"`]);
  }
  const has = (r: ResourceDef, field: string) => field in r.fields || (field === 'project_id' && r.scope === 'project');
  for (const [field, from] of Object.entries(rows.copy ?? {})) {
    if (!has(resource, field)) problems.push([`/rows/copy/${field}`, `"${field}" is not a field of resource "${resource.name}"`]);
    if (!has(rowResource, from)) problems.push([`/rows/copy/${field}`, `"${from}" is not a field of resource "${rows.resource}"`]);
  }
  const [from, to] = rows.hours ?? [8, 20];
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > 24 || from >= to) problems.push(['/rows/hours', `hours are whole hours from 0 to 24, the first before the last (${from}, ${to})`]);
  if (maxPageSize(rowResource) < CALENDAR_ROW_RECORDS) problems.push(['/rows/resource', `resource "${rows.resource}" answers at most ${maxPageSize(rowResource)} rows at once and the calendar asks for up to ${CALENDAR_ROW_RECORDS} rows; raise its "maxPageSize"`]);
  return problems;
}
