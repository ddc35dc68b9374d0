import type { SeedContext } from '../../engine/module.ts';

type Row = Record<string, unknown>;

/** The demo's mailbox letters that name their writer (not the anonymous ones) belong to that owner in the app. */
async function seedOwnerLetters(ctx: SeedContext): Promise<void> {
  const db = ctx.trx;
  const letters = await db
    .selectFrom('community_letter as l')
    .innerJoin('customer as c', (join) => join.onRef('c.mobile', '=', 'l.writer_mobile').onRef('c.house_id', '=', 'l.house_id'))
    .select(['l.id as letter_id', 'c.id as customer_id'])
    .where('l.anonymous', '=', 0)
    .execute();
  if (letters.length) await db.insertInto('owner_letter').values(letters as { letter_id: number; customer_id: number }[]).execute();
}

/**
 * The demo's app feedback was sent by owners of its project who use the app: each is linked to
 * one (registered before it was sent, a different owner each), with their name and mobile, so the
 * owner's app lists it and the customer profile shows it.
 */
async function seedOwnerFeedback(ctx: SeedContext): Promise<void> {
  const db = ctx.trx;
  const feedback = (await db.selectFrom('app_feedback').select(['id', 'project_id', 'submitted_at']).orderBy('id').execute()) as Row[];
  const owners = (await db
    .selectFrom('customer')
    .select(['id', 'project_id', 'name', 'mobile', 'registered_at'])
    .where('app_registered', '=', 1)
    .where('house_id', 'is not', null)
    .orderBy('id')
    .execute()) as Row[];
  const used = new Set<unknown>();
  for (const f of feedback) {
    const owner = owners.find((o) => o.project_id === f.project_id && !used.has(o.id) && Number(o.registered_at ?? 0) <= Number(f.submitted_at));
    if (!owner) continue;
    used.add(owner.id);
    await db.updateTable('app_feedback').set({ customer_id: owner.id, customer_name: owner.name, contact: owner.mobile }).where('id', '=', f.id as number).execute();
  }
}

/** What the owner-side API adds to the demo: the owners behind its letters and feedback. */
export async function seedOwnerApi(ctx: SeedContext): Promise<void> {
  await seedOwnerLetters(ctx);
  await seedOwnerFeedback(ctx);
}
