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

/**
 * Counts of list queries, kept while the database stands still. Counting up to COUNT_CAP rows
 * walks ten thousand index entries, several times the cost of the page itself, and the same
 * count is asked again for every page of a list and by every user with the same filter and
 * scope. A count is kept under its query's SQL and parameters at the data version it was read
 * at (server/platform/db/statements.ts: any write on this connection, a rollback, another process's
 * commit moves it on), so a count is never older than the data it describes.
 */
export class CappedCounts {
  private readonly counts = new Map<string, { version: number; counted: CappedTotal }>();

  constructor(
    /** The data version of server/platform/db/statements.ts. */
    private readonly dataVersion: () => number,
    private readonly maxEntries = 1000,
  ) {}

  /** How many rows a query finds, up to COUNT_CAP, whatever it selects. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's query, counted the same way
  async of(db: Kysely<any>, query: SelectQueryBuilder<any, any, any>): Promise<CappedTotal> {
    const rows = query.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1);
    const compiled = db.selectFrom(rows.as('capped')).select((eb) => eb.fn.countAll<number>().as('n')).compile();
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    // Read before counting: a write meanwhile leaves the entry at an older version, never a newer one.
    const version = this.dataVersion();
    const kept = this.counts.get(key);
    if (kept?.version === version) return { ...kept.counted };
    const n = Number((await db.executeQuery<{ n: number }>(compiled)).rows[0]!.n);
    const counted: CappedTotal = n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n };
    // Bounded: entries of old versions and rare filters go all at once.
    if (this.counts.size >= this.maxEntries) this.counts.clear();
    this.counts.set(key, { version, counted });
    return counted;
  }
}
