import type { AnyDB } from '../../engine/hooks.ts';

/** Sign-ups that hold a place: waiting for review, passed or checked in (not refused or cancelled). */
export const HOLDING_PLACE = ['pending', 'passed', 'checked_in'];

/** The activity's 报名人数 (people, not sign-ups) and 投票人数 (owners who voted), written on it. */
export async function countActivity(trx: AnyDB, activityId: number): Promise<void> {
  const signed = (await trx
    .selectFrom('activity_signup')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('persons'), eb.val(0)).as('n'))
    .where('activity_id', '=', activityId)
    .where('status', 'in', HOLDING_PLACE)
    .executeTakeFirstOrThrow()) as { n: number };
  const voted = (await trx.selectFrom('vote_record').select((eb) => eb.fn.count<number>('customer_id').distinct().as('n')).where('activity_id', '=', activityId).executeTakeFirstOrThrow()) as { n: number };
  await trx.updateTable('activity').set({ signup_count: Number(signed.n), vote_count: Number(voted.n) }).where('id', '=', activityId).execute();
}

/** Each option's votes and share of all votes, best first (ties in the options' order). */
export async function voteResults(db: AnyDB, activity: { id: number; vote_options: unknown }): Promise<{ rank: number; title: string; votes: number; share: string }[]> {
  const options = (typeof activity.vote_options === 'string' ? JSON.parse(activity.vote_options) : (activity.vote_options ?? [])) as { title: string }[];
  const counts = (await db.selectFrom('vote_record').select(['option_index']).select((eb) => eb.fn.countAll<number>().as('n')).where('activity_id', '=', activity.id).groupBy('option_index').execute()) as { option_index: number; n: number }[];
  const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const rows = options.map((o, i) => ({ title: o.title, votes: Number(counts.find((c) => c.option_index === i)?.n ?? 0) }));
  return rows
    .map((r, i) => ({ ...r, i }))
    .sort((a, b) => b.votes - a.votes || a.i - b.i)
    .map((r, k) => ({ rank: k + 1, title: r.title, votes: r.votes, share: total ? `${((r.votes / total) * 100).toFixed(1)}%` : '0.0%' }));
}
