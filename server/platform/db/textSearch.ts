import type { Expression, SqlBool } from 'kysely';
import { containsText } from './dialect.ts';

/** `column` contains `text` (case-insensitively, LIKE's wildcards matching themselves): the dialect seam's containsText. */
export function contains(column: string, text: string): Expression<SqlBool> {
  return containsText(column, text);
}
