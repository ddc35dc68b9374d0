import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';

/**
 * Lists count at most this many matching rows: counting a million rows costs far more than
 * the page itself, and nobody pages that far. Past it the answer says `totalCapped: true`
 * with `total` = COUNT_CAP, and the pagers show "10000+ 条".
 */
export const COUNT_CAP = 10_000;

export interface CappedTotal {
  total: number;
  /** Present (true) when more than COUNT_CAP rows match. */
  totalCapped?: true;
}

/** How many rows a query finds, up to COUNT_CAP, whatever it selects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's query, counted the same way
export async function cappedCount(db: Kysely<any>, query: SelectQueryBuilder<any, any, any>): Promise<CappedTotal> {
  const rows = query.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1);
  const { n } = (await db.selectFrom(rows.as('capped')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as { n: number };
  return Number(n) > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: Number(n) };
}
