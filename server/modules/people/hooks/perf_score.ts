import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest, forbidden } from '../../../platform/http/envelope.ts';
import { evaluates, visibleSheets } from '../sheetAccess.ts';

/** A score below this share of the indicator's full marks needs the scorer's reason. */
const COMMENT_BELOW = 0.6;

/**
 * Indicator scores: read with their sheet; the staff member writes their own self-scores while
 * the sheet awaits self-assessment, the evaluating team the scores while it awaits evaluation
 * (or an appeal), each within the indicator's full marks, a low score with its reason.
 */
export const perfScoreHooks: ResourceHooks = {
  visibleRows: ({ db, staff, projects }) => (eb) => eb('perf_score.sheet_id', 'in', db.selectFrom('perf_sheet').select('perf_sheet.id').where(visibleSheets(db, staff, projects))),

  async beforeSave({ trx, staff, values, current }) {
    if (!current) throw badRequest('考核指标由生成考核表时带出，不能单独新增');
    const sheet = (await trx.selectFrom('perf_sheet').select(['staff_id', 'status', 'team_id']).where('id', '=', current.sheet_id as number).executeTakeFirstOrThrow()) as Row;
    const title = `「${String(current.indicator)}」`;
    const max = Number(current.max_score);
    const inRange = (v: unknown) => v === null || v === undefined || (Number(v) >= 0 && Number(v) <= max);
    if ('self_score' in values) {
      if (sheet.status !== 'self' || sheet.staff_id !== staff.id) throw forbidden('只有被考核人本人可以在待自评时填写自评分');
      if (!inRange(values.self_score)) throw badRequest(`${title}的得分须在 0 到 ${max} 之间`);
    }
    if ('score' in values || 'comment' in values) {
      if (!staff.buttons.has('perfSheet:score') || !(await evaluates(trx, staff, sheet.team_id))) throw forbidden('只有该考核表所属评议小组的成员可以评分');
      if (sheet.status !== 'team' && sheet.status !== 'appeal') throw badRequest('考核表当前不在评议阶段，不能评分');
      const score = 'score' in values ? values.score : current.score;
      if (!inRange(score)) throw badRequest(`${title}的得分须在 0 到 ${max} 之间`);
      const comment = String(('comment' in values ? values.comment : current.comment) ?? '').trim();
      if (score !== null && score !== undefined && Number(score) < max * COMMENT_BELOW && !comment) throw badRequest(`${title}得分低于满分的 60%，请填写评分说明`);
      values.scorer_id = staff.id;
    }
  },
};
