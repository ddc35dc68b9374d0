import type { SeedContext } from '../../engine/module.ts';

/** The demo's mailbox letters that name their writer (not the anonymous ones) belong to that owner in the app. */
export async function seedOwnerLetters(ctx: SeedContext): Promise<void> {
  const db = ctx.trx;
  const letters = await db
    .selectFrom('community_letter as l')
    .innerJoin('customer as c', (join) => join.onRef('c.mobile', '=', 'l.writer_mobile').onRef('c.house_id', '=', 'l.house_id'))
    .select(['l.id as letter_id', 'c.id as customer_id'])
    .where('l.anonymous', '=', 0)
    .execute();
  if (letters.length) await db.insertInto('owner_letter').values(letters as { letter_id: number; customer_id: number }[]).execute();
}
