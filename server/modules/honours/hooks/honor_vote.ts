import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest, conflict } from '../../../platform/http/envelope.ts';

/** Nominations that may still be voted for. */
const IN_THE_RUNNING = ['reviewed', 'approving', 'approved'];

/**
 * Votes: one per staff member per nomination, while the round is being voted on, never for
 * oneself, and no more than the round's votes per voter.
 */
export const honorVoteHooks: ResourceHooks = {
  /** Who voted is read by round managers only, for the nominations of the projects they see, and by each voter for their own votes. */
  visibleRows: ({ db, staff, projects }) => (eb) =>
    eb.or([
      eb('honor_vote.voter_id', '=', staff.id),
      eb('honor_vote.nomination_id', 'in', db.selectFrom('honor_nomination').select('honor_nomination.id').where('honor_nomination.project_id', 'in', projects.length ? projects : [0])),
    ]),

  async beforeSave({ trx, staff, values, current }) {
    if (current) throw badRequest('投票不能修改');
    const n = (await trx.selectFrom('honor_nomination').select(['round_id', 'staff_id', 'staff_name', 'status']).where('id', '=', values.nomination_id as number).executeTakeFirst()) as Row | undefined;
    if (!n) throw badRequest('提名不存在');
    const round = (await trx.selectFrom('honor_round').select(['name', 'status', 'votes_per_voter']).where('id', '=', n.round_id as number).executeTakeFirstOrThrow()) as Row;
    if (round.status !== 'voting') throw conflict(`「${String(round.name)}」当前不在投票阶段`);
    if (!IN_THE_RUNNING.includes(String(n.status))) throw conflict(`「${String(n.staff_name)}」的提名未进入评选，不能投票`);
    if (n.staff_id === staff.id) throw conflict('不能给自己投票');
    const mine = (await trx.selectFrom('honor_vote').select('nomination_id').where('voter_id', '=', staff.id).where('round_id', '=', n.round_id as number).execute()) as Row[];
    if (mine.some((v) => v.nomination_id === values.nomination_id)) throw conflict(`您已为「${String(n.staff_name)}」投过票`);
    if (mine.length >= Number(round.votes_per_voter)) throw conflict(`本轮每人最多投 ${Number(round.votes_per_voter)} 票，您的票已投完`);
    values.voter_id = staff.id;
    values.round_id = n.round_id;
  },
};
