import type { AnyDB } from '../../engine/hooks.ts';

/** The days after a result is given within which the staff member may appeal it once. */
export const APPEAL_DAYS = 7;

/** A score of 0–100 rounded as sheets show it. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A sheet's final score: the weighted total of its team scores (the sheet's computed team_total)
 * less the points of executed accountability cases charged to it (its computed deduction), never below 0.
 */
export async function teamTotal(trx: AnyDB, sheetId: number): Promise<number> {
  const rows = (await trx.selectFrom('perf_score').select(['score', 'weight_share']).where('sheet_id', '=', sheetId).execute()) as { score: number; weight_share: number }[];
  const cases = (await trx.selectFrom('accountability_case').select('final_points').where('sheet_id', '=', sheetId).where('status', '=', 'executed').execute()) as { final_points: number | null }[];
  const deduction = cases.reduce((sum, c) => sum + Number(c.final_points ?? 0), 0);
  return Math.max(0, round2(rows.reduce((sum, r) => sum + Number(r.score ?? 0) * Number(r.weight_share), 0) - deduction));
}

/** Fixes a resolved sheet's final score and grade again (a deduction charged after its result). */
export async function regrade(trx: AnyDB, sheetId: number): Promise<void> {
  const total = await teamTotal(trx, sheetId);
  const { grade, coefficient } = await gradeOf(trx, total);
  await trx.updateTable('perf_sheet').set({ final_score: total, grade, coefficient }).where('id', '=', sheetId).execute();
}

/** The grade band a total falls in: the highest band whose minimum it reaches. */
export async function gradeOf(trx: AnyDB, total: number): Promise<{ grade: string | null; coefficient: number | null }> {
  const band = (await trx.selectFrom('perf_grade').select(['grade', 'coefficient']).where('min_score', '<=', total).orderBy('min_score', 'desc').executeTakeFirst()) as
    | { grade: string; coefficient: number }
    | undefined;
  return { grade: band?.grade ?? null, coefficient: band?.coefficient ?? null };
}

/** The indicators of a sheet still without a score of the given kind, by name. */
export async function unscored(trx: AnyDB, sheetId: number, column: 'self_score' | 'score'): Promise<string[]> {
  const rows = await trx.selectFrom('perf_score').select('indicator').where('sheet_id', '=', sheetId).where(column, 'is', null).orderBy('sort').execute();
  return rows.map((r) => String(r.indicator));
}
