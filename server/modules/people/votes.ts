import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import type { StaffContext } from '../../platform/types.ts';
import { writeTimeline } from '../../engine/resources/workflow.ts';
import { conflict } from '../../platform/http/envelope.ts';

/**
 * The evaluation team's vote on a regional or group resolution (design 7.1 perf_resolution
 * votes, G1): the resolver puts a proposed decision to the team responsible for the case's
 * project; each member (leader included) votes once within the team's time limit; the team's
 * declared rule decides. The result is settled as soon as it can no longer change, or at the
 * deadline with the votes cast: passed, the proposal is the resolution; not passed, the case
 * goes back to its level for a new proposal (the next round).
 */

export type VoteLevel = 'region' | 'group';
const VOTING: Record<VoteLevel, string> = { region: 'region_vote', group: 'group_vote' };
const LEVEL_NAME: Record<VoteLevel, string> = { region: '区域', group: '集团' };
const RULE_TEXT: Record<string, string> = { majority: '过半数同意', two_thirds: '三分之二以上同意', unanimous: '全体同意' };
export const VOTING_STATES = Object.values(VOTING);

/** Agreeing votes a rule needs out of `n` voters. */
export function needed(rule: string, n: number): number {
  if (rule === 'unanimous') return n;
  if (rule === 'two_thirds') return Math.ceil((2 * n) / 3);
  return Math.floor(n / 2) + 1;
}

/** The team's voters: its leader and members, each once. */
export async function votersOf(db: AnyDB, teamId: number): Promise<number[]> {
  const team = await db.selectFrom('perf_team').select('leader_id').where('id', '=', teamId).executeTakeFirstOrThrow();
  const members = await db.selectFrom('perf_team_member').select('staff_id').where('team_id', '=', teamId).execute();
  return [...new Set([team.leader_id as number, ...members.map((m) => m.staff_id as number)])];
}

/** The enabled team of the level responsible for a project: its region's (or a joint team's taking part in it), or the group's. */
export async function teamFor(db: AnyDB, level: VoteLevel, projectId: number): Promise<Row> {
  let q = db.selectFrom('perf_team').selectAll().where('enabled', '=', 1).where('level', '=', level);
  if (level === 'region') {
    const project = await db.selectFrom('org').select('parent_id').where('id', '=', projectId).executeTakeFirst();
    q = q.where((eb) => eb.or([eb('org_id', '=', (project?.parent_id as number | null) ?? -1), eb('id', 'in', eb.selectFrom('perf_team_org').select('team_id').where('org_id', '=', projectId))]));
  }
  const team = (await q.orderBy('id').executeTakeFirst()) as Row | undefined;
  if (!team) throw conflict(`没有负责该项目的${LEVEL_NAME[level]}评议小组，请先在评议小组中设置`);
  return team;
}

/** Opens a round of voting on the proposal just entered (the case is already in its voting state). */
export async function openVote(db: AnyDB, caseRow: Row, level: VoteLevel, now: number): Promise<void> {
  const team = await teamFor(db, level, caseRow.project_id as number);
  await db
    .updateTable('accountability_case')
    .set({ vote_team_id: team.id as number, vote_round: Number(caseRow.vote_round ?? 0) + 1, vote_deadline: now + Number(team.vote_hours) * 3_600_000, vote_tally: null })
    .where('id', '=', caseRow.id as number)
    .execute();
}

/** Counts the current round and settles it once it is decided (or `final`, at the deadline). */
export async function settle(db: AnyDB, caseId: number, final: boolean, staff: StaffContext | null): Promise<void> {
  const c = (await db.selectFrom('accountability_case').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow()) as Row;
  const level = (Object.keys(VOTING) as VoteLevel[]).find((l) => VOTING[l] === c.status);
  if (!level) return;
  const team = (await db.selectFrom('perf_team').select(['vote_rule']).where('id', '=', c.vote_team_id as number).executeTakeFirstOrThrow()) as Row;
  const voters = await votersOf(db, c.vote_team_id as number);
  const votes = await db.selectFrom('case_vote').select(['staff_id', 'choice']).where('case_id', '=', caseId).where('round', '=', c.vote_round as number).execute();
  const count = (choice: string) => votes.filter((v) => v.choice === choice && voters.includes(v.staff_id as number)).length;
  const [agree, against, abstain] = [count('agree'), count('against'), count('abstain')];
  const need = needed(String(team.vote_rule), voters.length);
  const open = voters.length - (agree + against + abstain);
  const passed = agree >= need;
  if (!passed && !final && agree + open >= need) return;
  const tally = `第 ${c.vote_round} 轮：同意 ${agree}、反对 ${against}、弃权 ${abstain}、未表决 ${open}（共 ${voters.length} 人，${RULE_TEXT[String(team.vote_rule)]}）${passed ? '，通过' : '，未通过'}`;
  const exempt = c.decision === 'exempt';
  const changes: Row = passed
    ? { status: 'resolved', resolved_level: level, final_points: exempt ? 0 : (c.final_points ?? c.points ?? 0), final_amount: exempt ? 0 : (c.final_amount ?? c.amount ?? 0), vote_tally: tally }
    : { status: level, vote_tally: tally };
  await db.updateTable('accountability_case').set({ ...changes, state_at: Date.now(), updated_at: Date.now() }).where('id', '=', caseId).execute();
  await writeTimeline(db, 'accountability_case', { id: caseId, action: passed ? 'votePassed' : 'voteFailed', from: String(c.status), to: String(changes.status), note: tally }, staff);
}

/** The timers' pass: rounds past their deadline are settled with the votes cast. */
export async function closeDueVotes(app: FastifyInstance, now: number): Promise<number> {
  const db = app.db as unknown as AnyDB;
  const due = await db.selectFrom('accountability_case').select('id').where('status', 'in', VOTING_STATES).where('vote_deadline', '<=', now).execute();
  for (const d of due) await db.transaction().execute((trx) => settle(trx, d.id as number, true, null));
  return due.length;
}
