import { badRequest } from '../../platform/http/envelope.ts';

/** One criterion of a practical assessment: what is examined, how it is marked, and its full marks. */
export interface Criterion {
  item: string;
  standard?: string;
  max_score: number;
}

/** A score given for one criterion (the criterion's words come with it for the form; the server rewrites them). */
export interface CriterionScore {
  item: string;
  score: number;
}

export const jsonList = <T>(value: unknown): T[] => {
  const raw = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(raw) ? (raw as T[]) : [];
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The full marks of a set of criteria, refusing two criteria of one name (scores are matched by it). */
export function fullMarks(criteria: Criterion[]): number {
  const names = criteria.map((c) => c.item.trim());
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw badRequest(`考核项目「${twice}」重复`);
  return round2(criteria.reduce((sum, c) => sum + Number(c.max_score), 0));
}

/**
 * Scores of one candidate against the criteria: every criterion scored once, in order, none above
 * its full marks. Answers the scores as stored (with the criteria's own words) and the total.
 */
export function scoreSheet(criteria: Criterion[], given: CriterionScore[]): { scores: (Criterion & { score: number })[]; total: number } {
  if (given.length !== criteria.length) throw badRequest(`须为全部 ${criteria.length} 个考核项目打分`);
  const scores = criteria.map((c, i) => {
    const g = given[i]!;
    if (g.item.trim() !== c.item.trim()) throw badRequest(`第 ${i + 1} 项应为「${c.item}」，评分标准已变更，请重新打开录入`);
    if (g.score > c.max_score) throw badRequest(`「${c.item}」得分不能超过满分 ${c.max_score} 分`);
    return { item: c.item, standard: c.standard ?? '', max_score: c.max_score, score: g.score };
  });
  return { scores, total: round2(scores.reduce((sum, s) => sum + s.score, 0)) };
}
