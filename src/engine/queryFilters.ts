import type { FieldMap } from '../shared/schemaTypes.ts';

/**
 * A list's filters read from its address, so a link (a landing-page figure or to-do) opens it
 * filtered to what it counted: `?status=pending,to_confirm&created_at=2026-11-28,2026-11-28`.
 * Only the page's own filter fields are read; an array field (multiple select, date range) takes
 * comma-separated values, a number field numbers. Anything else in the query is left alone.
 */
export function filtersFromQuery(fields: FieldMap | undefined, search: string | URLSearchParams): Record<string, unknown> {
  if (!fields) return {};
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const raw = query.get(key)?.trim();
    if (!raw) continue;
    if (field.type === 'array') filters[key] = raw.split(',').map((v) => v.trim()).filter(Boolean);
    else if (field.type === 'number') {
      const n = Number(raw);
      if (Number.isFinite(n)) filters[key] = n;
    } else filters[key] = raw;
  }
  return filters;
}
