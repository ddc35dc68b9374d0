import type { DrillTarget } from './ReportDrill.tsx';

/**
 * A report figure's drill-down as an address of its own (a report page's `drillRoute`), and back:
 * `/executive-statistics-detail/12?groupBy=project&measure=overdue&dateRange=2026-11-01,2026-11-30`.
 * The group is the route's `:id` ("-" for the unfilled group); the report's own filters travel as
 * `f.<name>`. The server checks every value again, as it does the drawer's.
 */
const NULL_KEY = '-';
const scalar = (v: string): string | number => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);

export function drillHref(route: string, target: DrillTarget): string {
  const id = target.key === null || target.key === undefined ? NULL_KEY : String(target.key);
  const q = new URLSearchParams();
  const { dateRange, project_id, groupBy, pivotBy, filters } = target.query as { dateRange?: unknown[]; project_id?: unknown; groupBy?: string; pivotBy?: string; filters?: Record<string, unknown> };
  if (groupBy) q.set('groupBy', groupBy);
  if (target.measure) q.set('measure', target.measure);
  if (Array.isArray(dateRange) && dateRange.some((d) => d !== null && d !== undefined && d !== '')) q.set('dateRange', dateRange.map((d) => String(d ?? '')).join(','));
  if (project_id !== undefined && project_id !== null && project_id !== '') q.set('project_id', String(project_id));
  if (pivotBy && target.pivotKey !== undefined) {
    q.set('pivotBy', pivotBy);
    q.set('pivotKey', target.pivotKey === null ? NULL_KEY : String(target.pivotKey));
  }
  for (const [name, value] of Object.entries(filters ?? {})) if (value !== undefined && value !== null && value !== '') q.set(`f.${name}`, String(value));
  q.set('title', target.title);
  const search = q.toString();
  return `${route.replace(':id', encodeURIComponent(id))}${search ? `?${search}` : ''}`;
}

/** The figure an address names: the inverse of drillHref. */
export function drillTargetFrom(id: string | undefined, search: URLSearchParams, fallbackTitle: string): DrillTarget {
  const filters: Record<string, string | number> = {};
  for (const [name, value] of search.entries()) if (name.startsWith('f.') && value) filters[name.slice(2)] = scalar(value);
  const range = search.get('dateRange');
  const project = search.get('project_id');
  const pivotKey = search.get('pivotKey');
  const query: Record<string, unknown> = {
    groupBy: search.get('groupBy') || undefined,
    pivotBy: pivotKey !== null ? search.get('pivotBy') || undefined : undefined,
    dateRange: range ? range.split(',').map((d) => d || null) : undefined,
    project_id: project ? scalar(project) : undefined,
    filters: Object.keys(filters).length ? filters : undefined,
  };
  return {
    title: search.get('title') || fallbackTitle,
    query,
    key: id === undefined ? undefined : id === NULL_KEY ? null : scalar(id),
    pivotKey: pivotKey === null ? undefined : pivotKey === NULL_KEY ? null : scalar(pivotKey),
    measure: search.get('measure') || undefined,
  };
}
