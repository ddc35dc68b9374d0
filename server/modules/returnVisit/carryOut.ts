import type { AnyDB, Row } from '../../engine/hooks.ts';
import { notFound } from '../../platform/http/envelope.ts';
import { checkAnswers, storedQuestions } from './questions.ts';

export interface VisitInput {
  /** The customer answered the phone, or could not be reached. */
  outcome: 'connected' | 'unreachable';
  /** Question key → the option, options, score or text (when connected). */
  answers?: Record<string, unknown>;
  remark?: string;
}

export interface VisitResult {
  status: 'success' | 'dissatisfied' | 'unreachable';
  /** Why the customer counts as dissatisfied (the error list's reason). */
  complaints: string[];
}

/**
 * Writes one return visit's outcome inside the caller's transaction: an unreachable customer
 * (the visit goes to the error list and may be retried), or the filled questionnaire, checked
 * question by question, kept on the visit and as one answer row per question (the result lists
 * and the questionnaire's collection), and judged: any alarm option chosen or score below the
 * pass mark makes the visit 不满意, which lands in the error list too. The step is written to the
 * visit's timeline. The caller has checked who may do it and that the visit is pending.
 */
export async function recordVisit(trx: AnyDB, visit: Row, actor: { id: number; name: string }, input: VisitInput, now: number): Promise<VisitResult> {
  const attempts = Number(visit.attempts ?? 0) + 1;
  const remark = input.remark?.trim() || null;
  const common = { attempts, remark, visited_at: now, visited_by: actor.id, state_at: now, updated_at: now };
  let result: VisitResult;
  if (input.outcome === 'unreachable') {
    result = { status: 'unreachable', complaints: [] };
    await trx
      .updateTable('return_visit')
      .set({ ...common, status: 'unreachable', outcome: 'unreachable', satisfaction: null, score: null, error_reason: `电话未接通（第 ${attempts} 次回访）`, connected_pct: 0, satisfied_pct: null })
      .where('id', '=', visit.id)
      .execute();
  } else {
    const questionnaire = (await trx.selectFrom('questionnaire').select(['id', 'questions']).where('id', '=', visit.questionnaire_id).executeTakeFirst()) as Row | undefined;
    if (!questionnaire) throw notFound('回访问卷不存在或已被删除');
    const checked = checkAnswers(storedQuestions(questionnaire.questions), input.answers ?? {});
    result = { status: checked.complaints.length ? 'dissatisfied' : 'success', complaints: checked.complaints };
    await trx
      .updateTable('return_visit')
      .set({
        ...common,
        status: result.status,
        outcome: 'connected',
        satisfaction: checked.complaints.length ? 'dissatisfied' : 'satisfied',
        score: checked.score,
        answers: JSON.stringify(checked.values),
        error_reason: checked.complaints.length ? `业主不满意：${checked.complaints.join('；')}`.slice(0, 300) : null,
        connected_pct: 100,
        satisfied_pct: checked.complaints.length ? 0 : 100,
      })
      .where('id', '=', visit.id)
      .execute();
    for (const row of checked.rows) {
      await trx
        .insertInto('questionnaire_answer')
        .values({
          project_id: visit.project_id,
          visit_id: visit.id,
          questionnaire_id: questionnaire.id,
          work_order_code: visit.work_order_code,
          question_key: row.question.key,
          question_no: row.no,
          question_title: row.question.title,
          question_type: row.question.type,
          answer: row.answer,
          score: row.score,
          alarm: row.alarm ? 1 : 0,
          answered_at: now,
          visitor_name: actor.name,
          created_by: actor.id || null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await trx
      .updateTable('questionnaire')
      .set((eb) => ({ answer_count: eb(eb.fn.coalesce('answer_count', eb.val(0)), '+', 1) }))
      .where('id', '=', questionnaire.id)
      .execute();
  }
  const texts = { success: '回访成功，业主满意', dissatisfied: '业主不满意', unreachable: '电话未接通' };
  const note = [texts[result.status], result.complaints.join('；'), remark].filter(Boolean).join('。');
  await trx
    .insertInto('resource_timeline')
    .values({ resource: 'return_visit', record_id: visit.id, action: '电话回访', from_state: String(visit.status), to_state: result.status, note, staff_id: actor.id || null, staff_name: actor.name, at: now })
    .execute();
  return result;
}
