import type { CalendarPage, ResourceDef } from '../../src/shared/schemaTypes.ts';
import { maxPageSize } from '../../src/shared/endpoints.ts';
import { CALENDAR_ROWS } from '../../src/shared/calendar.ts';

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
  if (values && page.colorField !== undefined && !page.colors && resource.workflow?.field !== page.colorField) problems.push(['/colors', `give the text and colour of each value of the enum field "${page.colorField}" (${values.join(', ')})`]);
  if (maxPageSize(resource) < CALENDAR_ROWS) problems.push(['/resource', `resource "${name}" answers at most ${maxPageSize(resource)} rows at once and a calendar view asks for up to ${CALENDAR_ROWS}; raise its "maxPageSize"`]);
  return problems;
}

/** The values of the colour field: the workflow's states or the field's enum; null when it is neither. */
function colourValues(page: CalendarPage, resource: ResourceDef): string[] | null {
  if (page.colorField === undefined) return [];
  if (resource.workflow?.field === page.colorField) return Object.keys(resource.workflow.states);
  const enumeration = resource.fields[page.colorField]?.enum;
  return enumeration ? Object.keys(enumeration) : null;
}
