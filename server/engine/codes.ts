import { serializeOn } from '../platform/db/dialect.ts';
import type { AnyDB } from './hooks.ts';

/**
 * The highest sequence among `table`'s codes that start with `prefix` (WO20261129 + 00042 → 42;
 * 0 when there is none), for the caller's insert transaction `trx`, which it then holds alone
 * until commit: transactions side by side (PostgreSQL, one instance or several) would otherwise
 * read the same last code and the second insert would break the code's unique key.
 */
export async function lastSequence(trx: AnyDB, table: string, prefix: string): Promise<number> {
  await serializeOn(trx, `${table}:code`);
  const last = (await trx.selectFrom(table).select('code').where('code', 'like', `${prefix}%`).orderBy('code', 'desc').executeTakeFirst()) as { code: string } | undefined;
  return last ? Number(last.code.slice(prefix.length)) || 0 : 0;
}

/** `prefix` + the next sequence, `digits` wide (lastSequence). */
export async function nextSequenceCode(trx: AnyDB, table: string, prefix: string, digits: number): Promise<string> {
  return `${prefix}${String((await lastSequence(trx, table, prefix)) + 1).padStart(digits, '0')}`;
}
