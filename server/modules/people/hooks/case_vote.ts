import type { ResourceHooks } from '../../../engine/hooks.ts';
import { conflict, forbidden } from '../../../platform/http/envelope.ts';
import { settle, votersOf, VOTING_STATES } from '../votes.ts';

/**
 * A vote on an accountability resolution: only by a member of the team the case was put to,
 * once per round, before the deadline; never changed afterwards. Each vote settles the round
 * as soon as its result can no longer change.
 */
export const caseVoteHooks: ResourceHooks = {
  async beforeSave({ trx, staff, values, current }) {
    if (current) throw conflict('表决提交后不能修改');
    const c = await trx.selectFrom('accountability_case').select(['id', 'code', 'status', 'vote_team_id', 'vote_round', 'vote_deadline']).where('id', '=', values.case_id as number).executeTakeFirst();
    if (!c || !VOTING_STATES.includes(String(c.status))) throw conflict(`问责事项${c ? `「${String(c.code)}」` : ''}不在表决中`);
    if (Date.now() > Number(c.vote_deadline)) throw conflict('表决已截止');
    if (!(await votersOf(trx, c.vote_team_id as number)).includes(staff.id)) throw forbidden('您不是该评议小组成员，不能表决');
    const cast = await trx.selectFrom('case_vote').select('id').where('case_id', '=', c.id as number).where('round', '=', c.vote_round as number).where('staff_id', '=', staff.id).executeTakeFirst();
    if (cast) throw conflict('您已表决，每人每轮只能表决一次');
    values.round = c.vote_round;
    values.staff_id = staff.id;
  },
  async afterSave({ trx, staff, values }) {
    await settle(trx, values.case_id as number, false, staff);
  },
};
