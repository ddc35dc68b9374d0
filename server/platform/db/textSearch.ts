import { sql, type Expression, type SqlBool } from 'kysely';

/** LIKE's wildcards escaped, so a search word matches itself: `bill_day` finds "bill_day", `50%` finds "50%". */
const escaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `column` contains `text`. The escape character is named: SQLite has none by default, so an
 * escaped `_` or `%` would match nothing (PostgreSQL's default is the same backslash).
 */
export function contains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`%${escaped(text)}%`} escape '\\'`;
}
