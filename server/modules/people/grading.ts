import type { AnyDB } from '../../engine/hooks.ts';

/** The days after a result is given within which the staff member may appeal it once. */
export const APPEAL_DAYS = 7;

/** A score of 0–100 rounded as sheets show it. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The weighted total of a sheet's team scores (the same sum as the sheet's computed team_total). */
export async function teamTotal(trx: AnyDB, sheetId: number): Promise<number> {
  const rows = (await trx.selectFrom('perf_score').select(['score', 'weight_share']).where('sheet_id', '=', sheetId).execute()) as { score: number; weight_share: number }[];
  return round2(rows.reduce((sum, r) => sum + Number(r.score ?? 0) * Number(r.weight_share), 0));
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
