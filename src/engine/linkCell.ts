import type { CellLink } from '../shared/schemaTypes.ts';

/** What a link cell holds: the text shown and the address it opens (none when the row names no record). */
export interface LinkValue {
  text: unknown;
  href: string | null;
}

/** The address of a link cell's page for a row: ":id" filled with the id, or the id as the query parameter `param`. */
export function linkHref(link: CellLink, row: Record<string, unknown>): string | null {
  const id = row[link.by ?? 'id'];
  if (id === null || id === undefined || id === '') return null;
  const value = encodeURIComponent(String(id));
  return link.to.includes(':id') ? link.to.replace(':id', value) : `${link.to}?${link.param ?? 'id'}=${value}`;
}

export const isLinkValue = (value: unknown): value is LinkValue => typeof value === 'object' && value !== null && 'href' in value && 'text' in value;
