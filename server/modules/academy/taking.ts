import type { AnyDB, Row } from '../../engine/hooks.ts';
import { OBJECTIVE, scoreObjective, type PaperItem } from './paper.ts';

/** Seconds of grace after a paper's deadline for the last answers to arrive over a slow network. */
export const SUBMIT_GRACE_MS = 60_000;

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Hands a paper in: objective questions scored now, short answers left for a grader (待判分);
 * a paper without any is done at once. Answers given are those already saved in `paper`.
 */
export async function finishRecord(trx: AnyDB, record: Row, paper: PaperItem[], at: number): Promise<Row> {
  for (const item of paper) if (OBJECTIVE.has(item.type)) item.got = scoreObjective(item, item.given);
  const objective = round(paper.filter((p) => OBJECTIVE.has(p.type)).reduce((s, p) => s + (p.got ?? 0), 0));
  const hasEssay = paper.some((p) => !OBJECTIVE.has(p.type));
  const exam = await trx.selectFrom('exam').select('pass_score').where('id', '=', record.exam_id as number).executeTakeFirstOrThrow();
  const changes: Row = {
    paper: JSON.stringify(paper),
    submitted_at: Math.min(at, Number(record.deadline_at) + SUBMIT_GRACE_MS),
    objective_score: objective,
    status: hasEssay ? 'to_grade' : 'done',
    score: hasEssay ? null : objective,
    passed: hasEssay ? null : objective >= Number(exam.pass_score) ? 1 : 0,
    updated_at: Date.now(),
  };
  await trx.updateTable('exam_record').set(changes).where('id', '=', record.id as number).where('status', '=', 'doing').execute();
  return { ...record, ...changes };
}

/** Hands in every paper of these whose time ran out (with the answers saved before it did). */
export async function closeExpired(trx: AnyDB, where: { staffId?: number; examId?: number }, now: number): Promise<void> {
  let q = trx.selectFrom('exam_record').selectAll().where('status', '=', 'doing').where('deadline_at', '<', now - SUBMIT_GRACE_MS);
  if (where.staffId) q = q.where('staff_id', '=', where.staffId);
  if (where.examId) q = q.where('exam_id', '=', where.examId);
  for (const record of await q.execute()) await finishRecord(trx, record, JSON.parse(String(record.paper)) as PaperItem[], now);
}
